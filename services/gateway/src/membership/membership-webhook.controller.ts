import { MembershipSubjects, type MembershipWebhookResult } from '@km/contracts';
import { InvalidError, Public, RpcClient } from '@km/nest-kit';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { headerOf } from '../http/raw-reply';

/**
 * Membership's own Stripe endpoint (a second endpoint in Stripe with its own signing secret). The raw body goes to
 * the membership service byte for byte; it owns the secret and checks the signature.
 */
@ApiTags('payments')
@Controller('api/webhooks')
export class MembershipWebhookController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('stripe/membership')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Stripe subscription events (signed with the membership endpoint secret): customer.subscription.created|updated|deleted, invoice.paid, invoice.payment_failed keep each member’s status equal to Stripe’s.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 't=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<raw body>">; refused when older than 300 s.' })
  handle(@Req() req: FastifyRequest): Promise<MembershipWebhookResult> {
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw) || raw.length === 0) {
      throw new InvalidError('Stripe webhook refused: the body must be the JSON event Stripe sent, with Content-Type: application/json.');
    }
    return this.rpc.send(MembershipSubjects.handleStripeWebhook, { payload: raw.toString('base64'), signature: headerOf(req, 'stripe-signature') ?? '' });
  }
}

import { OrdersSubjects, type StripeWebhookResult } from '@km/contracts';
import { InvalidError, Public, RpcClient } from '@km/nest-kit';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';

/**
 * Stripe's webhook. The body arrives unparsed (create-gateway mounts a raw parser for this path) and goes to the
 * orders service byte for byte: orders owns the webhook secret, checks the signature and acts on the event.
 */
@ApiTags('payments')
@Controller('api/webhooks')
export class StripeWebhookController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('stripe')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Stripe events (signed). payment_intent.succeeded pays the order, payment_intent.payment_failed marks it failed, charge.refunded records a refund; other events are acknowledged and ignored.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 't=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<raw body>">; refused when older than 300 s.' })
  handle(@Req() req: Request): Promise<StripeWebhookResult> {
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw) || raw.length === 0) {
      throw new InvalidError('Stripe webhook refused: the body must be the JSON event Stripe sent, with Content-Type: application/json.');
    }
    return this.rpc.send(OrdersSubjects.handleStripeWebhook, { payload: raw.toString('base64'), signature: req.header('stripe-signature') ?? '' });
  }
}

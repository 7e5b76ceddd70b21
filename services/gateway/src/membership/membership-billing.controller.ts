import { MembershipSubjects, useCardSchema, type CardSetup, type MemberBilling, type MemberInvoice, type MemberInvoiceReceipt } from '@km/contracts/membership';
import { RpcClient } from '@km/nest-kit';
import { Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireMember, type AuthedRequest } from '../auth/guards';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiZodBody, ZodBody } from '../http/zod-body';

/** A member's own billing (ADR 0059): the card, a new one saved in the browser, invoices and receipts. Always the session's member. */
@ApiTags('membership')
@Controller('api/membership')
export class MembershipBillingController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('billing')
  @RequireMember()
  @ApiOperation({ summary: 'The card the membership is charged to, the status and, while past_due, when the grace period ends.' })
  billing(@Req() req: AuthedRequest): Promise<MemberBilling> {
    return this.rpc.send(MembershipSubjects.billing, { memberId: req.user!.memberId! }, this.config.checkoutRpcTimeoutMs);
  }

  @Post('billing/card-setup')
  @HttpCode(200)
  @RequireMember()
  @ApiOperation({ summary: '{clientSecret} of a Stripe SetupIntent on the member’s customer, for the Payment Element to save a new card with.' })
  cardSetup(@Req() req: AuthedRequest): Promise<CardSetup> {
    return this.rpc.send(MembershipSubjects.setupCard, { memberId: req.user!.memberId! }, this.config.checkoutRpcTimeoutMs);
  }

  @Post('billing/card')
  @HttpCode(200)
  @RequireMember()
  @ApiOperation({
    summary:
      'Use the card saved by this SetupIntent for the membership; while a renewal is unpaid it is retried with that card now. 404 for a setup that is not this member’s; 409 card_declined when the retry is declined.',
  })
  @ApiZodBody(useCardSchema)
  @ApiResponse({ status: 409, description: 'details.reason card_declined (the message says what the bank said) or card_setup_incomplete.' })
  useCard(@Req() req: AuthedRequest, @ZodBody(useCardSchema) body: { setupIntentId: string }): Promise<MemberBilling> {
    return this.rpc.send(MembershipSubjects.useCard, { memberId: req.user!.memberId!, setupIntentId: body.setupIntentId }, this.config.checkoutRpcTimeoutMs);
  }

  @Get('invoices')
  @RequireMember()
  @ApiOperation({ summary: 'The member’s Marketshare invoices, newest first: date, amount, status.' })
  async invoices(@Req() req: AuthedRequest): Promise<MemberInvoice[]> {
    return (await this.rpc.send(MembershipSubjects.invoices, { memberId: req.user!.memberId! }, this.config.checkoutRpcTimeoutMs)).items;
  }

  @Get('invoices/:invoiceId')
  @RequireMember()
  @ApiOperation({ summary: 'One invoice as a receipt. Another member’s invoice is 404, as an unknown one.' })
  invoice(@Req() req: AuthedRequest, @Param('invoiceId') invoiceId: string): Promise<MemberInvoiceReceipt> {
    return this.rpc.send(MembershipSubjects.invoice, { memberId: req.user!.memberId!, invoiceId }, this.config.checkoutRpcTimeoutMs);
  }
}

import {
  memberIdSchema,
  memberInvoiceSchema,
  MembershipSubjects,
  useCardMessageSchema,
  type CardSetup,
  type MemberBilling,
  type MemberInvoice,
  type MemberInvoiceReceipt,
} from '@km/contracts/membership';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BillingService } from './billing.service';

/** NATS patterns only; the gateway has already decided which member is asking (ADR 0059). */
@Controller()
export class BillingHandlers {
  constructor(private readonly billing: BillingService) {}

  @MessagePattern(MembershipSubjects.billing)
  get(@Payload() payload: unknown): Promise<MemberBilling> {
    return this.billing.billing(parseOrThrow(memberIdSchema, payload).memberId);
  }

  @MessagePattern(MembershipSubjects.setupCard)
  setupCard(@Payload() payload: unknown): Promise<CardSetup> {
    return this.billing.setupCard(parseOrThrow(memberIdSchema, payload).memberId);
  }

  @MessagePattern(MembershipSubjects.useCard)
  useCard(@Payload() payload: unknown): Promise<MemberBilling> {
    const { memberId, setupIntentId } = parseOrThrow(useCardMessageSchema, payload);
    return this.billing.useCard(memberId, setupIntentId);
  }

  @MessagePattern(MembershipSubjects.invoices)
  invoices(@Payload() payload: unknown): Promise<{ items: MemberInvoice[] }> {
    return this.billing.invoices(parseOrThrow(memberIdSchema, payload).memberId);
  }

  @MessagePattern(MembershipSubjects.invoice)
  invoice(@Payload() payload: unknown): Promise<MemberInvoiceReceipt> {
    const { memberId, invoiceId } = parseOrThrow(memberInvoiceSchema, payload);
    return this.billing.invoice(memberId, invoiceId);
  }
}

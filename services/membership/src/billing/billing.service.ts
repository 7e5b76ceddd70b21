import type { CardSetup, MemberBilling, MemberCard, MemberInvoice, MemberInvoiceReceipt } from '@km/contracts/membership';
import { ConflictError, NotFoundError } from '@km/nest-kit';
import { STRIPE, stripeFailure } from '@km/nest-kit/stripe';
import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { MembersRepository, type MemberRow } from '../members/members.repository';
import { LIVE_STATUSES } from '../members/members.service';
import { SOURCE, SOURCE_KEY } from '../subscriptions/stripe-metadata';
import { lockSubscription } from '../subscriptions/subscription-locks';
import { Dunning } from './dunning';

const cents = (amount: number) => (amount / 100).toFixed(2);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (v: string | { id?: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
const cardOf = (pm: Stripe.PaymentMethod | null | undefined): MemberCard | null =>
  pm?.card ? { brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year } : null;
const invoiceRow = (invoice: Stripe.Invoice): MemberInvoice => ({
  id: invoice.id!,
  number: invoice.number,
  date: iso(invoice.created),
  amount: cents(invoice.total),
  status: (invoice.status ?? 'draft') as MemberInvoice['status'],
});

/**
 * A member's own billing (ADR 0059): the card the membership is charged to and a new one saved with a SetupIntent
 * (confirmed in the browser by the Payment Element), made the subscription's default and, while past_due, the unpaid
 * invoice retried with it at once; the member's invoices and printable receipts. Everything is read from Stripe for
 * the member's own customer: an invoice of anyone else is "not found", never shown.
 */
@Injectable()
export class BillingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersRepository,
    private readonly dunning: Dunning,
    @Inject(STRIPE) private readonly stripe: Stripe,
  ) {}

  private async member(memberId: string): Promise<MemberRow> {
    const m = await this.members.byId(memberId);
    if (!m) throw new NotFoundError('member', memberId);
    return m;
  }

  async billing(memberId: string): Promise<MemberBilling> {
    const m = await this.member(memberId);
    let card: MemberCard | null;
    try {
      const sub = await this.stripe.subscriptions.retrieve(m.stripe_subscription_id, { expand: ['default_payment_method'] });
      card = cardOf(sub.default_payment_method as Stripe.PaymentMethod | null);
      if (!card) {
        const customer = await this.stripe.customers.retrieve(m.stripe_customer_id, { expand: ['invoice_settings.default_payment_method'] });
        if (!customer.deleted) card = cardOf(customer.invoice_settings.default_payment_method as Stripe.PaymentMethod | null);
      }
    } catch (error) {
      throw stripeFailure(error);
    }
    return {
      card,
      subscriptionStatus: m.subscription_status,
      graceEndsAt: m.subscription_status === 'past_due' ? (m.grace_ends_at?.toISOString() ?? null) : null,
      currentPeriodEnd: m.current_period_end?.toISOString() ?? null,
      cancelAtPeriodEnd: m.cancel_at_period_end,
    };
  }

  /** A SetupIntent on the member's customer for the Payment Element: the card is saved for the monthly charges. */
  async setupCard(memberId: string): Promise<CardSetup> {
    const m = await this.member(memberId);
    try {
      const si = await this.stripe.setupIntents.create({
        customer: m.stripe_customer_id,
        usage: 'off_session',
        metadata: { [SOURCE_KEY]: SOURCE, km_member_id: m.id },
      });
      return { clientSecret: si.client_secret! };
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  /**
   * The card the browser saved becomes the subscription's (and the customer's) default. While a renewal is unpaid it
   * is retried with that card now; the subscription's lock makes two updates at once retry the invoice once, and the
   * member gets the subscription as Stripe has it afterwards (active again ends the grace period).
   */
  async useCard(memberId: string, setupIntentId: string): Promise<MemberBilling> {
    const m = await this.member(memberId);
    if (!LIVE_STATUSES.includes(m.subscription_status))
      throw new ConflictError('membership_not_active', 'This membership has ended, so there is no card to update. You can join again.');
    let si: Stripe.SetupIntent;
    try {
      si = await this.stripe.setupIntents.retrieve(setupIntentId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') throw new NotFoundError('card setup', setupIntentId);
      throw stripeFailure(error);
    }
    // Someone else's setup is as unknown as a made-up id.
    if (idOf(si.customer) !== m.stripe_customer_id || si.metadata?.km_member_id !== m.id) throw new NotFoundError('card setup', setupIntentId);
    const pm = idOf(si.payment_method);
    if (si.status !== 'succeeded' || !pm)
      throw new ConflictError('card_setup_incomplete', 'The new card has not been saved yet. Enter the card details and try again.');
    await this.dataSource.transaction(async (manager) => {
      await lockSubscription(manager, m.stripe_subscription_id);
      let sub: Stripe.Subscription;
      try {
        await this.stripe.customers.update(
          m.stripe_customer_id,
          { invoice_settings: { default_payment_method: pm } },
          { idempotencyKey: `km-card-customer-${si.id}` },
        );
        sub = await this.stripe.subscriptions.update(
          m.stripe_subscription_id,
          { default_payment_method: pm },
          { idempotencyKey: `km-card-subscription-${si.id}` },
        );
        if (sub.status === 'past_due' || sub.status === 'unpaid') {
          const open = await this.stripe.invoices.list({ subscription: sub.id, status: 'open', limit: 10 });
          for (const invoice of open.data) await this.retry(invoice.id!, pm);
          sub = await this.stripe.subscriptions.retrieve(sub.id);
        }
      } catch (error) {
        throw error instanceof ConflictError ? error : stripeFailure(error);
      }
      await this.dunning.apply(manager, m, sub);
    });
    return this.billing(memberId);
  }

  /** Pays an open invoice with the new card; a decline is the member's to fix (409 with Stripe's words). */
  private async retry(invoiceId: string, pm: string): Promise<void> {
    try {
      await this.stripe.invoices.pay(invoiceId, { payment_method: pm }, { idempotencyKey: `km-invoice-retry-${invoiceId}-${pm}` });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        throw new ConflictError('card_declined', `${error.message} Your card was saved, but this month's payment did not go through. Try another card.`);
      throw error;
    }
  }

  async invoices(memberId: string): Promise<{ items: MemberInvoice[] }> {
    const m = await this.member(memberId);
    try {
      const list = await this.stripe.invoices.list({ customer: m.stripe_customer_id, limit: 100 });
      return { items: list.data.map(invoiceRow) };
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  async invoice(memberId: string, invoiceId: string): Promise<MemberInvoiceReceipt> {
    const m = await this.member(memberId);
    let invoice: Stripe.Invoice;
    let card: { brand: string; last4: string } | null = null;
    try {
      invoice = await this.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
      if (idOf(invoice.customer) !== m.stripe_customer_id) throw new NotFoundError('invoice', invoiceId);
      const paid = invoice.payments?.data.find((p) => p.status === 'paid');
      const piId = idOf(paid?.payment.payment_intent);
      if (piId) {
        const pi = await this.stripe.paymentIntents.retrieve(piId, { expand: ['payment_method'] });
        const pm = pi.payment_method as Stripe.PaymentMethod | null;
        if (pm?.card) card = { brand: pm.card.brand, last4: pm.card.last4 };
      }
    } catch (error) {
      if (error instanceof NotFoundError) throw error;
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') throw new NotFoundError('invoice', invoiceId);
      throw stripeFailure(error);
    }
    const line = invoice.lines.data[0];
    return {
      ...invoiceRow(invoice),
      paidAt: invoice.status_transitions.paid_at ? iso(invoice.status_transitions.paid_at) : null,
      periodStart: iso(line?.period.start ?? invoice.period_start),
      periodEnd: iso(line?.period.end ?? invoice.period_end),
      description: line?.description ?? 'Marketshare membership',
      card,
      customerName: `${m.first_name} ${m.last_name}`,
      customerEmail: m.email,
    };
  }
}

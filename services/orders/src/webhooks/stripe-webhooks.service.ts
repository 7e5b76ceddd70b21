import type { StripeWebhookRequest, StripeWebhookResult, StripeWebhookOutcome } from '@km/contracts/orders';
import { commitWithEvents, OutboxRelayRunner, SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { recordStripeEventOnce, STRIPE, verifyStripeWebhook } from '@km/nest-kit/stripe';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { OrdersConfig } from '../config';
import { OrderPaymentsService } from '../orders/order-payments.service';
import { INTENT_SOURCE, INTENT_SOURCE_KEY } from '../payments/intent-source';
import { StockReservations } from '../payments/stock-reservations';
import { chargeFacts, RefundsService } from '../refunds/refunds.service';

/**
 * Fulfilment from signed webhooks (ARCHITECTURE §5). The signature is checked on the exact bytes Stripe sent;
 * each event id is acted on once; the order's state is checked, under a lock, before anything changes.
 */
@Injectable()
export class StripeWebhooksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderPaymentsService,
    private readonly refunds: RefundsService,
    private readonly outbox: OutboxRelayRunner,
    private readonly stock: StockReservations,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  async handle({ payload, signature }: StripeWebhookRequest): Promise<StripeWebhookResult> {
    const event = verifyStripeWebhook(this.stripe, Buffer.from(payload, 'base64'), signature, this.config.stripe.webhookSecret, 'our webhook secret');
    if (event.type === 'charge.refunded') return this.handleRefund(event);
    if (event.type === 'payment_intent.canceled') return this.handleCancelled(event);
    if (event.type === 'refund.created' || event.type === 'refund.updated') {
      // Settles or fails the staff refund the refund's metadata names (ADR 0035); guarded, so a repeat changes nothing.
      const outcome = await this.refunds.fromStripe(event.data.object);
      this.logger.info({ eventId: event.id, type: event.type, refundId: event.data.object.id, outcome }, 'Stripe webhook handled');
      return { received: true, outcome };
    }
    const signal = this.orders.signalOf(event.type);
    if (!signal) return { received: true, outcome: 'ignored' };
    const intent = event.data.object as Stripe.PaymentIntent;
    const at = new Date(event.created * 1000);
    // What a success took, read from the event Stripe signed (never from the order or the browser).
    const received =
      signal === 'succeeded'
        ? { amountReceived: intent.amount_received, currency: intent.currency, cartFingerprint: intent.metadata?.cart_fingerprint ?? null }
        : null;

    const outcome = await commitWithEvents(this.dataSource, this.outbox, async (manager): Promise<StripeWebhookOutcome> => {
      const order = await this.orders.lockOrderOf(manager, intent.id);
      // Another part of the business (a membership, say) or another shop on the same account.
      if (!order && intent.metadata?.[INTENT_SOURCE_KEY] !== INTENT_SOURCE) return 'ignored';
      const columns = received ? { amount_received: received.amountReceived, currency: received.currency, cart_fingerprint: received.cartFingerprint } : {};
      if (!(await recordStripeEventOnce(manager, event, { payment_intent_id: intent.id, ...columns }))) return 'duplicate';
      // The browser has not created the order yet; creating it will apply this event.
      if (!order) return 'recorded';
      const status = await this.orders.applyPaymentSignal(
        manager,
        order,
        signal,
        at,
        received && { amountCents: received.amountReceived, currency: received.currency, cartFingerprint: received.cartFingerprint },
        typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null),
      );
      return (status as StripeWebhookOutcome | null) ?? 'unchanged';
    });
    this.logger.info({ eventId: event.id, type: event.type, paymentIntentId: intent.id, outcome }, 'Stripe webhook handled');
    if (signal === 'failed' && outcome !== 'ignored' && outcome !== 'duplicate') await this.stock.release(intent.id, 'failed');
    return { received: true, outcome };
  }

  /** A cancelled intent of this shop can never be paid: what it held goes back (ADR 0032); releasing twice is a no-op. */
  private async handleCancelled(event: Stripe.Event): Promise<StripeWebhookResult> {
    const intent = event.data.object as Stripe.PaymentIntent;
    if (intent.metadata?.[INTENT_SOURCE_KEY] !== INTENT_SOURCE) return { received: true, outcome: 'ignored' };
    await this.stock.release(intent.id, 'cancelled');
    this.logger.info({ eventId: event.id, type: event.type, paymentIntentId: intent.id }, 'Stripe webhook handled: stock released');
    return { received: true, outcome: 'ignored' };
  }

  /** A refund of a store order's charge: recorded once, then applied by the order (OrderPaymentsService.applyRefund). */
  private async handleRefund(event: Stripe.Event): Promise<StripeWebhookResult> {
    const charge = event.data.object as Stripe.Charge;
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
    if (!intentId) return { received: true, outcome: 'ignored' };
    const at = new Date(event.created * 1000);
    // Read after Stripe made this charge's refunds: our rows it counts are settled with its sum, never counted twice.
    const made = await this.refunds.madeAtStripe(intentId);
    const outcome = await commitWithEvents(this.dataSource, this.outbox, async (manager, record): Promise<StripeWebhookOutcome> => {
      const order = await this.orders.lockOrderOf(manager, intentId);
      // A membership payment, another shop's, or a payment whose order was never created: not store revenue.
      if (!order) return 'ignored';
      if (!(await recordStripeEventOnce(manager, event, { payment_intent_id: intentId, amount_refunded: charge.amount_refunded }))) return 'duplicate';
      const applied = await this.orders.applyRefund(manager, order, charge.amount_refunded, at, chargeFacts(charge));
      await this.refunds.settleMade(manager, record, order, made);
      return applied;
    });
    this.logger.info({ eventId: event.id, type: event.type, paymentIntentId: intentId, outcome }, 'Stripe webhook handled');
    return { received: true, outcome };
  }
}

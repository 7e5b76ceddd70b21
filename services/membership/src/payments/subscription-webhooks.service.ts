import type { MembershipWebhookOutcome, MembershipWebhookResult } from '@km/contracts/membership';
import { SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { recordStripeEventOnce, STRIPE, stripeFailure, verifyStripeWebhook } from '@km/nest-kit/stripe';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { MembershipConfig } from '../config';
import { JoinCompletionQueue } from '../members/join-completion-queue';
import { lockSubscription } from '../subscriptions/subscription-locks';
import { MembersRepository } from '../members/members.repository';
import { CommissionReversalsService, invoiceSubscription } from './commission-reversals.service';
import { REVERSAL_EVENTS } from '../subscriptions/stripe-metadata';
import { PayoutAccounts } from '../payouts/payout-accounts';
import { PayoutTransfers } from '../payouts/payout-transfers';
import { Dunning } from '../billing/dunning';

const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed']);

/**
 * Membership's own Stripe endpoint (its own signing secret). Stripe delivers at least once and in no set order,
 * so an event is only a wake-up: under the subscription's lock, each event id is acted on once and the member gets
 * the subscription's state as Stripe has it now. Whatever order events arrive in, the last write is Stripe's latest.
 */
@Injectable()
export class SubscriptionWebhooksService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly reversals: CommissionReversalsService,
    private readonly joinCompletion: JoinCompletionQueue,
    private readonly members: MembersRepository,
    private readonly payoutAccounts: PayoutAccounts,
    private readonly payoutTransfers: PayoutTransfers,
    private readonly dunning: Dunning,
  ) {}

  async handle({ payload, signature }: { payload: string; signature: string }): Promise<MembershipWebhookResult> {
    const event = verifyStripeWebhook(
      this.stripe,
      Buffer.from(payload, 'base64'),
      signature,
      this.config.stripe.webhookSecret,
      'the membership webhook secret',
    );
    if (REVERSAL_EVENTS.has(event.type)) {
      const outcome = await this.reversals.handle(event);
      this.logger.info({ eventId: event.id, type: event.type, outcome }, 'membership Stripe webhook handled');
      return { received: true, outcome };
    }
    if (event.type === 'account.updated' || event.type === 'transfer.reversed') {
      const outcome = await this.payouts(event);
      this.logger.info({ eventId: event.id, type: event.type, outcome }, 'membership Stripe webhook handled');
      return { received: true, outcome };
    }
    let subscriptionId: string | null = null;
    if (SUBSCRIPTION_EVENTS.has(event.type)) subscriptionId = (event.data.object as Stripe.Subscription).id;
    else if (INVOICE_EVENTS.has(event.type)) subscriptionId = invoiceSubscription(event.data.object as Stripe.Invoice);
    if (!subscriptionId) return { received: true, outcome: 'ignored' };
    const id = subscriptionId;

    const outcome = await this.dataSource.transaction(async (manager): Promise<MembershipWebhookOutcome> => {
      await lockSubscription(manager, id);
      const member = await this.members.bySubscription(id, manager);
      // Not a member (yet): joining reads the subscription from Stripe itself, so nothing is lost by not recording it.
      if (!member) return 'unknown_member';
      if (!(await recordStripeEventOnce(manager, event, { subscription_id: id }))) return 'duplicate';
      let sub: Stripe.Subscription;
      try {
        sub = await this.stripe.subscriptions.retrieve(id);
      } catch (error) {
        throw stripeFailure(error); // Stripe answers 5xx to us, we answer 503 to Stripe, and it delivers again
      }
      // Past due starts a grace period once; any other status ends it (ADR 0059).
      await this.dunning.apply(manager, member, sub);
      return 'applied';
    });
    // The grace period's mail and jobs, keyed by its start: asked again by every event (a repeat sends nothing).
    if (outcome !== 'unknown_member') {
      const member = await this.members.bySubscription(id, this.dataSource.manager);
      if (member) await this.dunning.follow(member.id);
    }
    // A paid first invoice and nobody joined yet: if the browser never comes back, membership finishes the join.
    if (outcome === 'unknown_member' && event.type === 'invoice.paid' && (event.data.object as Stripe.Invoice).billing_reason === 'subscription_create') {
      await this.joinCompletion.schedule(id);
    }
    this.logger.info({ eventId: event.id, type: event.type, subscriptionId: id, outcome }, 'membership Stripe webhook handled');
    return { received: true, outcome };
  }

  /** Connect (ADR 0048): a member's payout account changed, or Stripe took back a transfer; each event acted on once. */
  private payouts(event: Stripe.Event): Promise<MembershipWebhookOutcome> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await recordStripeEventOnce(manager, event, {}))) return 'duplicate';
      const applied =
        event.type === 'account.updated'
          ? await this.payoutAccounts.refresh(manager, event.account ?? (event.data.object as Stripe.Account).id)
          : await this.payoutTransfers.reversed(manager, event.data.object as Stripe.Transfer);
      return applied ? 'applied' : 'ignored';
    });
  }
}

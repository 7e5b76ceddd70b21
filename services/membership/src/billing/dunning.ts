import { SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { JobQueue } from '@km/nest-kit/jobs';
import { MailService } from '@km/nest-kit/mail';
import { STRIPE, stripeFailure } from '@km/nest-kit/stripe';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { MembershipConfig } from '../config';
import { cancelledForNonPaymentStaffMail, paymentFailedMail, paymentReminderMail } from '../mail/billing-mails';
import { MembersRepository, type MemberRow } from '../members/members.repository';
import { lockSubscription } from '../subscriptions/subscription-locks';
import { subscriptionState } from '../subscriptions/subscription-period';

export const DUNNING_QUEUE = 'membership-dunning';

interface DunningJob {
  memberId: string;
  /** The grace period's start (ISO): a job of an earlier grace period finds nothing to do. */
  since: string;
}

/** What a dunning step did: sent or cancelled now, or nothing (already done, paid meanwhile, or not its period). */
export type DunningOutcome = 'reminded' | 'cancelled' | 'nothing';

interface Claimed {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  stripe_subscription_id: string;
  grace_ends_at: Date;
}

/**
 * Failed payments (ADR 0059). A renewal Stripe could not charge makes the subscription `past_due`: the first time the
 * member is seen so, one guarded update starts a grace period (`DUNNING_GRACE_MS`, 7 days), and the member is mailed
 * a one-tap link to update the card; a reminder goes `DUNNING_REMINDER_BEFORE_MS` before the end, and at the end the
 * subscription is cancelled in Stripe and staff get one alert. Both later steps are BullMQ jobs keyed by member and
 * grace period, and each claims its column with a guarded update in the transaction that acts, so two workers (or a
 * job run twice) send one reminder, cancel once and alert once. Paying (the retry after the card changes) makes the
 * subscription active again, which ends the grace period and leaves the jobs nothing to do.
 */
@Injectable()
export class Dunning implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue<DunningJob>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersRepository,
    private readonly mail: MailService,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.jobs = new JobQueue<DunningJob>(DUNNING_QUEUE, config.jobs.redisUrl, logger);
  }

  onApplicationBootstrap() {
    if (!this.config.dunning.worker) return;
    this.jobs.work((job) => (job.name === 'remind' ? this.remind(job.data) : this.expire(job.data)), {
      failed: 'a dunning step failed; it is tried again',
      failedLevel: 'error',
    });
  }

  onApplicationShutdown() {
    return this.jobs.close();
  }

  /**
   * The member gets the subscription as Stripe has it now (the caller holds the subscription's lock). Past due for
   * the first time starts the grace period; any other status ends it.
   */
  async apply(manager: EntityManager, member: MemberRow, sub: Stripe.Subscription): Promise<void> {
    await this.members.setSubscriptionState(manager, member.id, subscriptionState(sub));
    if (sub.status === 'past_due') {
      await manager.query(
        // Milliseconds, as the jobs carry the start in JavaScript's precision and find the period by it.
        `UPDATE members SET past_due_since = date_trunc('milliseconds', now()), grace_ends_at = date_trunc('milliseconds', now()) + $2 * interval '1 millisecond',
           dunning_reminded_at = NULL, dunning_cancelled_at = NULL
         WHERE id = $1 AND past_due_since IS NULL`,
        [member.id, this.config.dunning.graceMs],
      );
    } else {
      await manager.query(`UPDATE members SET past_due_since = NULL, grace_ends_at = NULL WHERE id = $1 AND past_due_since IS NOT NULL`, [member.id]);
    }
  }

  /**
   * After the change committed: a member in a grace period has the failed-payment mail and the two jobs of that
   * period. All three are keyed by member and period, so every later event of the period (or a redelivery after a
   * failure here) asks again and nothing is sent or queued twice.
   */
  async follow(memberId: string): Promise<void> {
    const member = await this.members.byId(memberId);
    if (!member?.past_due_since || !member.grace_ends_at || member.subscription_status !== 'past_due') return;
    const since = member.past_due_since.toISOString();
    const key = `${member.id}-${member.past_due_since.getTime()}`;
    await this.mail.send(
      `membership-payment-failed:${key}`,
      paymentFailedMail(this.config.publicOrigin, { email: member.email, firstName: member.first_name }, member.grace_ends_at),
    );
    const end = member.grace_ends_at.getTime();
    const options = { attempts: 8, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: 1000, removeOnFail: 1000 };
    await this.jobs.queue.add(
      'remind',
      { memberId: member.id, since },
      { ...options, jobId: `remind-${key}`, delay: Math.max(0, end - this.config.dunning.reminderBeforeMs - Date.now()) },
    );
    // A moment after the end, so the guarded `grace_ends_at <= now()` holds when it runs.
    await this.jobs.queue.add('expire', { memberId: member.id, since }, { ...options, jobId: `expire-${key}`, delay: Math.max(0, end - Date.now() + 250) });
  }

  /** The reminder before the grace period ends: once per period, and only while the payment is still unpaid. */
  async remind({ memberId, since }: DunningJob): Promise<DunningOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const [[claimed]] = (await manager.query(
        `UPDATE members SET dunning_reminded_at = now()
         WHERE id = $1 AND past_due_since = $2 AND subscription_status = 'past_due' AND dunning_reminded_at IS NULL AND grace_ends_at > now()
         RETURNING id, email, first_name, last_name, stripe_subscription_id, grace_ends_at`,
        [memberId, since],
      )) as [Claimed[], number];
      if (!claimed) return 'nothing';
      // Inside the claim's transaction: if queueing the mail fails, the claim is undone and the job tries again.
      await this.mail.send(
        `membership-payment-reminder:${memberId}-${new Date(since).getTime()}`,
        paymentReminderMail(this.config.publicOrigin, { email: claimed.email, firstName: claimed.first_name }, claimed.grace_ends_at),
      );
      return 'reminded';
    });
  }

  /**
   * The end of the grace period: still unpaid, the subscription is cancelled in Stripe now (keyed by the period, so a
   * retry is the same request) and staff hear once. Run early, it throws, so BullMQ tries again later.
   */
  async expire({ memberId, since }: DunningJob): Promise<DunningOutcome> {
    const member = await this.members.byId(memberId);
    if (!member) return 'nothing';
    const outcome = await this.dataSource.transaction(async (manager): Promise<DunningOutcome | 'early'> => {
      await lockSubscription(manager, member.stripe_subscription_id);
      const [[claimed]] = (await manager.query(
        `UPDATE members SET dunning_cancelled_at = now()
         WHERE id = $1 AND past_due_since = $2 AND subscription_status = 'past_due' AND dunning_cancelled_at IS NULL AND grace_ends_at <= now()
         RETURNING id, email, first_name, last_name, stripe_subscription_id, grace_ends_at`,
        [memberId, since],
      )) as [Claimed[], number];
      if (!claimed) {
        const [early] = (await manager.query(
          `SELECT 1 FROM members WHERE id = $1 AND past_due_since = $2 AND subscription_status = 'past_due' AND dunning_cancelled_at IS NULL`,
          [memberId, since],
        )) as unknown[];
        return early ? 'early' : 'nothing';
      }
      let sub: Stripe.Subscription;
      try {
        sub = await this.stripe.subscriptions.cancel(
          claimed.stripe_subscription_id,
          { cancellation_details: { comment: 'Cancelled for non-payment: the renewal was not paid by the end of the grace period.' } },
          { idempotencyKey: `km-membership-dunning-cancel-${claimed.stripe_subscription_id}-${new Date(since).getTime()}` },
        );
      } catch (error) {
        throw stripeFailure(error);
      }
      await this.apply(manager, member, sub);
      await this.mail.send(
        `membership-cancelled-for-non-payment:${memberId}-${new Date(since).getTime()}`,
        cancelledForNonPaymentStaffMail(
          this.config.publicOrigin,
          this.config.dunning.staffEmail,
          { email: claimed.email, firstName: claimed.first_name, lastName: claimed.last_name, memberId },
          new Date(since),
        ),
      );
      return 'cancelled';
    });
    if (outcome === 'early') throw new Error(`the grace period of member ${memberId} has not ended yet`);
    if (outcome === 'cancelled') this.logger.info({ memberId }, 'membership cancelled for non-payment');
    return outcome;
  }
}

import type { JoinRequest } from '@km/contracts';
import { AppError, SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { JobQueue } from '@km/nest-kit/jobs';
import { STRIPE, stripeFailure } from '@km/nest-kit/stripe';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { MembershipConfig } from '../config';
import { SIGNUP_METADATA, SOURCE, SOURCE_KEY } from '../subscriptions/stripe-metadata';
import { MembersService } from './members.service';

export const JOIN_COMPLETION_QUEUE = 'membership-join-completion';

interface JoinCompletionJob {
  subscriptionId: string;
}

/** What finishing a join found: a member made now, one that already existed, or why nobody could be made. */
export type JoinCompletion = 'joined' | 'already_joined' | 'not_ours' | 'not_paid' | 'no_signup_details' | 'refused';

/**
 * A buyer who paid the first invoice and closed the tab before the browser called `POST /api/memberships` would pay
 * every month and be nobody's member. Stripe's `invoice.paid` for a subscription without a member queues one delayed
 * job per subscription (job id: a repeat queues nothing new); when it runs, after `JOIN_COMPLETION_DELAY_MS` (long
 * enough that the browser's own join comes first), it joins the buyer exactly as the browser would, from the form the
 * payment step put on the subscription's metadata. `MembersService.join` checks everything with Stripe and is
 * idempotent under the subscription's lock, so a join by the browser at the same moment makes one member.
 */
@Injectable()
export class JoinCompletionQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue<JoinCompletionJob>;

  constructor(
    private readonly members: MembersService,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.jobs = new JobQueue<JoinCompletionJob>(JOIN_COMPLETION_QUEUE, config.jobs.redisUrl, logger);
  }

  onApplicationBootstrap() {
    if (!this.config.joinCompletion.worker) return;
    this.jobs.work((job) => this.complete(job.data.subscriptionId), { failed: 'finishing a paid join failed; it is tried again', failedLevel: 'error' });
  }

  onApplicationShutdown() {
    return this.jobs.close();
  }

  /** After a paid first invoice with no member: finish the join later unless the browser does first. */
  async schedule(subscriptionId: string): Promise<void> {
    await this.jobs.queue.add(
      'complete-join',
      { subscriptionId },
      {
        jobId: `join-${subscriptionId}`,
        delay: this.config.joinCompletion.delayMs,
        attempts: 8,
        backoff: { type: 'exponential', delay: 30_000 },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      },
    );
  }

  /** Joins the buyer of this subscription if nobody has yet; Stripe failures throw (the job is tried again). */
  async complete(subscriptionId: string): Promise<JoinCompletion> {
    let sub: Stripe.Subscription;
    try {
      sub = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['customer'] });
    } catch (error) {
      throw stripeFailure(error);
    }
    if (sub.metadata?.[SOURCE_KEY] !== SOURCE) return 'not_ours';
    if (!['active', 'trialing', 'past_due'].includes(sub.status)) return 'not_paid';
    const customer = sub.customer as Stripe.Customer | Stripe.DeletedCustomer;
    const meta = sub.metadata;
    if (customer.deleted || !customer.email || !meta[SIGNUP_METADATA.firstName] || !meta[SIGNUP_METADATA.lastName]) return 'no_signup_details';
    // The form is the one on the subscription's metadata (join reads it there); no browser key, so nobody is signed in.
    const form = {
      firstName: meta[SIGNUP_METADATA.firstName],
      lastName: meta[SIGNUP_METADATA.lastName],
      email: customer.email,
      subscriptionId: sub.id,
      customerId: customer.id,
    };
    try {
      return await this.join(form);
    } catch (error) {
      // The code went away since the payment step (its member left): the buyer still becomes a member, unreferred.
      if (error instanceof AppError && error.code === 'invalid' && meta[SIGNUP_METADATA.referralCode]) {
        return this.join(form, { withoutReferral: true }).catch((again: unknown) => this.refused(subscriptionId, again));
      }
      return this.refused(subscriptionId, error);
    }
  }

  private async join(form: JoinRequest, options?: { withoutReferral: boolean }): Promise<JoinCompletion> {
    const joined = await this.members.join(form, options);
    this.logger.info({ subscriptionId: form.subscriptionId, memberId: joined.memberId, created: joined.created }, 'finished a paid join the browser left');
    return joined.created ? 'joined' : 'already_joined';
  }

  /** An AppError is the join's answer and final (a retry would get it again); anything else throws, so the job is retried. */
  private refused(subscriptionId: string, error: unknown): JoinCompletion {
    if (!(error instanceof AppError)) throw error;
    this.logger.warn({ subscriptionId, code: error.code, err: error.message }, 'a paid join could not be finished');
    return 'refused';
  }
}

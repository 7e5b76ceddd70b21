import type { EntityManager } from 'typeorm';

/** Namespaces of this service's advisory locks (first half of the two-key form). */
const EMAIL_LOCKS = 5101;
export const SUBSCRIPTION_LOCKS = 5102;

/**
 * Everything that changes a subscription's member, commissions or status takes this lock for the transaction (join,
 * Stripe's webhooks, cancel and resume). Taken after the email's lock where both are needed, so two joins never wait
 * on each other in a circle.
 */
export const lockSubscription = (manager: EntityManager, subscriptionId: string) =>
  manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SUBSCRIPTION_LOCKS, subscriptionId]);

/** One payment step or join per email at a time: two tabs must not make two customers, subscriptions or members. */
export const lockEmail = (manager: EntityManager, email: string) => manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [EMAIL_LOCKS, email]);

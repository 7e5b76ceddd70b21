import type { EntityManager } from 'typeorm';

/** Namespace of this service's advisory locks (the first half of the two-key form); the SQL function `place_order` is given it. */
export const PAYMENT_INTENT_LOCKS = 4201;

/**
 * Serialises, per payment intent, order creation and webhook handling until the transaction ends. Without it a
 * webhook could commit "no order yet, recorded" while the order's transaction, not seeing that record, commits a
 * pending order: a paid order left pending.
 */
export async function lockPaymentIntent(manager: EntityManager, paymentIntentId: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [PAYMENT_INTENT_LOCKS, paymentIntentId]);
}

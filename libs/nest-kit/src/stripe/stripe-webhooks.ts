import Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { InvalidError } from '../errors/app-error';

/** Stripe's own default: a signature older than this is a replay (or a badly delayed delivery) and is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The event Stripe signed, checked on the exact bytes it sent; a missing, stale or wrong signature is a 400 with a
 * message. `whoseSecret` says which endpoint's secret it failed against (each endpoint has its own).
 */
export function verifyStripeWebhook(stripe: Stripe, raw: Buffer, signature: string, secret: string, whoseSecret: string): Stripe.Event {
  if (!signature) throw new InvalidError('Stripe webhook refused: the Stripe-Signature header is missing.');
  try {
    return stripe.webhooks.constructEvent(raw, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw new InvalidError('Stripe webhook refused: the body is not a Stripe event.');
    if (/tolerance/i.test(error.message))
      throw new InvalidError(`Stripe webhook refused: the signature is more than ${SIGNATURE_TOLERANCE_SECONDS} seconds old.`);
    throw new InvalidError(`Stripe webhook refused: the Stripe-Signature header does not match the body and ${whoseSecret}.`);
  }
}

/**
 * Records a Stripe event id in the service's `stripe_events` table (primary key `event_id`) inside the caller's
 * transaction, with the service's own `columns` (fixed names, never input); false when the id is there already.
 * Stripe delivers at least once, so this insert in the same transaction as the change makes a redelivery a no-op.
 */
export async function recordStripeEventOnce(manager: EntityManager, event: Stripe.Event, columns: Record<string, unknown>): Promise<boolean> {
  const names = Object.keys(columns);
  const params = names.map((_, i) => `$${i + 4}`);
  const inserted = (await manager.query(
    `INSERT INTO stripe_events (event_id, type, stripe_created_at${names.map((n) => `, ${n}`).join('')})
     VALUES ($1, $2, to_timestamp($3)${params.map((p) => `, ${p}`).join('')})
     ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [event.id, event.type, event.created, ...Object.values(columns)],
  )) as unknown[];
  return inserted.length > 0;
}

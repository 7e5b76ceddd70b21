import { ConflictReasons, type ConflictReason } from '@km/contracts/vocabulary';
import { ApiError } from '@/lib/api-client';

/** Why a 409 happened (`details.reason`), or undefined for any other error. */
export function conflictReason(err: unknown): ConflictReason | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const reason = (err.details as { reason?: unknown } | undefined)?.reason;
  return (ConflictReasons as readonly unknown[]).includes(reason) ? (reason as ConflictReason) : undefined;
}

/** POST /api/orders answers 409 with reason `cart_changed` and the new totals when prices moved since the quote. */
export function isCartChanged(err: unknown): boolean {
  return conflictReason(err) === 'cart_changed';
}

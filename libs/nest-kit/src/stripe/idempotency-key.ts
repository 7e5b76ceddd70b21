import { createHash } from 'node:crypto';

/**
 * An Idempotency-Key that names the request it guards: `prefix` says which object and moment it is for, and a digest
 * of the parameters follows. A retry of the same request sends the same key and gets Stripe's first answer; the same
 * moment asked with other parameters (another name on the form, another reason) is a new key, where reusing one would
 * be refused by Stripe with a 400 (a key is tied to its parameters for 24 hours).
 */
export function idempotencyKey(prefix: string, params: unknown): string {
  return `${prefix}-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 32)}`;
}

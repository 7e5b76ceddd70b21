import { ORDER_NUMBER_PATTERN } from '@km/contracts';
import { randomBytes } from 'node:crypto';

/** Crockford's base32: digits and capitals without I, L, O and U, so numbers read aloud or typed stay unambiguous. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BODY_LENGTH = 8;

/**
 * A new order number: `KM-` + 8 random Crockford characters (40 bits). Uniqueness is the database's job
 * (unique constraint, retried on collision); 32 divides 256, so masking a byte to 5 bits keeps every character equally likely.
 */
export function generateOrderNumber(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(BODY_LENGTH);
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += CROCKFORD_ALPHABET[bytes[i] & 31];
  return `KM-${body}`;
}

/**
 * An order number as a person may type it: any letter case, without the dash, with O for 0 and I or L for 1
 * (Crockford's decoding rules). Returns the canonical form, or null when it cannot be one of ours.
 */
export function normalizeOrderNumber(input: string): string | null {
  const compact = input.trim().toUpperCase().replace(/[\s-]/g, '');
  if (!compact.startsWith('KM')) return null;
  const body = compact.slice(2).replace(/O/g, '0').replace(/[IL]/g, '1');
  const candidate = `KM-${body}`;
  return ORDER_NUMBER_PATTERN.test(candidate) ? candidate : null;
}

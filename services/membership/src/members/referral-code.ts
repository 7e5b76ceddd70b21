import { randomInt } from 'node:crypto';

/** Crockford base32 without I, L, O, U: nothing to confuse when a code is read aloud or retyped. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 8 random Crockford characters (40 bits); uniqueness is the database's job (a taken code is drawn again). */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CROCKFORD[randomInt(CROCKFORD.length)];
  return code;
}

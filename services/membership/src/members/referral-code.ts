import { randomInt } from 'node:crypto';

/** Crockford base32 without I, L, O, U: nothing to confuse when a code is read aloud or retyped. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 8 random Crockford characters (40 bits); uniqueness is the database's job (a taken code is drawn again). */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CROCKFORD[randomInt(CROCKFORD.length)];
  return code;
}

/** The month (YYYY-MM) whose 15th pays a commission earned at `at`: the next one (spec §9). */
export function payoutMonthFor(at: Date): { month: string; date: string } {
  const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 15));
  const month = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
  return { month, date: `${month}-15` };
}

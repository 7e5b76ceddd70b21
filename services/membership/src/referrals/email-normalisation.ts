/**
 * One mailbox, however its address is spelt (ADR 0028): a referral from `ruth@gmail.com` to
 * `r.u.t.h+2@googlemail.com` is the same person's inbox. The rules are the providers' own documented ones; any other
 * domain is only lower-cased, since a dot or a plus may mean a different mailbox there.
 */

/** Providers that ignore dots in the local part and deliver `+tag` to the base address (Gmail). */
const DOTS_AND_TAGS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/** Providers that deliver `+tag` (sub-addressing) to the base address but treat dots as part of the name. */
const TAGS_ONLY = new Set([
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'yahoo.com',
  'fastmail.com',
  'fastmail.fm',
  'proton.me',
  'protonmail.com',
  'pm.me',
]);

/** The mailbox an address reaches: lower case; dots and `+tags` removed where the provider ignores them. */
export function normalisedEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const canonical = DOTS_AND_TAGS[domain];
  // A local part that is only a tag is left whole rather than made an empty mailbox.
  if (canonical || TAGS_ONLY.has(domain)) local = local.split('+')[0] || local;
  if (canonical) {
    local = local.replaceAll('.', '');
    domain = canonical;
  }
  return `${local}@${domain}`;
}

// Connect accounts (ADR 0047): POST/GET /v1/accounts (type `express`), GET/POST /v1/accounts/:id, POST /v1/account_links,
// and the onboarding page an account link opens (GET/POST /setup/e/:account/:token, served by the emulator as
// connect.stripe.com serves it). A new express account can receive nothing: `requirements.currently_due` lists what
// onboarding collects. On the page a person fills in a test identity and a bank account and is sent to `return_url`
// (a link used or expired sends them to `refresh_url`). Stripe's test data decide the outcome
// (https://docs.stripe.com/connect/testing): date of birth 1901-01-01 is verified, 1900-01-01 fails verification and
// leaves the account restricted (no transfers, no payouts). Every change emits `account.updated` carrying `account`.
import type Stripe from 'stripe';
import { allowOnly, bool, clone, email, hash, invalid, metadata, missing, newId, now, oneOf, type Params, str } from '../params';
import type { Shapes } from '../present';
import { get, route } from '../routing';
import type { Ctx, StripeState } from '../store';

/** What a new individual's onboarding collects, as Stripe lists it for a US express account. */
export const ONBOARDING_FIELDS = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.first_name',
  'individual.last_name',
  'individual.ssn_last_4',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];
/** Account links live five minutes and open once, as on Stripe. */
const LINK_TTL_S = 300;
/** Stripe's test date of birth that fails identity verification. */
export const FAILING_DOB = '1900-01-01';

const requirements = (due: string[], disabled: Stripe.Account.Requirements.DisabledReason | null, errors: Stripe.Account.Requirements.Error[] = []) => ({
  alternatives: [],
  current_deadline: null,
  currently_due: due,
  disabled_reason: disabled,
  errors,
  eventually_due: due,
  past_due: due,
  pending_verification: [],
});

export function createAccount(s: StripeState, p: Params): Stripe.Account {
  allowOnly(p, ['type', 'email', 'country', 'capabilities', 'business_type', 'metadata', 'default_currency']);
  const type = oneOf(p.type, 'type', ['express', 'custom', 'standard'] as const);
  if (!type) throw missing('type');
  if (type !== 'express') throw invalid(`The Stripe emulator creates express accounts only (type=${type} is not emulated).`, 'type');
  const caps = hash(p.capabilities, 'capabilities') ?? {};
  const requested = (name: string) => bool(hash(caps[name], `capabilities[${name}]`)?.requested, `capabilities[${name}][requested]`) === true;
  if (!requested('transfers'))
    throw invalid('Express accounts in the US must request the `transfers` capability: capabilities[transfers][requested]=true.', 'capabilities');
  const country = str(p.country, 'country') ?? 'US';
  if (country !== 'US') throw invalid(`The Stripe emulator creates US accounts only (country=${country}).`, 'country');
  const account = s.put(
    'account',
    {
      id: newId('acct', 16),
      object: 'account',
      business_profile: null,
      business_type: oneOf(p.business_type, 'business_type', ['individual', 'company', 'non_profit', 'government_entity'] as const) ?? null,
      capabilities: { transfers: 'inactive', ...(requested('card_payments') && { card_payments: 'inactive' as const }) },
      charges_enabled: false,
      country,
      created: now(),
      default_currency: 'usd',
      details_submitted: false,
      email: email(p.email, 'email') ?? null,
      metadata: metadata(p.metadata),
      payouts_enabled: false,
      requirements: requirements([...ONBOARDING_FIELDS], 'requirements.past_due'),
      settings: null,
      tos_acceptance: { date: null, ip: null, user_agent: null },
      type: 'express',
    },
    { links: {} },
  );
  return account;
}

export function updateAccount(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.Account {
  allowOnly(p, ['email', 'metadata']);
  const account = s.find('account', id, 'account', 404);
  const before = clone(account);
  if (p.email !== undefined) account.email = email(p.email, 'email') ?? null;
  account.metadata = metadata(p.metadata, account.metadata ?? {});
  s.emit('account.updated', 'account', account, ctx, before, account.id);
  return account;
}

export function createAccountLink(s: StripeState, p: Params, ctx: Ctx): Stripe.AccountLink {
  allowOnly(p, ['account', 'type', 'refresh_url', 'return_url', 'collect']);
  const accountId = str(p.account, 'account');
  if (!accountId) throw missing('account');
  const type = oneOf(p.type, 'type', ['account_onboarding', 'account_update'] as const);
  if (!type) throw missing('type');
  const account = s.find('account', accountId, 'account');
  const returnUrl = str(p.return_url, 'return_url');
  const refreshUrl = str(p.refresh_url, 'refresh_url');
  if (!returnUrl) throw missing('return_url');
  if (!refreshUrl) throw missing('refresh_url');
  for (const [param, url] of [
    ['return_url', returnUrl],
    ['refresh_url', refreshUrl],
  ] as const) {
    if (!/^https?:\/\/[^\s]+$/.test(url)) throw invalid(`Not a valid URL`, param, 'url_invalid');
  }
  const token = newId('', 20).slice(1);
  const created = now();
  s.internal('account', account.id).links[token] = { expiresAt: created + LINK_TTL_S, returnUrl, refreshUrl, used: false };
  return { object: 'account_link', created, expires_at: created + LINK_TTL_S, url: `${ctx.origin ?? ''}/setup/e/${account.id}/${token}` };
}

/** What the onboarding page answers: a page to show, or where to send the browser. */
export type OnboardingAnswer = { status: number; html: string } | { redirect: string };

function openLink(s: StripeState, accountId: string, token: string) {
  const account = s.get('account', accountId);
  const link = account ? s.internal('account', account.id).links[token] : undefined;
  return account && link ? { account, link } : undefined;
}

/** GET of an account link: the onboarding form, or `refresh_url` when the link was used or has expired. */
export function onboardingPage(s: StripeState, accountId: string, token: string): OnboardingAnswer {
  const opened = openLink(s, accountId, token);
  if (!opened) return { status: 404, html: page('Link not found', '<p>This onboarding link does not exist. Ask the platform for a new one.</p>') };
  const { account, link } = opened;
  if (link.used || link.expiresAt < now()) return { redirect: link.refreshUrl };
  return { status: 200, html: form(account, {}) };
}

/** POST of the onboarding form: the account is verified (or restricted, for the failing test identity), then `return_url`. */
export function submitOnboarding(s: StripeState, accountId: string, token: string, fields: Record<string, string>): OnboardingAnswer {
  const opened = openLink(s, accountId, token);
  if (!opened) return { status: 404, html: page('Link not found', '<p>This onboarding link does not exist. Ask the platform for a new one.</p>') };
  const { account, link } = opened;
  if (link.used || link.expiresAt < now()) return { redirect: link.refreshUrl };
  const errors: Record<string, string> = {};
  if (!fields.first_name?.trim()) errors.first_name = 'Enter a first name.';
  if (!fields.last_name?.trim()) errors.last_name = 'Enter a last name.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.dob ?? '')) errors.dob = 'Enter a date of birth (YYYY-MM-DD); 1901-01-01 is verified, 1900-01-01 fails.';
  if (!/^\d{4}$/.test(fields.ssn_last_4 ?? '')) errors.ssn_last_4 = 'Enter the last 4 digits of the SSN (0000 in test mode).';
  if (!/^\d{9}$/.test(fields.routing_number ?? '')) errors.routing_number = 'Enter a 9-digit routing number (110000000 in test mode).';
  if (!/^\d{4,17}$/.test(fields.account_number ?? '')) errors.account_number = 'Enter an account number of 4 to 17 digits (000123456789 in test mode).';
  if (Object.keys(errors).length) return { status: 400, html: form(account, fields, errors) };
  link.used = true;
  const before = clone(account);
  account.business_type = 'individual';
  account.details_submitted = true;
  account.tos_acceptance = { date: now(), ip: '127.0.0.1', user_agent: null };
  if (fields.dob === FAILING_DOB) restrict(account);
  else verify(account);
  s.emit('account.updated', 'account', account, undefined, before, account.id);
  return { redirect: link.returnUrl };
}

/** What the verified test identity (date of birth 1901-01-01) makes of an account: transfers active, payouts enabled. */
function verify(account: Stripe.Account) {
  account.requirements = requirements([], null);
  account.capabilities = Object.fromEntries(Object.keys(account.capabilities ?? {}).map((c) => [c, 'active']));
  account.charges_enabled = account.capabilities?.card_payments === 'active';
  account.payouts_enabled = true;
}

/** At most this many accounts per POST /_emulator/accounts (one journal line each, ADR 0073). */
export const SEEDED_ACCOUNTS_MAX = 1000;

/**
 * POST /_emulator/accounts?count=N (not a Stripe URL): N express accounts already onboarded with the verified test
 * identity, as if each member had filled in the page, for benches that need many (bench/payouts.ts). No events: a
 * platform seeded this way records the accounts as active itself.
 */
export function seedVerifiedAccounts(s: StripeState, count: number): string[] {
  if (!Number.isInteger(count) || count < 1 || count > SEEDED_ACCOUNTS_MAX)
    throw invalid(`count must be a whole number from 1 to ${SEEDED_ACCOUNTS_MAX}.`, 'count');
  return Array.from({ length: count }, () => {
    const account = createAccount(s, { type: 'express', country: 'US', capabilities: { transfers: { requested: 'true' } } });
    account.business_type = 'individual';
    account.details_submitted = true;
    account.tos_acceptance = { date: now(), ip: '127.0.0.1', user_agent: null };
    verify(account);
    return account.id;
  });
}

function restrict(account: Stripe.Account) {
  account.requirements = requirements(['individual.verification.document'], 'requirements.past_due', [
    {
      code: 'verification_failed_other',
      reason: 'The identity information you entered cannot be verified. Please correct any errors or upload a document that matches the identity fields.',
      requirement: 'individual.verification.document',
    },
  ]);
  account.capabilities = Object.fromEntries(Object.keys(account.capabilities ?? {}).map((c) => [c, 'inactive']));
  account.charges_enabled = false;
  account.payouts_enabled = false;
}

/** POST /_emulator/accounts/:id/restrict: Stripe restricts an account later (verification asked again); account.updated. */
export function restrictAccount(s: StripeState, id: string): Stripe.Account {
  const account = s.find('account', id, 'account', 404);
  const before = clone(account);
  restrict(account);
  s.emit('account.updated', 'account', account, undefined, before, account.id);
  return account;
}

const escape = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Stripe emulator</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box;border:1px solid #666;border-radius:4px}.error{color:#b00020;margin:.2rem 0}
button{margin-top:1.2rem;padding:.8rem 1.2rem;font-size:1rem;background:#533afd;color:#fff;border:0;border-radius:4px;cursor:pointer}
.note{background:#f3f3f8;padding:.6rem;border-radius:4px}</style></head><body><main>${body}</main></body></html>`;
}
function form(account: Stripe.Account, values: Record<string, string>, errors: Record<string, string> = {}) {
  const defaults: Record<string, string> = { dob: '1901-01-01', ssn_last_4: '0000', routing_number: '110000000', account_number: '000123456789' };
  const field = (name: string, label: string, extra = '') => {
    const error = errors[name] ? `<p class="error" id="${name}-error">${escape(errors[name])}</p>` : '';
    return `<label for="${name}">${label}</label>${error}<input id="${name}" name="${name}" value="${escape(values[name] ?? defaults[name] ?? '')}" ${extra}${
      errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
    }>`;
  };
  return page(
    'Set up payouts',
    `<h1>Set up payouts</h1>
<p class="note">Stripe emulator test mode: no real identity or bank account. Date of birth 1901-01-01 is verified; 1900-01-01 fails verification (the account is restricted).</p>
<p>Account ${escape(account.id)}${account.email ? ` · ${escape(account.email)}` : ''}</p>
<form method="post">
${field('first_name', 'First name', 'autocomplete="given-name" required')}
${field('last_name', 'Last name', 'autocomplete="family-name" required')}
${field('dob', 'Date of birth (YYYY-MM-DD)', 'inputmode="numeric" required')}
${field('ssn_last_4', 'Last 4 digits of SSN', 'inputmode="numeric" maxlength="4" required')}
${field('routing_number', 'Bank routing number', 'inputmode="numeric" required')}
${field('account_number', 'Bank account number', 'inputmode="numeric" required')}
<button type="submit">Agree and submit</button>
</form>`,
  );
}

export const routes = [
  route('POST', '/v1/accounts', (s, p) => createAccount(s, p)),
  route('GET', '/v1/accounts', (s, p) => (allowOnly(p, ['limit', 'starting_after']), s.list('account', p, '/v1/accounts'))),
  route(
    'GET',
    '/v1/accounts/:id',
    get((s, id) => s.find('account', id, 'account', 404)),
  ),
  route('POST', '/v1/accounts/:id', (s, p, c, id) => updateAccount(s, id, p, c)),
  route('POST', '/v1/account_links', (s, p, c) => createAccountLink(s, p, c)),
];

export const shapes: Shapes = {};

// Stripe Connect as the SDK calls it (ADR 0047): express accounts and their onboarding page, transfers with
// Idempotency-Key, reversals, the platform balance, and the failures payouts must survive.
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { emulatorWithReceiver, raw, until, WEBHOOK_SECRET } from './test-helpers';

const t = emulatorWithReceiver();

const RETURN = 'http://localhost:3900/member-dashboard?payouts=return';
const REFRESH = 'http://localhost:3900/member-dashboard?payouts=refresh';
const FORM = { first_name: 'Ada', last_name: 'Lovelace', dob: '1901-01-01', ssn_last_4: '0000', routing_number: '110000000', account_number: '000123456789' };

const express = (email = 'ada@example.com') => t.stripe.accounts.create({ type: 'express', email, capabilities: { transfers: { requested: true } } });

/** Fills the onboarding page as a person would: opens the link, then posts the form; answers the final redirect. */
async function onboard(accountId: string, fields: Record<string, string> = FORM) {
  const link = await t.stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: RETURN, refresh_url: REFRESH });
  const page = await fetch(link.url, { redirect: 'manual' });
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<form method="post">/);
  const submitted = await fetch(link.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    link,
    status: submitted.status,
    location: submitted.headers.get('location'),
    html: submitted.status === 200 || submitted.status === 400 ? await submitted.text() : '',
  };
}

/** Test funds on the platform's available balance. */
const fund = (amount: number) => fetch(`${t.em.url}/_emulator/balance?amount=${amount}`, { method: 'POST' }).then((r) => r.json());
const perKey = (key: string) =>
  fetch(`${t.em.url}/_emulator/transfers?idempotency_key=${encodeURIComponent(key)}`).then((r) => r.json() as Promise<{ count: number }>);
const events = (type: string, id: string) =>
  t.hook.received
    .map((r) => t.stripe.webhooks.constructEvent(r.raw, r.signature, WEBHOOK_SECRET))
    .filter((e) => e.type === type && (e.data.object as { id: string }).id === id);

async function onboarded() {
  const account = await express();
  const { status, location } = await onboard(account.id);
  assert.deepEqual([status, location], [303, RETURN]);
  return account;
}

describe('Connect accounts', () => {
  it('creates an express account that can receive nothing until onboarding, with what is missing in requirements', async () => {
    const account = await express();
    assert.deepEqual(
      [
        account.object,
        account.type,
        account.email,
        account.charges_enabled,
        account.payouts_enabled,
        account.details_submitted,
        account.capabilities?.transfers,
      ],
      ['account', 'express', 'ada@example.com', false, false, false, 'inactive'],
    );
    assert.ok(account.requirements?.currently_due?.includes('external_account'));
    assert.equal(account.requirements?.disabled_reason, 'requirements.past_due');
    assert.equal((await t.stripe.accounts.retrieve(account.id)).id, account.id);
    assert.ok((await t.stripe.accounts.list({ limit: 100 })).data.some((a) => a.id === account.id));
  });

  it('refuses an express account without the transfers capability and a type it does not emulate, with a 400 saying why', async () => {
    const noCapability = await raw(t.em, 'POST', '/v1/accounts', 'type=express');
    assert.deepEqual([noCapability.status, noCapability.json.error.param], [400, 'capabilities']);
    const custom = await raw(t.em, 'POST', '/v1/accounts', 'type=custom&capabilities[transfers][requested]=true');
    assert.deepEqual([custom.status, custom.json.error.param], [400, 'type']);
    const missing = await raw(t.em, 'GET', '/v1/accounts/acct_nope');
    assert.deepEqual([missing.status, missing.json.error.code], [404, 'resource_missing']);
  });

  it('onboards through the account link: the form returns to return_url, the account is enabled, account.updated carries `account`', async () => {
    const account = await express();
    const { link, status, location } = await onboard(account.id);
    assert.equal(link.object, 'account_link');
    assert.ok(link.expires_at > link.created);
    assert.deepEqual([status, location], [303, RETURN]);
    const after = await t.stripe.accounts.retrieve(account.id);
    assert.deepEqual(
      [after.details_submitted, after.payouts_enabled, after.capabilities?.transfers, after.requirements?.currently_due, after.requirements?.disabled_reason],
      [true, true, 'active', [], null],
    );
    const [event] = await until('account.updated delivered', () => {
      const found = events('account.updated', account.id);
      return found.length > 0 && found;
    });
    assert.equal(event.account, account.id);
    assert.equal((event.data.object as Stripe.Account).payouts_enabled, true);
    assert.equal((event.data.previous_attributes as Partial<Stripe.Account>).payouts_enabled, false);
  });

  it('sends a used link to refresh_url, and answers a wrong form with the page and what to fix (400), changing nothing', async () => {
    const account = await express();
    const bad = await onboard(account.id, { ...FORM, routing_number: '12' });
    assert.equal(bad.status, 400);
    assert.match(bad.html, /Enter a 9-digit routing number/);
    assert.equal((await t.stripe.accounts.retrieve(account.id)).details_submitted, false);
    const { link } = await onboard(account.id);
    const again = await fetch(link.url, { redirect: 'manual' });
    assert.deepEqual([again.status, again.headers.get('location')], [303, REFRESH]);
  });

  it('restricts an account whose identity fails verification (DOB 1900-01-01): details submitted, no payouts, a readable error', async () => {
    const account = await express();
    const { location } = await onboard(account.id, { ...FORM, dob: '1900-01-01' });
    assert.equal(location, RETURN);
    const after = await t.stripe.accounts.retrieve(account.id);
    assert.deepEqual(
      [after.details_submitted, after.payouts_enabled, after.capabilities?.transfers, after.requirements?.disabled_reason],
      [true, false, 'inactive', 'requirements.past_due'],
    );
    assert.equal(after.requirements?.errors?.[0]?.code, 'verification_failed_other');
  });
});

describe('transfers', () => {
  it('transfers to an onboarded account: the same Idempotency-Key answers the same transfer, and the emulator counts one', async () => {
    const account = await onboarded();
    await fund(10_000);
    const key = `payout-${account.id}`;
    const params = { amount: 1234, currency: 'usd', destination: account.id, metadata: { payout_id: key } };
    const first = await t.stripe.transfers.create(params, { idempotencyKey: key });
    const second = await t.stripe.transfers.create(params, { idempotencyKey: key });
    assert.equal(second.id, first.id);
    assert.deepEqual([first.object, first.amount, first.destination, first.reversed], ['transfer', 1234, account.id, false]);
    assert.equal((await t.stripe.transfers.retrieve(first.id)).amount, 1234);
    assert.equal((await perKey(key)).count, 1);
    await until('transfer.created delivered', () => events('transfer.created', first.id).length === 1);
  });

  it('makes one transfer for ten parallel requests with one key, and refuses the key with other parameters (400 idempotency_error)', async () => {
    const account = await onboarded();
    await fund(10_000);
    const key = `race-${account.id}`;
    const made = await Promise.all(
      Array.from({ length: 10 }, () => t.stripe.transfers.create({ amount: 500, currency: 'usd', destination: account.id }, { idempotencyKey: key })),
    );
    assert.equal(new Set(made.map((t) => t.id)).size, 1);
    assert.equal((await perKey(key)).count, 1);
    const other = await raw(t.em, 'POST', '/v1/transfers', `amount=600&currency=usd&destination=${account.id}`, { 'Idempotency-Key': key });
    assert.deepEqual([other.status, other.json.error.type], [400, 'idempotency_error']);
    assert.equal((await perKey(key)).count, 1);
  });

  it('fails a transfer larger than the available balance with balance_insufficient; the same key transfers once funds arrive', async () => {
    const account = await onboarded();
    const { available } = (await t.stripe.balance.retrieve()) as Stripe.Balance;
    const usd = available.find((b) => b.currency === 'usd')!.amount;
    const key = `short-${account.id}`;
    const params = { amount: usd + 1, currency: 'usd', destination: account.id };
    const short = await raw(t.em, 'POST', '/v1/transfers', `amount=${usd + 1}&currency=usd&destination=${account.id}`, { 'Idempotency-Key': key });
    assert.deepEqual([short.status, short.json.error.code, short.json.error.type], [400, 'balance_insufficient', 'invalid_request_error']);
    assert.match(short.json.error.message, /^You have insufficient available funds in your Stripe account/);
    assert.equal((await perKey(key)).count, 0);
    await fund(1);
    const paid = await t.stripe.transfers.create(params, { idempotencyKey: key });
    assert.equal(paid.amount, usd + 1);
    assert.equal((await t.stripe.balance.retrieve()).available.find((b) => b.currency === 'usd')!.amount, 0);
  });

  it('refuses transfers to an account that is not onboarded or restricted later (insufficient_capabilities_for_transfer)', async () => {
    await fund(10_000);
    const fresh = await express();
    const refused = await raw(t.em, 'POST', '/v1/transfers', `amount=100&currency=usd&destination=${fresh.id}`);
    assert.deepEqual([refused.status, refused.json.error.code, refused.json.error.param], [400, 'insufficient_capabilities_for_transfer', 'destination']);
    const account = await onboarded();
    const restricted = await fetch(`${t.em.url}/_emulator/accounts/${account.id}/restrict`, { method: 'POST' }).then((r) => r.json());
    assert.deepEqual([restricted.payouts_enabled, restricted.capabilities.transfers], [false, 'inactive']);
    await until('account.updated (restricted) delivered', () =>
      events('account.updated', account.id).some((e) => (e.data.object as Stripe.Account).requirements?.disabled_reason === 'requirements.past_due'),
    );
    const after = await raw(t.em, 'POST', '/v1/transfers', `amount=100&currency=usd&destination=${account.id}`);
    assert.equal(after.json.error.code, 'insufficient_capabilities_for_transfer');
    const nobody = await raw(t.em, 'POST', '/v1/transfers', `amount=100&currency=usd&destination=acct_nope`);
    assert.deepEqual([nobody.status, nobody.json.error.message], [400, "No such destination: 'acct_nope'"]);
  });

  it('reverses a transfer: the amount is the platform balance again, transfer.reversed is sent, no more than is left can be reversed', async () => {
    const account = await onboarded();
    await fund(5_000);
    const balance = async () => (await t.stripe.balance.retrieve()).available.find((b) => b.currency === 'usd')!.amount;
    const before = await balance();
    const transfer = await t.stripe.transfers.create({ amount: 700, currency: 'usd', destination: account.id });
    assert.equal(await balance(), before - 700);
    const reversal = await t.stripe.transfers.createReversal(transfer.id, { amount: 200 });
    assert.deepEqual([reversal.object, reversal.amount, reversal.transfer], ['transfer_reversal', 200, transfer.id]);
    const tooMuch = await raw(t.em, 'POST', `/v1/transfers/${transfer.id}/reversals`, 'amount=600');
    assert.deepEqual([tooMuch.status, tooMuch.json.error.code], [400, 'amount_too_large']);
    await t.stripe.transfers.createReversal(transfer.id);
    const after = await t.stripe.transfers.retrieve(transfer.id);
    assert.deepEqual([after.amount_reversed, after.reversed], [700, true]);
    assert.equal(await balance(), before);
    assert.equal((await t.stripe.transfers.listReversals(transfer.id)).data.length, 2);
    const reversed = await until('transfer.reversed delivered', () => {
      const found = events('transfer.reversed', transfer.id);
      return found.length === 2 && found;
    });
    assert.deepEqual(
      reversed.map((e) => (e.data.object as Stripe.Transfer).amount_reversed),
      [200, 700],
    );
  });

  it('POST /_emulator/accounts?count= seeds verified express accounts for benches (at most 1000 a request): they take transfers at once', async () => {
    const seeded = await fetch(`${t.em.url}/_emulator/accounts?count=3`, { method: 'POST' }).then((r) => r.json() as Promise<{ data: string[] }>);
    assert.equal(seeded.data.length, 3);
    const account = await t.stripe.accounts.retrieve(seeded.data[0]);
    assert.deepEqual(
      [account.type, account.capabilities?.transfers, account.payouts_enabled, account.details_submitted, account.requirements?.currently_due],
      ['express', 'active', true, true, []],
    );
    await fund(300);
    const transfer = await t.stripe.transfers.create({ amount: 300, currency: 'usd', destination: seeded.data[2] });
    assert.equal(transfer.destination, seeded.data[2]);
    for (const count of ['0', '1001', 'many']) {
      const refused = await fetch(`${t.em.url}/_emulator/accounts?count=${count}`, { method: 'POST' });
      assert.equal(refused.status, 400, count);
      assert.match(((await refused.json()) as { error: { message: string } }).error.message, /count must be a whole number from 1 to 1000/);
    }
  });
});

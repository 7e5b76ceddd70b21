// The emulator's journal (ADR 0073): killed with SIGKILL and started again on the same file, it forgets nothing it
// answered: objects, events, the platform balance and every Idempotency-Key (a replay answers the same transfer).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import Stripe from 'stripe';
import { freshJournal } from './test-helpers';

const FORM = { first_name: 'Ada', last_name: 'Lovelace', dob: '1901-01-01', ssn_last_4: '0000', routing_number: '110000000', account_number: '000123456789' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The emulator as the stack runs it: its own process (main.ts), on a port, with a journal file. */
async function start(journal: string, port: number): Promise<{ child: ChildProcess; url: string; stripe: Stripe }> {
  const child = spawn(process.execPath, [path.join(__dirname, 'main.ts'), '--port', String(port), '--journal', journal], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await healthy(url))) {
    assert.ok(child.exitCode === null && Date.now() < deadline, 'the emulator starts and answers within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url, stripe: new Stripe('sk_test_journal', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, telemetry: false }) };
}
const healthy = (url: string) =>
  fetch(`${url}/_emulator/health`)
    .then((r) => r.ok)
    .catch(() => false);

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const perKey = (url: string) => fetch(`${url}/_emulator/transfers`).then((r) => r.json() as Promise<{ transfers: number; keys: number; max_per_key: number }>);

async function activeAccount(url: string, stripe: Stripe): Promise<string> {
  const account = await stripe.accounts.create({ type: 'express', country: 'US', capabilities: { transfers: { requested: true } } });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    return_url: 'http://localhost/r',
    refresh_url: 'http://localhost/f',
  });
  const done = await fetch(link.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(FORM).toString(),
  });
  assert.equal(done.status, 303);
  return account.id;
}

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) await kill9(c);
});

test('after kill -9 the emulator still has its objects, events and balance, and an Idempotency-Key answers the same transfer', async () => {
  const journal = freshJournal();
  const port = await freePort();
  const first = await start(journal, port);
  children.push(first.child);
  const customer = await first.stripe.customers.create({ email: 'kept@example.com' });
  const account = await activeAccount(first.url, first.stripe);
  await fetch(`${first.url}/_emulator/balance?amount=10000`, { method: 'POST' });
  const transfer = await first.stripe.transfers.create({ amount: 750, currency: 'usd', destination: account }, { idempotencyKey: 'payout-1' });
  const reversal = await first.stripe.transfers.createReversal(transfer.id, { amount: 250 });
  await kill9(first.child);

  const again = await start(journal, port);
  children.push(again.child);
  assert.equal((await again.stripe.customers.retrieve(customer.id)).id, customer.id);
  const kept = await again.stripe.accounts.retrieve(account);
  assert.equal(kept.capabilities?.transfers, 'active', 'the onboarded account is still verified');
  const replayed = await again.stripe.transfers.create({ amount: 750, currency: 'usd', destination: account }, { idempotencyKey: 'payout-1' });
  assert.equal(replayed.id, transfer.id, 'the same key answers the same transfer');
  assert.equal(replayed.lastResponse.headers['idempotent-replayed'], 'true');
  assert.deepEqual(
    (await again.stripe.transfers.retrieve(transfer.id)).reversals.data.map((r) => r.id),
    [reversal.id],
  );
  const other = await again.stripe.transfers
    .create({ amount: 999, currency: 'usd', destination: account }, { idempotencyKey: 'payout-1' })
    .catch((e: Stripe.errors.StripeError) => e);
  assert.equal((other as Stripe.errors.StripeError).type, 'StripeIdempotencyError', 'other parameters under a kept key are refused');
  assert.deepEqual(await perKey(again.url), { transfers: 1, keys: 1, max_per_key: 1, duplicated_keys: [] });
  const balance = await again.stripe.balance.retrieve();
  assert.equal(balance.available.find((b) => b.currency === 'usd')!.amount, 10000 - 750 + 250);
  const types = (await again.stripe.events.list({ limit: 100 })).data.map((e) => e.type);
  assert.ok(types.includes('transfer.created') && types.includes('transfer.reversed') && types.includes('account.updated'), types.join(', '));
  // A second start reads the compacted file back just as well.
  await kill9(again.child);
  const third = await start(journal, port);
  children.push(third.child);
  assert.equal((await third.stripe.transfers.retrieve(transfer.id)).amount_reversed, 250);
  await kill9(third.child);
});

test('1000 transfers raced in parallel and cut by kill -9: every one answered is kept, and retrying every key makes one transfer each', async () => {
  const journal = freshJournal();
  const port = await freePort();
  const first = await start(journal, port);
  children.push(first.child);
  const account = await activeAccount(first.url, first.stripe);
  await fetch(`${first.url}/_emulator/balance?amount=1000000`, { method: 'POST' });
  const KEYS = Array.from({ length: 1000 }, (_, i) => `race-${i}`);
  const answered = new Map<string, string>();
  const create = (stripe: Stripe, key: string) => stripe.transfers.create({ amount: 100, currency: 'usd', destination: account }, { idempotencyKey: key });
  let killed: Promise<void> | undefined;
  await Promise.all(
    KEYS.map((key) =>
      create(first.stripe, key).then(
        (t) => {
          answered.set(key, t.id);
          if (answered.size === 100) {
            // Mid-flight: frozen at once (nothing more is handled), then killed; some asked, not all answered.
            first.child.kill('SIGSTOP');
            killed = kill9(first.child);
          }
        },
        () => undefined,
      ),
    ),
  );
  await killed;
  assert.ok(answered.size >= 100 && answered.size < KEYS.length, `answered ${answered.size} of ${KEYS.length} before the kill`);
  // A write cut short by the kill leaves half a line at the end: it was never answered, and is dropped at start.
  appendFileSync(journal, '{"e":[{"kind":"transfer","obj');

  const again = await start(journal, port);
  children.push(again.child);
  for (const [key, id] of answered) assert.equal((await create(again.stripe, key)).id, id, `key ${key} answers its transfer`);
  const retried = await Promise.all(KEYS.map((key) => create(again.stripe, key)));
  assert.equal(new Set(retried.map((t) => t.id)).size, KEYS.length);
  assert.deepEqual(await perKey(again.url), { transfers: KEYS.length, keys: KEYS.length, max_per_key: 1, duplicated_keys: [] });
  const balance = await again.stripe.balance.retrieve();
  assert.equal(balance.available.find((b) => b.currency === 'usd')!.amount, 1000000 - 100 * KEYS.length);
  assert.ok(!readFileSync(journal, 'utf8').includes('"obj\n'), 'the torn line is gone after the start');
  await kill9(again.child);
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { membershipAndAdmin, note, pidOf, stack, stripe, waitUntil } from './stack';

/**
 * ADR 0073, kill -9 of Stripe (the emulator) in the middle of a payout run. Stripe never forgets an object or an
 * Idempotency-Key; the emulator keeps them in its journal. A run of PAYOUTS payouts is under way when the emulator is
 * frozen (SIGSTOP: requests in flight, some transfers made and not yet recorded by membership) and then killed; the
 * stack's supervisor starts it again on its journal. Membership's unanswered requests hold their payouts as failed
 * with their key kept (ADR 0048), an admin retries each, and then: every payout is paid, with exactly one transfer at
 * Stripe for its key, of its amount, and the amounts add up at Stripe, in membership and in the platform's balance.
 */

const PAYOUTS = 400;
/** A month of its own (long past), so the run transfers only this scenario's payouts. */
const MONTH = '2019-08';
const IDENTITY = {
  first_name: 'Priscilla',
  last_name: 'Corinth',
  dob: '1901-01-01',
  ssn_last_4: '0000',
  routing_number: '110000000',
  account_number: '000123456789',
};

const t = membershipAndAdmin();

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

interface Transfer {
  id: string;
  amount: number;
  metadata: Record<string, string>;
}
/** Every transfer of the run's group at Stripe, page by page. */
async function transfersOfRun(): Promise<Transfer[]> {
  const all: Transfer[] = [];
  for (;;) {
    const after = all.length ? `&starting_after=${all[all.length - 1].id}` : '';
    const page = (await stripe('GET', `/v1/transfers?transfer_group=payouts-${MONTH}&limit=100${after}`)) as { data: Transfer[]; has_more: boolean };
    all.push(...page.data);
    if (!page.has_more) return all;
  }
}
const available = async () =>
  ((await stripe('GET', '/v1/balance')) as { available: { currency: string; amount: number }[] }).available.find((b) => b.currency === 'usd')!.amount;

test('kill -9 of the Stripe emulator mid-run: after its restart and the retries, every payout has exactly one transfer for its key and the amounts add up', async () => {
  // PAYOUTS members, each owed $1.00–$1.49 for MONTH by a referral, with a Connect account onboarded through the emulator's page.
  const tag = randomUUID().slice(0, 6);
  await t.db.query(
    `WITH referrers AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       SELECT 'Referrer', 'N' || i, 'ec-r' || i || '-' || $3 || '@example.com', 'cus_ecr' || $3 || i, 'sub_ecr' || $3 || i, 'active', upper('ER' || $3 || i)
       FROM generate_series(1, $1) i RETURNING id, referral_code
     ), referred AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       SELECT 'Referred', 'N' || i, 'ec-d' || i || '-' || $3 || '@example.com', 'cus_ecd' || $3 || i, 'sub_ecd' || $3 || i, 'active', upper('ED' || $3 || i)
       FROM generate_series(1, $1) i RETURNING id, referral_code
     ), refs AS (
       INSERT INTO referrals (referrer_id, referred_id)
       SELECT r.id, d.id FROM referrers r JOIN referred d ON substr(r.referral_code, 3) = substr(d.referral_code, 3) RETURNING id, referrer_id
     )
     INSERT INTO commissions (member_id, referral_id, amount, payout_month)
     SELECT referrer_id, id, 1.00 + (row_number() OVER (ORDER BY referrer_id) % 50) / 100.0, $2 FROM refs`,
    [PAYOUTS, MONTH, tag],
  );
  const members = (await t.db.query(`SELECT member_id, amount::text AS amount FROM commissions WHERE payout_month = $1 ORDER BY member_id`, [MONTH])).rows as {
    member_id: string;
    amount: string;
  }[];
  assert.equal(members.length, PAYOUTS);
  const accounts = new Array<string>(PAYOUTS);
  await pool([...members.keys()], 16, async (i) => {
    accounts[i] = (await stripe('POST', '/v1/accounts', { type: 'express', country: 'US', 'capabilities[transfers][requested]': 'true' })).id;
  });
  await t.db.query(`INSERT INTO payout_accounts (member_id, stripe_account_id) SELECT * FROM unnest($1::uuid[], $2::text[])`, [
    members.map((m) => m.member_id),
    accounts,
  ]);
  await pool(accounts, 16, async (account) => {
    const link = await stripe('POST', '/v1/account_links', {
      account,
      type: 'account_onboarding',
      refresh_url: 'http://localhost/r',
      return_url: 'http://localhost/d',
    });
    const done = await fetch(link.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(IDENTITY).toString(),
    });
    assert.equal(done.status, 303);
  });
  const activeAccounts = async () =>
    Number((await t.db.query(`SELECT count(*)::int AS n FROM payout_accounts WHERE status = 'active' AND stripe_account_id = ANY($1)`, [accounts])).rows[0].n);
  await waitUntil('every payout account is active', async () => (await activeAccounts()) === PAYOUTS, 60_000);
  const owed = members.reduce((sum, m) => sum + Math.round(Number(m.amount) * 100), 0);
  await stripe('POST', `/_emulator/balance?amount=${owed}`);
  const fundsBefore = await available();

  // The run starts; once Stripe has made some of its transfers, the emulator is frozen mid-request, then killed.
  const killed = pidOf('stripe');
  const started = await t.admin.post('/api/admin/payout-runs', { month: MONTH });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const madeBefore = async () => ((await (await fetch(`${stack.stripeApi}/_emulator/transfers`)).json()) as { transfers: number }).transfers;
  const baseline = await madeBefore();
  await waitUntil('Stripe made some of the run’s transfers', async () => (await madeBefore()) - baseline >= 20, 60_000);
  const madeAtStop = (await madeBefore()) - baseline;
  process.kill(killed, 'SIGSTOP');
  const paidAtStop = Number((await t.db.query(`SELECT count(*)::int AS n FROM payouts WHERE month = $1 AND status = 'paid'`, [MONTH])).rows[0].n);
  await new Promise((r) => setTimeout(r, 1000)); // membership's requests wait on the frozen emulator
  const frozen = await fetch(`${stack.stripeApi}/_emulator/health`, { signal: AbortSignal.timeout(1000) }).then(
    () => false,
    () => true,
  );
  assert.ok(frozen, 'the emulator itself is frozen (its pid is the server, not a launcher)');
  process.kill(killed, 'SIGKILL');
  assert.ok(paidAtStop < PAYOUTS, `the run was under way when the emulator stopped (${paidAtStop} of ${PAYOUTS} paid)`);
  note(
    'payout emulator crash',
    `emulator (pid ${killed}) frozen then killed -9 with ≥ ${madeAtStop} transfers made and ${paidAtStop} of ${PAYOUTS} payouts recorded paid`,
  );

  await waitUntil(
    'the emulator is back on its journal',
    async () => pidOf('stripe') !== killed && (await fetch(`${stack.stripeApi}/_emulator/health`)).ok,
    30_000,
  );
  // The transfers made before the kill are still there (the journal), and they are the ones the payouts end up with.
  const keptAfterRestart = new Set((await transfersOfRun()).map((t) => t.id));
  assert.ok(keptAfterRestart.size >= madeAtStop, `${keptAfterRestart.size} of the ${madeAtStop} transfers made before the kill are kept`);
  await waitUntil(
    'the run is completed',
    async () =>
      ((await t.admin.get('/api/admin/payout-runs')).body as { month: string; status: string }[]).some((r) => r.month === MONTH && r.status === 'completed'),
    120_000,
  );
  // What the kill left held (its answer unknown: the same key is asked again) is retried by an admin.
  const held = (await t.db.query(`SELECT id, held_reason FROM payouts WHERE month = $1 AND status <> 'paid' ORDER BY id`, [MONTH])).rows as {
    id: string;
    held_reason: string;
  }[];
  for (const { id } of held) {
    const retried = await t.admin.post(`/api/admin/payout-runs/payouts/${id}/retry`, {});
    assert.equal(retried.status, 200, JSON.stringify(retried.body));
    assert.equal(retried.body.outcome, 'paid', JSON.stringify(retried.body));
  }
  note(
    'payout emulator crash',
    `after the restart the run completed; ${held.length} payouts held by the kill (${[...new Set(held.map((h) => h.held_reason))].join(', ') || 'none'}) were retried`,
  );

  const payouts = (
    await t.db.query(
      `SELECT p.id, p.status, (p.amount * 100)::int AS cents, (p.transferred * 100)::int AS transferred, p.transfer_id,
              (SELECT count(*)::int FROM payout_transfers t WHERE t.payout_id = p.id) AS rows
       FROM payouts p WHERE p.month = $1`,
      [MONTH],
    )
  ).rows as { id: string; status: string; cents: number; transferred: number; transfer_id: string; rows: number }[];
  assert.equal(payouts.length, PAYOUTS, 'no payout lost');
  const transfers = await transfersOfRun();
  const byPayout = new Map<string, Transfer[]>();
  for (const t of transfers) byPayout.set(t.metadata.payout_id, [...(byPayout.get(t.metadata.payout_id) ?? []), t]);
  for (const p of payouts) {
    const made = byPayout.get(p.id) ?? [];
    assert.equal(made.length, 1, `payout ${p.id}: one transfer at Stripe`);
    assert.deepEqual(
      { status: p.status, transferred: p.transferred, transfer_id: p.transfer_id, rows: p.rows },
      { status: 'paid', transferred: p.cents, transfer_id: made[0].id, rows: 1 },
    );
    assert.equal(made[0].amount, p.cents);
    const perKey = (await (await fetch(`${stack.stripeApi}/_emulator/transfers?idempotency_key=${encodeURIComponent(p.id)}`)).json()) as { count: number };
    assert.equal(perKey.count, 1, `one transfer for the key ${p.id}`);
  }
  assert.equal(transfers.length, PAYOUTS);
  const recorded = new Set(payouts.map((p) => p.transfer_id));
  assert.ok(
    [...keptAfterRestart].every((id) => recorded.has(id)),
    'every transfer made before the kill is the one its payout recorded',
  );
  const moved = transfers.reduce((sum, t) => sum + t.amount, 0);
  assert.equal(moved, owed, 'Stripe moved what the members were owed');
  assert.equal(fundsBefore - (await available()), owed, 'the platform balance went down by exactly that');
  note('payout emulator crash', `${PAYOUTS} payouts paid with ${transfers.length} transfers of $${(moved / 100).toFixed(2)} in all, one per key`);
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { membershipAndAdmin, note, pidOf, ready, signedInMember, stack, waitUntil } from './stack';

/**
 * ADR 0048, a crash between Stripe's transfer and its row: membership is killed (kill -9) after Stripe made a payout's
 * transfer and before membership could write it. To stop membership in exactly that place, the suite holds a lock on
 * `payout_transfers` that the row's INSERT needs: the run's transfer request goes to Stripe, Stripe transfers and
 * answers, and membership, holding the answer, waits on the lock; then it is killed and the lock let go. Checked: the
 * payout row is as it was (scheduled, nothing transferred), an admin's retry at once after the restart and the run
 * resumed from its stalled job both ask with the same Idempotency-Key, and the emulator counts one transfer for it.
 *
 * Where the other exactly-once cases are proved: two workers, the run started twice and a retry racing a run
 * (services/membership/test/payouts.test.ts and payout-transfers.test.ts), kill -9 of the process working the run and
 * Redis restarted mid-run (payout-crashes.test.ts), kill -9 of the Stripe emulator mid-run, which keeps its objects
 * and keys in a journal as Stripe never forgets them (payout-emulator-crash.test.ts, ADR 0073).
 */

const IDENTITY = { first_name: 'Ruth', last_name: 'Moab', dob: '1901-01-01', ssn_last_4: '0000', routing_number: '110000000', account_number: '000123456789' };
/** A month of its own (long past: its 15th has come), so this run transfers only this scenario's payout. */
const MONTH = '2019-07';

const t = membershipAndAdmin();

const transfersFor = async (key: string) =>
  ((await (await fetch(`${stack.stripeApi}/_emulator/transfers?idempotency_key=${encodeURIComponent(key)}`)).json()) as { count: number }).count;

test('kill -9 of membership between Stripe’s transfer and its row: one transfer at Stripe, the payout paid with it after the restart', async () => {
  // A member who set up payouts through the onboarding page (account.updated makes the account active).
  const member = await signedInMember();
  const memberId: string = (await member.get('/api/auth/me')).body.user.memberId;
  const link = await member.post('/api/membership/payout-account/onboarding');
  assert.equal(link.status, 200, JSON.stringify(link.body));
  const form = await fetch(link.body.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(IDENTITY).toString(),
  });
  assert.equal(form.status, 303);
  await waitUntil('the payout account is active', async () => (await member.get('/api/membership/payout-account')).body.status === 'active', 20_000);
  // Owed $7.50 for MONTH (a referral of another member), and the platform has the funds.
  const tag = randomUUID().slice(0, 8);
  await t.db.query(
    `WITH referred AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       VALUES ('Orpah', 'Moab', 'orpah-' || $1 || '@example.com', 'cus_o' || $1, 'sub_o' || $1, 'active', upper('O' || $1)) RETURNING id
     ), ref AS (INSERT INTO referrals (referrer_id, referred_id) SELECT $2::uuid, id FROM referred RETURNING id)
     INSERT INTO commissions (member_id, referral_id, amount, payout_month) SELECT $2::uuid, id, 7.50, $3 FROM ref`,
    [tag, memberId, MONTH],
  );
  await fetch(`${stack.stripeApi}/_emulator/balance?amount=100000`, { method: 'POST' });

  // The lock the transfer's row waits on (an INSERT takes ROW EXCLUSIVE; SHARE ROW EXCLUSIVE conflicts with it).
  const blocker = new Client({ connectionString: stack.pgAdminUrl.replace(/\/postgres$/, '/membership'), application_name: 'fault-suite-blocker' });
  await blocker.connect();
  const killed = pidOf('membership');
  let payoutId: string;
  try {
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE payout_transfers IN SHARE ROW EXCLUSIVE MODE');
    const started = await t.admin.post('/api/admin/payout-runs', { month: MONTH });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    await waitUntil(
      'the payout is written',
      async () => (await t.db.query(`SELECT 1 FROM payouts WHERE member_id = $1 AND month = $2`, [memberId, MONTH])).rowCount === 1,
      30_000,
    );
    payoutId = (await t.db.query(`SELECT id FROM payouts WHERE member_id = $1 AND month = $2`, [memberId, MONTH])).rows[0].id;
    await waitUntil('Stripe made the transfer', async () => (await transfersFor(payoutId)) === 1, 30_000);
    await new Promise((r) => setTimeout(r, 500)); // membership reads the answer and waits on the lock
    process.kill(killed, 'SIGKILL');
  } finally {
    await blocker.query('ROLLBACK').catch(() => undefined);
    await blocker.end();
  }
  const left = (await t.db.query(`SELECT status, transferred::text, transfer_id, attempt FROM payouts WHERE id = $1`, [payoutId])).rows[0];
  assert.deepEqual(left, { status: 'scheduled', transferred: '0.00', transfer_id: null, attempt: 0 }, 'the row was as before when membership died');
  assert.equal((await t.db.query(`SELECT count(*)::int AS n FROM payout_transfers WHERE payout_id = $1`, [payoutId])).rows[0].n, 0);
  note('payout crash', `membership (pid ${killed}) killed after Stripe transferred $7.50 for payout ${payoutId} and before its row`);

  await waitUntil('membership is back', async () => pidOf('membership') !== killed && (await ready('membership')) === 200, 60_000);
  // The admin retries at once (the run's job is still held by the dead worker until BullMQ finds it stalled).
  const retried = await t.admin.post(`/api/admin/payout-runs/payouts/${payoutId}/retry`, {});
  assert.equal(retried.status, 200, JSON.stringify(retried.body));
  assert.ok(['paid', 'skipped'].includes(retried.body.outcome), JSON.stringify(retried.body));
  const resumedIn = await waitUntil(
    'the run is completed by the restarted worker',
    async () =>
      ((await t.admin.get('/api/admin/payout-runs')).body as { month: string; status: string }[]).some((r) => r.month === MONTH && r.status === 'completed'),
    120_000,
  );
  const paid = (await t.db.query(`SELECT status, transferred::text, transfer_id FROM payouts WHERE id = $1`, [payoutId])).rows[0];
  const transfers = await fetch(`${stack.stripeApi}/v1/transfers?transfer_group=payouts-${MONTH}`, {
    headers: { authorization: `Bearer ${stack.stripeSecretKey}` },
  }).then((r) => r.json() as Promise<{ data: { id: string; amount: number; metadata: Record<string, string> }[] }>);
  const made = transfers.data.filter((t) => t.metadata.payout_id === payoutId);
  note('payout crash', `retry answered ${retried.body.outcome}; run completed ${resumedIn} ms after the retry; ${made.length} transfer at Stripe`);
  assert.equal(await transfersFor(payoutId), 1, 'one transfer for the payout’s key');
  assert.equal(made.length, 1, 'one transfer for the payout at Stripe');
  assert.deepEqual(paid, { status: 'paid', transferred: '7.50', transfer_id: made[0].id });
  assert.equal(made[0].amount, 750);
  assert.equal((await t.db.query(`SELECT count(*)::int AS n FROM payout_transfers WHERE payout_id = $1`, [payoutId])).rows[0].n, 1);
});

// A payout run of many batches (ADR 0077): each batch's mails and transfers go while the next batch is written, and the
// run's last pass retries only what earlier runs held. Small batches and claims make a few hundred members many of each.
import { mailQueueName } from '@km/nest-kit/mail';
import { eventually, testServers } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { PayoutRunner } from '../src/payouts/payout-runner';
import { referrersOwed, startMembershipHarness, type MembershipHarness } from './membership-harness';

let h: MembershipHarness;
beforeAll(async () => {
  h = await startMembershipHarness({ PAYOUT_BATCH_SIZE: '40', PAYOUT_TRANSFER_CLAIM: '15', PAYOUT_TRANSFER_CLAIMS_IN_FLIGHT: '2' });
});
afterAll(async () => {
  await h?.stop();
});

/** Verified Connect accounts for these members, recorded as `status` in membership. */
async function accounts(memberIds: string[], status: 'active' | 'onboarding') {
  const seeded = (await (await fetch(`${h.emulator.url}/_emulator/accounts?count=${memberIds.length}`, { method: 'POST' })).json()) as { data: string[] };
  await h.data.query(`INSERT INTO payout_accounts (member_id, stripe_account_id, status) SELECT m, a, $3 FROM unnest($1::uuid[], $2::text[]) AS x(m, a)`, [
    memberIds,
    seeded.data,
    status,
  ]);
}

test('a run of many batches transfers every payout once while writing the next batch, mails each once, holds the members without an account once, and leaves an earlier run’s held payout paid', async () => {
  // An earlier month's payout held for want of an account, whose member has one now: the run's last pass pays it.
  const [earlierMember] = await referrersOwed(h.data, 1, '2041-01', 7);
  await accounts([earlierMember], 'onboarding');
  await h.app.get(PayoutRunner).run('2041-01');
  await h.data.query(`UPDATE payout_accounts SET status = 'active' WHERE member_id = $1`, [earlierMember]);

  const MONTH = '2041-02';
  const owed = await referrersOwed(h.data, 300, MONTH, 7);
  const withoutAccount = owed.filter((_, i) => i % 50 === 7);
  const onboarded = owed.filter((id) => !withoutAccount.includes(id));
  await accounts(onboarded, 'active');
  await fetch(`${h.emulator.url}/_emulator/balance?amount=${400 * 108}`, { method: 'POST' });

  const run = await h.app.get(PayoutRunner).run(MONTH);
  assert.equal(run.status, 'completed');
  assert.equal(run.memberCount, 300);
  assert.deepEqual(run.outcomes, {
    paid: onboarded.length,
    scheduled: 0,
    held: { no_account: withoutAccount.length, below_minimum: 0, restricted: 0 },
    failed: 0,
  });

  const rows = (await h.data.query(
    `SELECT p.member_id, p.status, p.held_reason, p.attempt, (p.amount * 100)::int AS cents, (p.transferred * 100)::int AS transferred, p.mailed_at IS NOT NULL AS mailed,
            (SELECT count(*)::int FROM payout_transfers t WHERE t.payout_id = p.id) AS transfers
     FROM payouts p WHERE p.month = $1 OR p.member_id = $2 ORDER BY p.member_id`,
    [MONTH, earlierMember],
  )) as {
    member_id: string;
    status: string;
    held_reason: string | null;
    attempt: number;
    cents: number;
    transferred: number;
    mailed: boolean;
    transfers: number;
  }[];
  const paidBefore = rows.find((r) => r.member_id === earlierMember)!;
  assert.deepEqual([paidBefore.status, paidBefore.transfers, paidBefore.transferred], ['paid', 1, paidBefore.cents]);
  for (const r of rows.filter((x) => x.member_id !== earlierMember)) {
    const expected = withoutAccount.includes(r.member_id) ? ['held', 'no_account', 0, 0, 0, true] : ['paid', null, 1, 1, r.cents, true];
    assert.deepEqual([r.status, r.held_reason, r.attempt, r.transfers, r.transferred, r.mailed], expected, r.member_id);
  }
  const perKey = (await (await fetch(`${h.emulator.url}/_emulator/transfers`)).json()) as { transfers: number; max_per_key: number };
  assert.deepEqual([perKey.transfers, perKey.max_per_key], [onboarded.length + 1, 1]);

  // One mail job per payout of the month, carrying its member's address and amount.
  const connection = new IORedis(testServers().KM_TEST_REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue(mailQueueName('membership'), { connection });
  try {
    const ids = (await h.data.query(`SELECT id, member_id FROM payouts WHERE month = $1`, [MONTH])) as { id: string; member_id: string }[];
    const jobs = await Promise.all(ids.map((p) => queue.getJob(`membership-payout_${p.id}`)));
    assert.equal(jobs.filter((j) => j?.data.subject?.startsWith('Your Marketshare payout of $1.0')).length, 300);
    // Queued after its payout was decided, as the template's parameters, each mail arrives rendered by membership's
    // worker and says what became of the payout: sent, or held because the member has not set up payouts.
    const inbox = async (job: (typeof jobs)[number]) => {
      assert.equal(job!.data.template, 'membership-payouts');
      return eventually(async () => {
        const all = (await (await fetch(`${testServers().KM_TEST_MAIL_API_URL}/api/email`)).json()) as {
          subject: string;
          to: { address: string }[];
          text: string;
          html: string;
        }[];
        return all.find((m) => m.to.some((t) => t.address === job!.data.to) && m.subject === job!.data.subject);
      }, 30_000);
    };
    const jobOf = (memberId: string) => jobs[ids.findIndex((p) => p.member_id === memberId)]!;
    const amountOf = (job: (typeof jobs)[number]) => job!.data.subject.replace('Your Marketshare payout of $', '').replace('.', '\\.');
    const paidJob = jobOf(onboarded[0]);
    const paidMail = await inbox(paidJob);
    assert.match(paidMail.text, new RegExp(`Dear Owed,\\s+Your referral commissions of \\$${amountOf(paidJob)} were paid out on 2041-02-15\\.`));
    assert.match(paidMail.text, /See your commissions: http:\/\/localhost:3999\/member-dashboard/);
    assert.match(paidMail.html, /Your payout is on its way/);
    const heldJob = jobOf(withoutAccount[0]);
    const heldMail = await inbox(heldJob);
    assert.match(
      heldMail.text,
      new RegExp(
        `Your referral commissions of \\$${amountOf(heldJob)} are ready, but you have not set up payouts yet, so nothing could be sent on 2041-02-15\\.`,
      ),
    );
    assert.match(heldMail.text, /Set up payouts: http:\/\/localhost:3999\/member-dashboard/);
    assert.match(heldMail.html, /Your payout is waiting for you/);
    assert.doesNotMatch(heldMail.text, /on its way|were paid out/);
  } finally {
    await queue.close();
    connection.disconnect();
  }
});

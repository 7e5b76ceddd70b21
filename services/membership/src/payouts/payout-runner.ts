import type { PayoutRow, PayoutRun, PayoutRunOutcomes } from '@km/contracts';
import { payoutDateOf } from '../time/calendar';
import { SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { keysetPages } from '@km/nest-kit/jobs';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { MembershipConfig } from '../config';
import { payoutMail, payoutSubject, type PayoutMailOutcome } from '../mail/membership-mails';
import { RewardMailer, type RewardToMail } from '../mail/reward-mails';
import { PayoutTransfers, TransferRun } from './payout-transfers';

/** Where a payout stood when its mail was queued, from its row (a mail queued before this was known says scheduled). */
function payoutOutcome(r: { status?: string; held_reason?: string | null; method?: string | null }): PayoutMailOutcome {
  if (r.status === 'paid') return { status: 'paid', method: r.method === 'membership_credit' ? 'membership_credit' : 'transfer' };
  if (r.status === 'held' && r.held_reason) return { status: 'held', reason: r.held_reason as Extract<PayoutMailOutcome, { status: 'held' }>['reason'] };
  return { status: 'scheduled' };
}

interface RunRow {
  month: string;
  status: 'running' | 'completed';
  payout_date: string;
  started_at: Date;
  completed_at: Date | null;
  member_count: number;
  total: string;
  outcomes: { status: string; held_reason: string | null; count: number }[] | null;
}

/**
 * A month's payout run, exactly once whoever starts it and however often (ADR 0016). The run row is claimed first
 * (its month is the primary key). Members are then paid in batches, each one transaction: a guarded
 * `UPDATE commissions … WHERE status = 'pending'` takes the due commissions (a second worker finds them taken and pays
 * nothing) and one payout row per member and month is written from exactly what that update took. A run that dies
 * between batches leaves only whole batches behind, so starting it again pays the rest. Mail goes out from the payouts
 * not yet mailed, keyed by payout id, and the run is closed with its totals.
 */
@Injectable()
export class PayoutRunner {
  private readonly mails: RewardMailer;

  constructor(
    private readonly dataSource: DataSource,
    mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly transfers: PayoutTransfers,
  ) {
    this.mails = new RewardMailer(dataSource, mail, 'payouts', {
      key: (r) => `membership-payout:${r.id}`,
      subject: (r) => payoutSubject(r.amount),
      render: (r) =>
        payoutMail(
          config.publicOrigin,
          { email: r.email, firstName: r.first_name },
          { amount: r.amount, payoutDate: r.payout_date, outcome: payoutOutcome(r), minimum: (config.payouts.minimumCents / 100).toFixed(2) },
        ),
    });
  }

  async run(month: string): Promise<PayoutRun> {
    const payoutDate = payoutDateOf(month);
    await this.dataSource.query(`INSERT INTO payout_runs (month, status, payout_date) VALUES ($1, 'running', $2) ON CONFLICT (month) DO NOTHING`, [
      month,
      payoutDate,
    ]);
    const claimed = await this.find(month);
    if (claimed?.status === 'completed') return claimed;

    let members = 0;
    // Keyset over member ids: paid rows leave the partial index only at vacuum, so each batch starts after the last.
    const batches = keysetPages(
      (after) =>
        this.dataSource.query(
          `SELECT DISTINCT member_id FROM commissions WHERE status = 'pending' AND payout_month <= $1 AND member_id > $2 ORDER BY member_id LIMIT $3`,
          [month, after, this.config.payouts.batchSize],
        ) as Promise<{ member_id: string }[]>,
      (d) => d.member_id,
    );
    // The money, then the mails, of one batch go while the next batch is written (one batch at a time, so memory stays
    // bounded): its payouts are committed, so their transfers are decided as any payout's are (ADR 0048), and each mail
    // then says what became of its payout (paid, or held and why). The mails after the claims: marking them mailed
    // locks the batch's rows, which a claim would pass by.
    let sending = Promise.resolve();
    const transfers = new TransferRun();
    for await (const due of batches) {
      const paid = await this.payBatch(
        month,
        payoutDate,
        due.map((d) => d.member_id),
      );
      // Statistics of the payouts as the run writes them, before the rest is planned on them: taken when the table held
      // none of this month's (or none at all), they had every lookup of a member's payouts scan the whole table.
      if (members === 0) await this.dataSource.query('ANALYZE payouts');
      members += paid.length;
      await sending;
      const ids = paid.map((p) => p.id);
      sending = this.transfers.transferPayouts(ids, transfers).then(() => this.mails.sendUnsent(month, ids));
      // Handled here so a failure waits for the next await instead of being an unhandled rejection meanwhile.
      sending.catch(() => undefined);
    }
    await sending;
    // Then what is still owed: payouts held by earlier runs, and any of this run's a batch left (a worker that died).
    await this.transfers.transferDue(month, transfers);
    // The mails a run that died before them left unsent, with what became of their payouts.
    await this.mails.sendUnsent(month);
    await this.dataSource.query(
      `UPDATE payout_runs r SET status = 'completed', completed_at = now(),
         member_count = (SELECT count(*) FROM payouts p WHERE p.month = r.month),
         total = (SELECT COALESCE(sum(amount), 0) FROM payouts p WHERE p.month = r.month)
       WHERE r.month = $1 AND r.status = 'running'`,
      [month],
    );
    const run = (await this.find(month))!;
    this.logger.info({ month, paidNow: members, memberCount: run.memberCount, total: run.total }, 'payout run completed');
    return run;
  }

  /**
   * Pays these members' due commissions in one transaction: the guarded update takes the pending commissions and
   * points them at their member's payout of the month (an existing one, or a new id), and the payouts are written
   * from exactly what it took. Another worker's update of the same members waits for these row locks, then finds them
   * paid and writes nothing. Each payout nets the member's open debt (negative entries of refunds and disputes after
   * earlier payouts, less what payouts already deducted) and never goes below zero: what it cannot settle stays open
   * for the next months. The members' rows are locked first (NO KEY UPDATE: joins that reference them are not held up), in id order, so two runs that pay one member (two
   * months at once) settle the debt one after the other, never twice. Answers the payouts written, with what their
   * mail needs.
   */
  private async payBatch(month: string, payoutDate: string, memberIds: string[]): Promise<RewardToMail[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT id FROM members WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`, [memberIds]);
      return (await manager.query(
        `WITH batch AS (
           SELECT b.member_id, COALESCE(p.id, gen_random_uuid()) AS payout_id
           FROM unnest($3::uuid[]) AS b(member_id) LEFT JOIN payouts p ON p.member_id = b.member_id AND p.month = $1
         ), paid AS (
           UPDATE commissions c SET status = 'paid', payout_date = $2, payout_id = batch.payout_id
           FROM batch WHERE c.member_id = batch.member_id AND c.status = 'pending' AND c.payout_month <= $1
           RETURNING c.member_id, c.amount, c.payout_id
         ), earned AS (
           SELECT member_id, payout_id, sum(amount) AS gross FROM paid GROUP BY member_id, payout_id
         ), netted AS (
           SELECT e.member_id, e.payout_id, e.gross, LEAST(e.gross, GREATEST(debt.open, 0)) AS deducted
           FROM earned e CROSS JOIN LATERAL (
             SELECT COALESCE((SELECT -sum(x.amount) FROM commission_reversals x WHERE x.member_id = e.member_id), 0)
                      - COALESCE((SELECT sum(p.deducted) FROM payouts p WHERE p.member_id = e.member_id), 0) AS open
           ) debt
         ), written AS (
           INSERT INTO payouts (id, member_id, month, gross, deducted, amount, payout_date)
           SELECT payout_id, member_id, $1, gross, deducted, gross - deducted, $2 FROM netted
           ON CONFLICT (member_id, month) DO UPDATE SET gross = payouts.gross + EXCLUDED.gross, deducted = payouts.deducted + EXCLUDED.deducted,
             amount = payouts.amount + EXCLUDED.amount, mailed_at = NULL,
             status = CASE WHEN payouts.status = 'paid' THEN 'scheduled' ELSE payouts.status END,
             method = CASE WHEN payouts.status = 'paid' THEN NULL ELSE payouts.method END
           RETURNING id, member_id, amount, payout_date
         )
         SELECT w.id, w.amount::text AS amount, w.payout_date::text AS payout_date, m.email, m.first_name
         FROM written w JOIN members m ON m.id = w.member_id`,
        [month, payoutDate, memberIds],
      )) as RewardToMail[];
    });
  }

  async find(month: string): Promise<PayoutRun | null> {
    const [row] = (await this.dataSource.query(`${RUN_SELECT} WHERE r.month = $1`, [month])) as RunRow[];
    return row ? toRun(row) : null;
  }

  /** The last ten years of runs, newest first (a bounded list, ADR 0011). */
  async list(): Promise<PayoutRun[]> {
    return ((await this.dataSource.query(`${RUN_SELECT} ORDER BY r.month DESC LIMIT 120`)) as RunRow[]).map(toRun);
  }

  async exists(payoutId: string): Promise<boolean> {
    return ((await this.dataSource.query(`SELECT 1 FROM payouts WHERE id = $1`, [payoutId])) as unknown[]).length > 0;
  }

  /** A page of the run's payouts in payout id order, for the CSV. */
  async rows(month: string, after: string | undefined, limit: number): Promise<PayoutRow[]> {
    const rows = (await this.dataSource.query(
      `SELECT p.id, p.member_id, m.first_name, m.last_name, m.email, p.amount::text AS amount, p.payout_date::text AS payout_date,
              p.status, p.held_reason, p.held_detail, p.transfer_id, p.method, p.credit_id,
              (SELECT count(*)::int FROM commissions c WHERE c.payout_id = p.id) AS commissions
       FROM payouts p JOIN members m ON m.id = p.member_id
       WHERE p.month = $1 AND ($2::uuid IS NULL OR p.id > $2::uuid) ORDER BY p.id LIMIT $3`,
      [month, after ?? null, limit],
    )) as {
      id: string;
      member_id: string;
      first_name: string;
      last_name: string;
      email: string;
      amount: string;
      payout_date: string;
      commissions: number;
      status: PayoutRow['status'];
      held_reason: PayoutRow['heldReason'];
      held_detail: string | null;
      transfer_id: string | null;
      method: PayoutRow['method'];
      credit_id: string | null;
    }[];
    return rows.map((r) => ({
      payoutId: r.id,
      memberId: r.member_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      amount: r.amount,
      payoutDate: r.payout_date,
      commissions: r.commissions,
      status: r.status,
      heldReason: r.held_reason,
      heldDetail: r.held_detail,
      transferId: r.transfer_id,
      method: r.method,
      creditId: r.credit_id,
    }));
  }
}

// Counts and totals of a running run are read live; a completed run keeps what it closed with. Where its payouts stand
// is always read live (a held payout is paid by a later run or an admin's retry), from the (month, status, held_reason)
// index (ADR 0061).
const RUN_SELECT = `SELECT r.month, r.status, r.payout_date::text AS payout_date, r.started_at, r.completed_at,
    COALESCE(r.member_count, (SELECT count(*)::int FROM payouts p WHERE p.month = r.month)) AS member_count,
    COALESCE(r.total, (SELECT COALESCE(sum(amount), 0) FROM payouts p WHERE p.month = r.month))::numeric(12,2)::text AS total,
    (SELECT json_agg(o) FROM (SELECT status, held_reason, count(*)::int AS count FROM payouts p WHERE p.month = r.month GROUP BY status, held_reason) o)
      AS outcomes
  FROM payout_runs r`;

function outcomesOf(rows: RunRow['outcomes']): PayoutRunOutcomes {
  const outcomes: PayoutRunOutcomes = { paid: 0, scheduled: 0, held: { no_account: 0, below_minimum: 0, restricted: 0 }, failed: 0 };
  for (const { status, held_reason, count } of rows ?? []) {
    if (status === 'paid') outcomes.paid += count;
    else if (status === 'scheduled') outcomes.scheduled += count;
    else if (held_reason === 'transfer_failed') outcomes.failed += count;
    else if (held_reason) outcomes.held[held_reason as keyof PayoutRunOutcomes['held']] += count;
  }
  return outcomes;
}

const toRun = (r: RunRow): PayoutRun => ({
  month: r.month,
  status: r.status,
  payoutDate: r.payout_date,
  startedAt: new Date(r.started_at).toISOString(),
  completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
  memberCount: Number(r.member_count),
  total: r.total,
  outcomes: outcomesOf(r.outcomes),
});

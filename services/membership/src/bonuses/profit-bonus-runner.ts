import type { ProfitBonusPeriod } from '@km/contracts/membership';
import { SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { MembershipConfig } from '../config';
import { profitBonusMail, profitBonusSubject } from '../mail/membership-mails';
import { RewardMailer } from '../mail/reward-mails';
import { periodBounds } from './bonus-periods';

interface PeriodRow {
  period: string;
  status: 'running' | 'completed';
  payout_date: string;
  share_bps: number;
  revenue: string | null;
  pool: string | null;
  member_count: number;
  total: string;
  started_at: Date;
  completed_at: Date | null;
}

/**
 * A half-year's profit bonuses, exactly once (ADR 0018). The period row is claimed first (its primary key), then
 * locked, so of two runs one decides and the other finds it completed. The whole split is one statement in that
 * transaction: the pool is the share of the half-year's paid store revenue net of its refunds, rounded down to the cent; members active
 * now who were members before the half-year began share it in proportion to their referrals made in it (reversed,
 * clawed-back and held commissions do not count, nor referred members who were not active on the half-year's last day); each gets the whole cents of their share, and the cents left over go one each
 * to the largest remainders (then the lower member id). Rows are unique per (member, period). A run that dies before
 * its commit leaves nothing; mail is swept from `mailed_at IS NULL` afterwards, keyed by bonus id.
 */
@Injectable()
export class ProfitBonusRunner {
  private readonly mails: RewardMailer;

  constructor(
    private readonly dataSource: DataSource,
    mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.mails = new RewardMailer(dataSource, mail, 'profit_bonuses', {
      key: (r) => `membership-profit-bonus:${r.id}`,
      subject: (r) => profitBonusSubject(r.amount),
      render: (r) =>
        profitBonusMail(config.publicOrigin, { email: r.email, firstName: r.first_name }, { amount: r.amount, period: r.run, payoutDate: r.payout_date }),
    });
  }

  async run(period: string): Promise<ProfitBonusPeriod> {
    const { starts, ends, payoutDate } = periodBounds(period);
    const { shareBps, timeZone } = this.config.profitBonuses;
    await this.dataSource.query(
      `INSERT INTO profit_bonus_periods (period, status, payout_date, share_bps) VALUES ($1, 'running', $2, $3) ON CONFLICT (period) DO NOTHING`,
      [period, payoutDate, shareBps],
    );
    await this.dataSource.transaction(async (manager) => {
      const [claimed] = (await manager.query(`SELECT status, share_bps FROM profit_bonus_periods WHERE period = $1 FOR UPDATE`, [period])) as {
        status: string;
        share_bps: number;
      }[];
      if (claimed.status === 'completed') return;
      await manager.query(
        `WITH bounds AS (
           SELECT ($2::date)::timestamp AT TIME ZONE $5 AS starts, ($3::date)::timestamp AT TIME ZONE $5 AS ends
         ), revenue AS (
           -- net of the refunds made in the half-year (never below zero)
           SELECT GREATEST((SELECT COALESCE(sum(amount), 0) FROM store_revenue WHERE bonus_period = $1)
                         - (SELECT COALESCE(sum(amount), 0) FROM store_refunds WHERE bonus_period = $1), 0) AS revenue
         ), pool AS (
           SELECT revenue, floor(revenue * $6 / 100)::bigint AS cents FROM revenue
         ), weights AS (
           SELECT r.referrer_id AS member_id, count(*)::bigint AS referrals
           FROM referrals r
           -- held commissions (ADR 0028) weigh only once an admin approves them
           JOIN commissions c ON c.referral_id = r.id AND c.status IN ('pending', 'paid')
           JOIN members m ON m.id = r.referrer_id
           JOIN members referred ON referred.id = r.referred_id, bounds b
           WHERE r.created_at >= b.starts AND r.created_at < b.ends
             AND m.subscription_status = 'active' AND m.member_since < b.starts
             AND NOT EXISTS (SELECT 1 FROM commission_reversals x WHERE x.commission_id = c.id)
             -- the referred member still active at the end of the half-year's last day (ADR 0028): the status then is the
             -- last change recorded before it, else what the first change after it changed from, else the status now
             AND COALESCE(
                   (SELECT s.status FROM member_status_changes s WHERE s.member_id = referred.id AND s.changed_at < b.ends
                    ORDER BY s.changed_at DESC, s.id DESC LIMIT 1),
                   (SELECT s.previous_status FROM member_status_changes s WHERE s.member_id = referred.id AND s.changed_at >= b.ends
                    ORDER BY s.changed_at, s.id LIMIT 1),
                   referred.subscription_status) = 'active'
           GROUP BY r.referrer_id
         ), shares AS (
           SELECT w.member_id, w.referrals, (p.cents * w.referrals) / t.total AS base, (p.cents * w.referrals) % t.total AS remainder
           FROM weights w, pool p, (SELECT sum(referrals)::bigint AS total FROM weights) t
         ), ranked AS (
           SELECT s.*, row_number() OVER (ORDER BY s.remainder DESC, s.member_id) AS place,
                  (SELECT p.cents FROM pool p) - sum(s.base) OVER () AS left_over
           FROM shares s
         ), written AS (
           INSERT INTO profit_bonuses (member_id, amount, bonus_period, status, payout_date, referrals)
           SELECT member_id, (base + CASE WHEN place <= left_over THEN 1 ELSE 0 END) / 100.0, $1, 'paid', $4::date, referrals
           FROM ranked WHERE base + CASE WHEN place <= left_over THEN 1 ELSE 0 END > 0
           ON CONFLICT (member_id, bonus_period) DO NOTHING
           RETURNING amount
         )
         UPDATE profit_bonus_periods SET status = 'completed', completed_at = now(),
           revenue = (SELECT revenue FROM pool), pool = (SELECT cents FROM pool) / 100.0,
           member_count = (SELECT count(*) FROM written), total = (SELECT COALESCE(sum(amount), 0) FROM written)
         WHERE period = $1`,
        [period, starts, ends, payoutDate, timeZone, claimed.share_bps],
      );
    });
    await this.mails.sendUnsent(period);
    const done = (await this.find(period))!;
    this.logger.info({ period, memberCount: done.memberCount, total: done.total, pool: done.pool }, 'profit bonus run completed');
    return done;
  }

  async find(period: string): Promise<ProfitBonusPeriod | null> {
    const [row] = (await this.dataSource.query(`${PERIOD_SELECT} WHERE p.period = $1`, [period])) as PeriodRow[];
    return row ? toPeriod(row) : null;
  }

  /** The last fifty years of periods, newest first (a bounded list, ADR 0011). */
  async list(): Promise<ProfitBonusPeriod[]> {
    return ((await this.dataSource.query(`${PERIOD_SELECT} ORDER BY p.period DESC LIMIT 100`)) as PeriodRow[]).map(toPeriod);
  }
}

const PERIOD_SELECT = `SELECT p.period, p.status, p.payout_date::text AS payout_date, p.share_bps, p.revenue::text AS revenue, p.pool::text AS pool,
    COALESCE(p.member_count, 0) AS member_count, COALESCE(p.total, 0)::numeric(12,2)::text AS total, p.started_at, p.completed_at
  FROM profit_bonus_periods p`;

const toPeriod = (r: PeriodRow): ProfitBonusPeriod => ({
  period: r.period,
  status: r.status,
  payoutDate: r.payout_date,
  shareBps: r.share_bps,
  revenue: r.revenue,
  pool: r.pool,
  memberCount: Number(r.member_count),
  total: r.total,
  startedAt: new Date(r.started_at).toISOString(),
  completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
});

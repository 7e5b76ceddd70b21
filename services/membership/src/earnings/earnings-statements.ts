import type { EarningsLine, EarningsStatement, EarningsYearRow } from '@km/contracts';
import { NotFoundError, SERVICE_CONFIG } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MembershipConfig } from '../config';
import { thresholdFor } from './reporting-threshold';

/**
 * What the calendar year paid (ADR 0061): the money that reached members, dated the day it did. A payout counts what
 * its transfers moved (`transferred`, net of reversals), on the day it was transferred in the payout time zone (a
 * payout settled by hand before transfers: its payout date); a profit bonus counts once paid, on its payout date.
 * `$1` is the payout time zone, `$2`/`$3` the year's first and last day; `members` filters on a member id column.
 */
const paidInYear = (members: (column: string) => string) => `
  SELECT 'payout' AS kind, p.id, p.member_id, p.month AS period, COALESCE((p.paid_at AT TIME ZONE $1)::date, p.payout_date) AS paid_on,
         p.transferred AS amount, p.transfer_id, p.method AS paid_as
  FROM payouts p
  WHERE p.transferred > 0 AND COALESCE((p.paid_at AT TIME ZONE $1)::date, p.payout_date) BETWEEN $2::date AND $3::date AND ${members('p.member_id')}
  UNION ALL
  SELECT 'profit_bonus', b.id, b.member_id, b.bonus_period, b.payout_date, b.amount, NULL, NULL
  FROM profit_bonuses b WHERE b.status = 'paid' AND b.payout_date BETWEEN $2::date AND $3::date AND ${members('b.member_id')}`;

@Injectable()
export class EarningsStatements {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
  ) {}

  private threshold(year: string) {
    return thresholdFor(this.config.earnings.reportingThresholds, Number(year));
  }

  /** One member's statement of a year; a member that does not exist is not found (never an empty statement). */
  async statement(memberId: string, year: string): Promise<EarningsStatement> {
    const [member] = (await this.dataSource.query(`SELECT id, first_name, last_name, email FROM members WHERE id = $1`, [memberId])) as {
      id: string;
      first_name: string;
      last_name: string;
      email: string;
    }[];
    if (!member) throw new NotFoundError('member', memberId);
    const rows = (await this.dataSource.query(
      `SELECT kind, id, period, paid_on::text AS paid_on, amount::text AS amount, transfer_id, paid_as
       FROM (${paidInYear((column) => `${column} = $4`)}) paid ORDER BY paid_on, kind, period`,
      [this.config.payouts.timeZone, `${year}-01-01`, `${year}-12-31`, memberId],
    )) as {
      kind: EarningsLine['kind'];
      id: string;
      period: string;
      paid_on: string;
      amount: string;
      transfer_id: string | null;
      paid_as: EarningsLine['paidAs'];
    }[];
    const cents = rows.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
    const threshold = this.threshold(year);
    return {
      year,
      member: { memberId: member.id, firstName: member.first_name, lastName: member.last_name, email: member.email },
      lines: rows.map((r) => ({ kind: r.kind, id: r.id, period: r.period, paidOn: r.paid_on, amount: r.amount, transferId: r.transfer_id, paidAs: r.paid_as })),
      total: (cents / 100).toFixed(2),
      threshold: (threshold.cents / 100).toFixed(2),
      thresholdFrom: String(threshold.from),
      reportable: cents >= threshold.cents,
    };
  }

  /** A page of the members paid in the year, in member id order after `after`, with their totals and the 1099-NEC flag. */
  async yearRows(year: string, after: string | undefined, limit: number): Promise<EarningsYearRow[]> {
    const rows = (await this.dataSource.query(
      `SELECT m.id, m.first_name, m.last_name, m.email,
              COALESCE(sum(paid.amount) FILTER (WHERE paid.kind = 'payout'), 0)::numeric(12,2)::text AS payouts,
              COALESCE(sum(paid.amount) FILTER (WHERE paid.kind = 'profit_bonus'), 0)::numeric(12,2)::text AS bonuses,
              sum(paid.amount)::numeric(12,2)::text AS total,
              sum(paid.amount) * 100 >= $6 AS reportable
       FROM (${paidInYear((column) => `($4::uuid IS NULL OR ${column} > $4::uuid)`)}) paid JOIN members m ON m.id = paid.member_id
       GROUP BY m.id ORDER BY m.id LIMIT $5`,
      [this.config.payouts.timeZone, `${year}-01-01`, `${year}-12-31`, after ?? null, limit, this.threshold(year).cents],
    )) as { id: string; first_name: string; last_name: string; email: string; payouts: string; bonuses: string; total: string; reportable: boolean }[];
    return rows.map((r) => ({
      memberId: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      payouts: r.payouts,
      profitBonuses: r.bonuses,
      total: r.total,
      reportable: r.reportable,
    }));
  }
}

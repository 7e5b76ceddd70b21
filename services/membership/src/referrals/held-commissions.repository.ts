import type { HoldReason, SubscriptionStatus } from '@km/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface HeldRow {
  id: string;
  amount: string;
  payout_month: string;
  hold_reason: HoldReason;
  held_at: Date;
  referrer_id: string;
  referrer_first_name: string;
  referrer_last_name: string;
  referrer_email: string;
  referred_id: string;
  referred_first_name: string;
  referred_last_name: string;
  referred_email: string;
  referred_since: Date;
  referred_status: SubscriptionStatus;
  total: number;
}

export interface ReviewedRow {
  id: string;
  status: 'pending' | 'held' | 'paid' | 'reversed';
  review_decision: 'approved' | 'reversed' | null;
  payout_date: string | null;
  reviewed_at: Date | null;
}

/** The SQL of commissions held for review (ADR 0028), typed here once. */
@Injectable()
export class HeldCommissionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of held commissions, oldest first, with both members, and how many are held in all. */
  async page(page: number, pageSize: number): Promise<{ rows: HeldRow[]; total: number }> {
    const rows = (await this.dataSource.query(
      `SELECT c.id, c.amount::text AS amount, c.payout_month, c.hold_reason, c.held_at,
              a.id AS referrer_id, a.first_name AS referrer_first_name, a.last_name AS referrer_last_name, a.email AS referrer_email,
              b.id AS referred_id, b.first_name AS referred_first_name, b.last_name AS referred_last_name, b.email AS referred_email,
              b.member_since AS referred_since, b.subscription_status AS referred_status, count(*) OVER ()::int AS total
       FROM commissions c JOIN referrals r ON r.id = c.referral_id JOIN members a ON a.id = r.referrer_id JOIN members b ON b.id = r.referred_id
       WHERE c.status = 'held' ORDER BY c.held_at, c.id LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    )) as HeldRow[];
    const total = rows[0]?.total ?? ((await this.dataSource.query(`SELECT count(*)::int AS n FROM commissions WHERE status = 'held'`)) as { n: number }[])[0].n;
    return { rows, total };
  }

  /**
   * The decision, as one guarded UPDATE `WHERE status = 'held'`: the row it changed, or null when the commission was
   * not held any more (or is unknown). An approved commission is paid by the run of its payout month, or by the next
   * one when that 15th has passed.
   */
  async decide(commissionId: string, decided: 'approved' | 'reversed'): Promise<ReviewedRow | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE commissions SET status = CASE WHEN $2 = 'approved' THEN 'pending' ELSE 'reversed' END,
         review_decision = $2, reviewed_at = now(),
         reversed_at = CASE WHEN $2 = 'reversed' THEN now() END,
         payout_date = CASE WHEN $2 = 'approved' THEN GREATEST((payout_month || '-15')::date,
           (date_trunc('month', current_date - 15) + interval '1 month 14 days')::date) END
       WHERE id = $1 AND status = 'held'
       RETURNING id, status, review_decision, payout_date::text AS payout_date, reviewed_at`,
      [commissionId, decided],
    )) as [ReviewedRow[], number];
    return rows[0] ?? null;
  }

  async find(commissionId: string): Promise<ReviewedRow | null> {
    const [row] = (await this.dataSource.query(
      `SELECT id, status, review_decision, payout_date::text AS payout_date, reviewed_at FROM commissions WHERE id = $1`,
      [commissionId],
    )) as ReviewedRow[];
    return row ?? null;
  }
}

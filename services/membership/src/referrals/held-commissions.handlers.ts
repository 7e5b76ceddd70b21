import {
  adminMemberListSchema,
  heldCommissionReviewSchema,
  MembershipSubjects,
  type HeldCommission,
  type HeldCommissionReview,
  type HoldReason,
  type MemberPage,
  type SubscriptionStatus,
} from '@km/contracts';
import { ConflictError, NotFoundError, parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';

interface HeldRow {
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

interface ReviewedRow {
  id: string;
  status: 'pending' | 'held' | 'paid' | 'reversed';
  review_decision: 'approved' | 'reversed' | null;
  payout_date: string | null;
  reviewed_at: Date | null;
}

const DECIDED = { approve: 'approved', reverse: 'reversed' } as const;

/**
 * The admin's review of held commissions over NATS (the gateway has checked the admin role; ADR 0028). A decision is
 * one guarded UPDATE `WHERE status = 'held'`: of an approval and a reversal at the same moment exactly one changes the
 * row; the other finds it decided and is refused (409), while repeating the decision already made answers it again.
 */
@Controller()
export class HeldCommissionsHandlers {
  constructor(private readonly dataSource: DataSource) {}

  @MessagePattern(MembershipSubjects.listHeldCommissions)
  async list(@Payload() payload: unknown): Promise<MemberPage<HeldCommission>> {
    const { page, pageSize } = parseOrThrow(adminMemberListSchema, payload);
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
    return {
      items: rows.map((r) => ({
        commissionId: r.id,
        amount: r.amount,
        payoutMonth: r.payout_month,
        reason: r.hold_reason,
        heldAt: new Date(r.held_at).toISOString(),
        referrer: { memberId: r.referrer_id, firstName: r.referrer_first_name, lastName: r.referrer_last_name, email: r.referrer_email },
        referred: {
          memberId: r.referred_id,
          firstName: r.referred_first_name,
          lastName: r.referred_last_name,
          email: r.referred_email,
          memberSince: new Date(r.referred_since).toISOString(),
          subscriptionStatus: r.referred_status,
        },
      })),
      total,
      page,
      pageSize,
    };
  }

  @MessagePattern(MembershipSubjects.reviewHeldCommission)
  async review(@Payload() payload: unknown): Promise<HeldCommissionReview> {
    const { commissionId, decision } = parseOrThrow(heldCommissionReviewSchema, payload);
    const decided = DECIDED[decision];
    // An approved commission is paid by the run of its payout month, or by the next one when that 15th has passed.
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
    if (rows[0]) return answer(rows[0]);
    const [now] = (await this.dataSource.query(
      `SELECT id, status, review_decision, payout_date::text AS payout_date, reviewed_at FROM commissions WHERE id = $1`,
      [commissionId],
    )) as ReviewedRow[];
    if (!now) throw new NotFoundError('commission', commissionId);
    if (now.review_decision === decided) return answer(now);
    if (now.review_decision)
      throw new ConflictError(
        'commission_already_reviewed',
        `This commission was already ${now.review_decision} by an admin, so it cannot be ${decided} now. Reload the held commissions to see the current list.`,
        { decision: now.review_decision },
      );
    throw new ConflictError(
      'commission_not_held',
      now.status === 'reversed'
        ? 'This commission is no longer held: the referred member’s first payment was refunded or disputed, so it was reversed and will not be paid.'
        : 'This commission was not held for review, so there is nothing to approve or reverse.',
      { status: now.status },
    );
  }
}

const answer = (row: ReviewedRow): HeldCommissionReview => ({
  commissionId: row.id,
  decision: row.review_decision!,
  status: row.status as HeldCommissionReview['status'],
  payoutDate: row.status === 'reversed' ? null : row.payout_date,
  reviewedAt: new Date(row.reviewed_at!).toISOString(),
});

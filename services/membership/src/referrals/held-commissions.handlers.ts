import {
  adminMemberListSchema,
  heldCommissionReviewSchema,
  MembershipSubjects,
  type HeldCommission,
  type HeldCommissionReview,
  type MemberPage,
} from '@km/contracts';
import { ConflictError, NotFoundError, parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { HeldCommissionsRepository, type ReviewedRow } from './held-commissions.repository';

const DECIDED = { approve: 'approved', reverse: 'reversed' } as const;

/**
 * The admin's review of held commissions over NATS (the gateway has checked the admin role; ADR 0028). A decision is
 * one guarded UPDATE `WHERE status = 'held'`: of an approval and a reversal at the same moment exactly one changes the
 * row; the other finds it decided and is refused (409), while repeating the decision already made answers it again.
 */
@Controller()
export class HeldCommissionsHandlers {
  constructor(private readonly repository: HeldCommissionsRepository) {}

  @MessagePattern(MembershipSubjects.listHeldCommissions)
  async list(@Payload() payload: unknown): Promise<MemberPage<HeldCommission>> {
    const { page, pageSize } = parseOrThrow(adminMemberListSchema, payload);
    const { rows, total } = await this.repository.page(page, pageSize);
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
    const decidedNow = await this.repository.decide(commissionId, decided);
    if (decidedNow) return answer(decidedNow);
    const now = await this.repository.find(commissionId);
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

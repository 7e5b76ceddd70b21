import { adminMemberListSchema, MembershipSubjects, type AdminMember, type MemberPage, type SubscriptionStatus } from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';

interface Row {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  subscription_status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  cancel_reason: string | null;
  cancel_comment: string | null;
  member_since: Date;
  referrals: number;
  pending: string;
  paid: string;
  total: number;
}

/**
 * The admin's members list over NATS (the gateway has checked the admin role): a page, newest member first (ADR 0011),
 * with the figures each member's dashboard shows, from the same ledger: Pending Earnings net of refunds and disputes
 * not yet settled, and paid as payouts plus profit bonuses.
 */
@Controller()
export class AdminMembersHandlers {
  constructor(private readonly dataSource: DataSource) {}

  @MessagePattern(MembershipSubjects.listMembers)
  async list(@Payload() payload: unknown): Promise<MemberPage<AdminMember>> {
    const { page, pageSize } = parseOrThrow(adminMemberListSchema, payload);
    const rows = (await this.dataSource.query(
      `SELECT m.id, m.first_name, m.last_name, m.email, m.subscription_status, m.cancel_at_period_end, m.cancel_reason, m.cancel_comment, m.member_since,
              (SELECT count(*)::int FROM referrals r WHERE r.referrer_id = m.id) AS referrals,
              GREATEST(
                COALESCE((SELECT sum(amount) FROM commissions c WHERE c.member_id = m.id AND c.status = 'pending'), 0)
                - (COALESCE((SELECT -sum(amount) FROM commission_reversals x WHERE x.member_id = m.id), 0)
                   - COALESCE((SELECT sum(deducted) FROM payouts p WHERE p.member_id = m.id), 0)),
                0)::numeric(12,2)::text AS pending,
              (COALESCE((SELECT sum(amount) FROM payouts p WHERE p.member_id = m.id), 0)
                + COALESCE((SELECT sum(amount) FROM profit_bonuses b WHERE b.member_id = m.id), 0))::numeric(12,2)::text AS paid,
              count(*) OVER ()::int AS total
       FROM members m ORDER BY m.member_since DESC, m.id LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    )) as Row[];
    const total = rows[0]?.total ?? ((await this.dataSource.query(`SELECT count(*)::int AS n FROM members`)) as { n: number }[])[0].n;
    return {
      items: rows.map((r) => ({
        memberId: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        subscriptionStatus: r.subscription_status,
        cancelAtPeriodEnd: r.cancel_at_period_end,
        cancelReason: r.cancel_reason,
        cancelComment: r.cancel_comment,
        memberSince: new Date(r.member_since).toISOString(),
        referrals: r.referrals,
        pending: r.pending,
        paid: r.paid,
      })),
      total,
      page,
      pageSize,
    };
  }
}

import {
  cancelMembershipMessageSchema,
  joinRequestSchema,
  memberEmailsSchema,
  memberIdSchema,
  memberListSchema,
  MembershipSubjects,
  membershipPaymentRequestSchema,
  updateProfileMessageSchema,
  type JoinedMember,
  type MemberCommission,
  type MemberDiscount,
  type MemberEmailsPage,
  type MemberPage,
  type MemberProfile,
  type MemberProfitBonus,
  type MemberReferral,
  type MembershipPayment,
  type MemberStats,
} from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MemberReadsService } from './member-reads.service';
import { MembersService } from './members.service';

/** NATS patterns only; the gateway has already decided who may call what (and which member is asking). */
@Controller()
export class MembersHandlers {
  constructor(
    private readonly members: MembersService,
    private readonly reads: MemberReadsService,
  ) {}

  @MessagePattern(MembershipSubjects.createPayment)
  createPayment(@Payload() payload: unknown): Promise<MembershipPayment> {
    const { browserKey, ...form } = parseOrThrow(membershipPaymentRequestSchema, payload);
    return this.members.createPayment(form, browserKey);
  }

  @MessagePattern(MembershipSubjects.join)
  join(@Payload() payload: unknown): Promise<JoinedMember> {
    return this.members.join(parseOrThrow(joinRequestSchema, payload));
  }

  @MessagePattern(MembershipSubjects.profile)
  profile(@Payload() payload: unknown): Promise<MemberProfile> {
    return this.members.profile(parseOrThrow(memberIdSchema, payload).memberId);
  }

  @MessagePattern(MembershipSubjects.updateProfile)
  updateProfile(@Payload() payload: unknown): Promise<MemberProfile> {
    const { memberId, profile } = parseOrThrow(updateProfileMessageSchema, payload);
    return this.members.updateProfile(memberId, profile);
  }

  @MessagePattern(MembershipSubjects.referrals)
  referrals(@Payload() payload: unknown): Promise<MemberPage<MemberReferral>> {
    return this.reads.referrals(parseOrThrow(memberListSchema, payload));
  }

  @MessagePattern(MembershipSubjects.commissions)
  commissions(@Payload() payload: unknown): Promise<MemberPage<MemberCommission>> {
    return this.reads.commissions(parseOrThrow(memberListSchema, payload));
  }

  @MessagePattern(MembershipSubjects.profitBonuses)
  profitBonuses(@Payload() payload: unknown): Promise<MemberPage<MemberProfitBonus>> {
    return this.reads.profitBonuses(parseOrThrow(memberListSchema, payload));
  }

  @MessagePattern(MembershipSubjects.stats)
  stats(@Payload() payload: unknown): Promise<MemberStats> {
    return this.reads.stats(parseOrThrow(memberIdSchema, payload).memberId);
  }

  @MessagePattern(MembershipSubjects.cancel)
  cancel(@Payload() payload: unknown): Promise<MemberProfile> {
    const { memberId, cancellation } = parseOrThrow(cancelMembershipMessageSchema, payload);
    return this.members.setCancelAtPeriodEnd(memberId, true, cancellation);
  }

  @MessagePattern(MembershipSubjects.resume)
  resume(@Payload() payload: unknown): Promise<MemberProfile> {
    return this.members.setCancelAtPeriodEnd(parseOrThrow(memberIdSchema, payload).memberId, false);
  }

  @MessagePattern(MembershipSubjects.memberEmails)
  memberEmails(@Payload() payload: unknown): Promise<MemberEmailsPage> {
    const { after, limit } = parseOrThrow(memberEmailsSchema, payload);
    return this.reads.memberEmails(after, limit);
  }

  @MessagePattern(MembershipSubjects.discount)
  discount(@Payload() payload: unknown): Promise<MemberDiscount> {
    return this.reads.discount(parseOrThrow(memberIdSchema, payload).memberId);
  }
}

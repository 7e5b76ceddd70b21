import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { MembershipMailer } from './membership-mailer';

/** The welcome and referral-earned mails, from `membership.member.joined`. */
@Module({
  imports: [MembersModule],
  providers: [MembershipMailer],
})
export class MembershipMailModule {}

import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { AdminMembersHandlers } from './admin-members.handlers';
import { JoinCompletionQueue } from './join-completion-queue';
import { MemberReadsService } from './member-reads.service';
import { MembersHandlers } from './members.handlers';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';

/** Members: the payment step, joins (and finishing a join the browser left), profiles, a member's reads, the admin's list. */
@Module({
  imports: [SubscriptionsModule],
  controllers: [MembersHandlers, AdminMembersHandlers],
  providers: [MembersRepository, MembersService, MemberReadsService, JoinCompletionQueue],
  exports: [MembersRepository, MembersService, JoinCompletionQueue],
})
export class MembersModule {}

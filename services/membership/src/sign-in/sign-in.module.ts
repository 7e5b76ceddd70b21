import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { MemberSignInHandlers } from './member-sign-in.handlers';
import { MemberSignInService } from './member-sign-in.service';

/** A member's way in: the gateway's join and sign-in links, settled with identity in one request (ADR 0038). */
@Module({
  imports: [MembersModule],
  controllers: [MemberSignInHandlers],
  providers: [MemberSignInService],
})
export class SignInModule {}

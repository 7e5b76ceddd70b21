import { joinAndSignInSchema, memberLinkEmailSchema, MembershipSubjects, type CompletedJoin } from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MemberSignInService } from './member-sign-in.service';

/** NATS patterns only: the gateway's join and member sign-in link requests (ADR 0038). */
@Controller()
export class MemberSignInHandlers {
  constructor(private readonly signIn: MemberSignInService) {}

  @MessagePattern(MembershipSubjects.joinAndSignIn)
  joinAndSignIn(@Payload() payload: unknown): Promise<CompletedJoin> {
    return this.signIn.joinAndSignIn(parseOrThrow(joinAndSignInSchema, payload));
  }

  @MessagePattern(MembershipSubjects.sendMemberLink)
  sendMemberLink(@Payload() payload: unknown): Promise<{ accepted: true }> {
    return this.signIn.sendLink(parseOrThrow(memberLinkEmailSchema, payload).email);
  }
}

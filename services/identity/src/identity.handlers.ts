import {
  createSessionSchema,
  ensureMemberUserSchema,
  memberCodeSchema,
  memberLinkRequestSchema,
  type CreatedMemberLink,
  type MemberAccount,
  type RegisterOutcome,
  registerRequestSchema,
  IdentitySubjects,
  loginSchema,
  sessionTokenSchema,
  type CreatedSession,
  type PublicUser,
  type ResolvedSession,
} from '@km/contracts';
import { parseOrThrow, SERVICE_CONFIG } from '@km/nest-kit';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { IdentityConfig } from './config';
import { MemberLinksService } from './users/member-links.service';
import { assertNewPassword } from './passwords/password-rule';
import { SessionsService } from './sessions/sessions.service';
import { UsersService } from './users/users.service';

/** NATS patterns only; the gateway has already decided who may call what. */
@Controller()
export class IdentityHandlers {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly memberLinks: MemberLinksService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @MessagePattern(IdentitySubjects.verifyCredentials)
  verifyCredentials(@Payload() payload: unknown): Promise<PublicUser> {
    const { username, password } = parseOrThrow(loginSchema, payload);
    return this.users.verifyCredentials(username, password);
  }

  @MessagePattern(IdentitySubjects.register)
  register(@Payload() payload: unknown): Promise<RegisterOutcome> {
    const input = parseOrThrow(registerRequestSchema, payload);
    assertNewPassword(input.password, 'password');
    return this.users.register(input);
  }

  @MessagePattern(IdentitySubjects.createSession)
  createSession(@Payload() payload: unknown): Promise<CreatedSession> {
    const { userId } = parseOrThrow(createSessionSchema, payload);
    return this.sessions.create(userId, this.config.sessionTtlHours);
  }

  @MessagePattern(IdentitySubjects.resolveSession)
  async resolveSession(@Payload() payload: unknown): Promise<ResolvedSession> {
    const { token } = parseOrThrow(sessionTokenSchema, payload);
    return { user: await this.sessions.resolve(token) };
  }

  @MessagePattern(IdentitySubjects.revokeSession)
  async revokeSession(@Payload() payload: unknown): Promise<{ ok: true }> {
    const { token } = parseOrThrow(sessionTokenSchema, payload);
    await this.sessions.revoke(token);
    return { ok: true };
  }

  @MessagePattern(IdentitySubjects.ensureMemberUser)
  ensureMemberUser(@Payload() payload: unknown): Promise<MemberAccount> {
    const { memberId, email, signedInUserId } = parseOrThrow(ensureMemberUserSchema, payload);
    return this.memberLinks.ensureMemberUser(memberId, email, signedInUserId);
  }

  @MessagePattern(IdentitySubjects.createMemberLink)
  createMemberLink(@Payload() payload: unknown): Promise<CreatedMemberLink> {
    const { memberId, email } = parseOrThrow(memberLinkRequestSchema, payload);
    return this.memberLinks.create(memberId, email);
  }

  @MessagePattern(IdentitySubjects.redeemMemberLink)
  redeemMemberLink(@Payload() payload: unknown): Promise<PublicUser> {
    return this.memberLinks.redeem(parseOrThrow(sessionTokenSchema, payload).token);
  }

  @MessagePattern(IdentitySubjects.redeemMemberCode)
  redeemMemberCode(@Payload() payload: unknown): Promise<PublicUser> {
    const { email, code } = parseOrThrow(memberCodeSchema, payload);
    return this.memberLinks.redeemCode(email, code);
  }

  @MessagePattern(IdentitySubjects.verifyEmail)
  verifyEmail(@Payload() payload: unknown): Promise<PublicUser> {
    return this.memberLinks.verifyEmail(parseOrThrow(sessionTokenSchema, payload).token);
  }
}

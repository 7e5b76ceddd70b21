import {
  createSessionSchema,
  ensureMemberUserSchema,
  memberLinkRequestSchema,
  type CreatedMemberLink,
  IdentitySubjects,
  loginSchema,
  registerSchema,
  sessionTokenSchema,
  type CreatedSession,
  type PublicUser,
  type ResolvedSession,
} from '@km/contracts';
import { parseOrThrow, SERVICE_CONFIG } from '@km/nest-kit';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { IdentityConfig } from './config';
import { MemberLinksService } from './members/member-links.service';
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
  register(@Payload() payload: unknown): Promise<PublicUser> {
    const input = parseOrThrow(registerSchema, payload);
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
  ensureMemberUser(@Payload() payload: unknown): Promise<PublicUser> {
    const { memberId, email } = parseOrThrow(ensureMemberUserSchema, payload);
    return this.memberLinks.ensureMemberUser(memberId, email);
  }

  @MessagePattern(IdentitySubjects.createMemberLink)
  createMemberLink(@Payload() payload: unknown): Promise<CreatedMemberLink> {
    return this.memberLinks.create(parseOrThrow(memberLinkRequestSchema, payload).memberId);
  }

  @MessagePattern(IdentitySubjects.redeemMemberLink)
  redeemMemberLink(@Payload() payload: unknown): Promise<PublicUser> {
    return this.memberLinks.redeem(parseOrThrow(sessionTokenSchema, payload).token);
  }
}

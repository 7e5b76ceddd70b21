import {
  changePasswordSchema,
  completeLoginSchema,
  confirmTotpSchema,
  disableTotpSchema,
  IdentitySubjects,
  pendingLoginSchema,
  userIdSchema,
  type CompletedLogin,
  type LoginStep,
  type TotpEnrolment,
  type TotpStatus,
} from '@km/contracts/identity';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PasswordChangeService } from './passwords/password-change.service';
import { SessionsService } from './sessions/sessions.service';
import { SecondFactorService } from './totp/second-factor.service';

/** NATS patterns of the account hardening (ADR 0029): the admin second factor, sign out everywhere, password change. */
@Controller()
export class AccountHandlers {
  constructor(
    private readonly secondFactor: SecondFactorService,
    private readonly sessions: SessionsService,
    private readonly passwords: PasswordChangeService,
  ) {}

  @MessagePattern(IdentitySubjects.startLogin)
  startLogin(@Payload() payload: unknown): Promise<LoginStep> {
    return this.secondFactor.startLogin(parseOrThrow(userIdSchema, payload).userId);
  }

  @MessagePattern(IdentitySubjects.pendingLoginUser)
  pendingLoginUser(@Payload() payload: unknown): Promise<{ userId: string }> {
    return this.secondFactor.pendingLoginUser(parseOrThrow(pendingLoginSchema, payload).pendingToken);
  }

  @MessagePattern(IdentitySubjects.setupPendingLoginTotp)
  setupPendingLoginTotp(@Payload() payload: unknown): Promise<TotpEnrolment> {
    return this.secondFactor.setupForPendingLogin(parseOrThrow(pendingLoginSchema, payload).pendingToken);
  }

  @MessagePattern(IdentitySubjects.completeLogin)
  completeLogin(@Payload() payload: unknown): Promise<CompletedLogin> {
    const { pendingToken, code } = parseOrThrow(completeLoginSchema, payload);
    return this.secondFactor.completeLogin(pendingToken, code);
  }

  @MessagePattern(IdentitySubjects.totpStatus)
  totpStatus(@Payload() payload: unknown): Promise<TotpStatus> {
    return this.secondFactor.status(parseOrThrow(userIdSchema, payload).userId);
  }

  @MessagePattern(IdentitySubjects.setupTotp)
  setupTotp(@Payload() payload: unknown): Promise<TotpEnrolment> {
    return this.secondFactor.setup(parseOrThrow(userIdSchema, payload).userId);
  }

  @MessagePattern(IdentitySubjects.confirmTotp)
  confirmTotp(@Payload() payload: unknown): Promise<{ recoveryCodes: string[] }> {
    const { userId, code } = parseOrThrow(confirmTotpSchema, payload);
    return this.secondFactor.confirm(userId, code);
  }

  @MessagePattern(IdentitySubjects.disableTotp)
  disableTotp(@Payload() payload: unknown): Promise<{ ok: true }> {
    const { userId, currentPassword, code } = parseOrThrow(disableTotpSchema, payload);
    return this.secondFactor.disable(userId, currentPassword, code);
  }

  @MessagePattern(IdentitySubjects.revokeAllSessions)
  async revokeAllSessions(@Payload() payload: unknown): Promise<{ revokedSessions: number }> {
    return { revokedSessions: await this.sessions.revokeAll(parseOrThrow(userIdSchema, payload).userId) };
  }

  @MessagePattern(IdentitySubjects.changePassword)
  changePassword(@Payload() payload: unknown): Promise<{ revokedSessions: number }> {
    return this.passwords.change(parseOrThrow(changePasswordSchema, payload));
  }
}

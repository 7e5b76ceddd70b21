import type { CompletedLogin, LoginStep, TotpEnrolment, TotpStatus } from '@km/contracts/identity';
import { AppError, ForbiddenError, InvalidError, invalidFields, SERVICE_CONFIG, UnauthorizedError } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { DataSource, type EntityManager } from 'typeorm';
import type { IdentityConfig } from '../config';
import { hashToken } from '../sessions/sessions.service';
import { verifyPassword } from '../users/password-hasher';
import { toPublicUser, User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { resetSecondFactor } from './second-factor.store';
import { checkTotp, hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri } from './totp-codes';

export const SECOND_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.',
  replayedCode: 'That code was already used. Wait for the next code in your authenticator app.',
  pendingGone: 'This sign-in has expired or was already completed. Please sign in with your password again.',
  notEnrolling: 'No set-up is waiting for a code. Start the two-factor set-up again.',
  alreadyOn: 'Two-factor authentication is already on for this account. Turn it off first to set up a new device.',
  notOn: 'Two-factor authentication is not on for this account.',
  wrongPassword: 'The current password is not right.',
} as const;

type PendingKind = 'totp' | 'totp-enrolment';
/** How a wrong code is reported: 401 while signing in (like a wrong password), 400 to a signed-in admin. */
type Failure = (message: string) => AppError;
const duringSignIn: Failure = (message) => new UnauthorizedError(message);
const whileSignedIn: Failure = (message) => invalidFields([{ field: 'code', message }]);

/**
 * The admin second factor (ADR 0029, ASVS 5.0 V6.5–V6.6): TOTP enrolment, sign-ins that wait for a code, recovery
 * codes. The gateway rate-limits every code check per user before it gets here.
 */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** After a right password: a session for anyone but an admin; an admin gives a code, or enrols first. */
  async startLogin(userId: string): Promise<LoginStep> {
    const user = await this.user(userId);
    if (!user.isAdmin) return { next: 'session' };
    const [enrolled] = await this.dataSource.query(`SELECT 1 FROM admin_totp WHERE user_id = $1 AND secret IS NOT NULL`, [userId]);
    const { seededAdminMaySkip } = this.config.secondFactor;
    if (!enrolled && seededAdminMaySkip && user.username.toLowerCase() === this.config.admin.username.toLowerCase()) return { next: 'session' };
    const kind: PendingKind = enrolled ? 'totp' : 'totp-enrolment';
    const pendingToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.secondFactor.pendingLoginMinutes * 60_000);
    await this.dataSource.query(`INSERT INTO pending_logins (token_hash, user_id, kind, expires_at) VALUES ($1, $2, $3, $4)`, [
      hashToken(pendingToken),
      userId,
      kind,
      expiresAt,
    ]);
    return { next: kind, pendingToken, expiresAt: expiresAt.toISOString() };
  }

  async pendingLoginUser(pendingToken: string): Promise<{ userId: string }> {
    return { userId: (await this.pending(this.dataSource.manager, pendingToken)).userId };
  }

  /** An admin who must enrol before a session: the secret to scan, for the pending sign-in's user only. */
  async setupForPendingLogin(pendingToken: string): Promise<TotpEnrolment> {
    const pending = await this.pending(this.dataSource.manager, pendingToken);
    if (pending.kind !== 'totp-enrolment')
      throw new InvalidError('This sign-in waits for a code from your authenticator app; two-factor authentication is already set up.');
    return this.setup(pending.userId);
  }

  /**
   * Completes a pending sign-in with a code (TOTP or recovery; for an enrolment, the first code from the new app),
   * and uses it up. Everything commits together: the code's step or recovery code is spent only if the sign-in is.
   */
  async completeLogin(pendingToken: string, code: string): Promise<CompletedLogin> {
    return this.dataSource.transaction(async (manager) => {
      const pending = await this.pending(manager, pendingToken, true);
      const recoveryCodes = pending.kind === 'totp-enrolment' ? await this.confirmIn(manager, pending.userId, code, duringSignIn) : undefined;
      if (pending.kind === 'totp') await this.verifyIn(manager, pending.userId, code, duringSignIn);
      await manager.query(`UPDATE pending_logins SET used_at = now() WHERE id = $1`, [pending.id]);
      const user = await manager.getRepository(User).findOneByOrFail({ id: pending.userId });
      return { user: toPublicUser(user), ...(recoveryCodes ? { recoveryCodes } : {}) };
    });
  }

  async status(userId: string): Promise<TotpStatus> {
    const [row] = await this.dataSource.query(
      `SELECT (SELECT secret IS NOT NULL FROM admin_totp WHERE user_id = $1) AS enabled,
              (SELECT count(*)::int FROM totp_recovery_codes WHERE user_id = $1 AND used_at IS NULL) AS left`,
      [userId],
    );
    return { enabled: row.enabled === true, recoveryCodesLeft: row.enabled ? row.left : 0 };
  }

  /** Starts (or restarts) an enrolment: a new secret waits, unconfirmed, until a first valid code confirms it. */
  async setup(userId: string): Promise<TotpEnrolment> {
    const user = await this.user(userId);
    if (!user.isAdmin) throw new ForbiddenError('Two-factor authentication is for admin accounts.');
    const secret = newTotpSecret();
    const updated = await this.dataSource.query(
      `INSERT INTO admin_totp (user_id, pending_secret) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET pending_secret = EXCLUDED.pending_secret, updated_at = now() WHERE admin_totp.secret IS NULL
       RETURNING user_id`,
      [userId, secret],
    );
    if (updated.length === 0) throw new InvalidError(SECOND_FACTOR_MESSAGES.alreadyOn);
    const otpauthUri = totpUri(this.config.secondFactor.issuer, user.username, secret);
    const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUri, qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** The first valid code from the app turns TOTP on; answers ten new recovery codes, shown once. */
  confirm(userId: string, code: string): Promise<{ recoveryCodes: string[] }> {
    return this.dataSource.transaction(async (manager) => ({ recoveryCodes: await this.confirmIn(manager, userId, code, whileSignedIn) }));
  }

  /** Turning TOTP off takes the current password and a code (TOTP or recovery), so a session alone cannot do it. */
  async disable(userId: string, currentPassword: string, code: string): Promise<{ ok: true }> {
    const user = await this.user(userId);
    const hash = user.passwordHash;
    const ok = hash ? await this.users.argon2.run(() => verifyPassword(hash, currentPassword)) : false;
    if (!ok) throw invalidFields([{ field: 'currentPassword', message: SECOND_FACTOR_MESSAGES.wrongPassword }]);
    await this.dataSource.transaction(async (manager) => {
      await this.verifyIn(manager, userId, code, whileSignedIn);
      await resetSecondFactor(manager, userId);
    });
    return { ok: true };
  }

  private async confirmIn(manager: EntityManager, userId: string, code: string, failure: Failure): Promise<string[]> {
    const [row] = await manager.query(`SELECT secret, pending_secret FROM admin_totp WHERE user_id = $1 FOR UPDATE`, [userId]);
    if (row?.secret) throw new InvalidError(SECOND_FACTOR_MESSAGES.alreadyOn);
    if (!row?.pending_secret) throw new InvalidError(SECOND_FACTOR_MESSAGES.notEnrolling);
    const check = await checkTotp(row.pending_secret, code, null);
    if (!check.ok) throw failure(SECOND_FACTOR_MESSAGES.wrongCode);
    await manager.query(
      `UPDATE admin_totp SET secret = pending_secret, pending_secret = NULL, enabled_at = now(), last_step = $2, updated_at = now() WHERE user_id = $1`,
      [userId, check.step],
    );
    const codes = newRecoveryCodes();
    await manager.query(`DELETE FROM totp_recovery_codes WHERE user_id = $1`, [userId]);
    await manager.query(`INSERT INTO totp_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`, [userId, codes.map(hashRecoveryCode)]);
    return codes;
  }

  /**
   * Checks a code for an enrolled user and spends it: a TOTP code's step becomes the last one accepted (no replay),
   * a recovery code is marked used. The row lock makes two requests with the same code take turns, so one fails.
   */
  private async verifyIn(manager: EntityManager, userId: string, code: string, failure: Failure): Promise<void> {
    const [row] = await manager.query(`SELECT secret, last_step FROM admin_totp WHERE user_id = $1 AND secret IS NOT NULL FOR UPDATE`, [userId]);
    if (!row) throw new InvalidError(SECOND_FACTOR_MESSAGES.notOn);
    if (looksLikeRecoveryCode(code)) {
      // TypeORM answers an UPDATE as [rows, affected].
      const [, used]: [unknown[], number] = await manager.query(
        `UPDATE totp_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
        [userId, hashRecoveryCode(code)],
      );
      if (used !== 1) throw failure(SECOND_FACTOR_MESSAGES.wrongCode);
      return;
    }
    const check = await checkTotp(row.secret, code, row.last_step === null ? null : Number(row.last_step));
    if (!check.ok) throw failure(check.reason === 'replayed' ? SECOND_FACTOR_MESSAGES.replayedCode : SECOND_FACTOR_MESSAGES.wrongCode);
    await manager.query(`UPDATE admin_totp SET last_step = $2, updated_at = now() WHERE user_id = $1`, [userId, check.step]);
  }

  private async pending(manager: EntityManager, pendingToken: string, lock = false): Promise<{ id: string; userId: string; kind: PendingKind }> {
    const [row] = await manager.query(
      `SELECT id, user_id, kind FROM pending_logins WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()${lock ? ' FOR UPDATE' : ''}`,
      [hashToken(pendingToken)],
    );
    if (!row) throw new UnauthorizedError(SECOND_FACTOR_MESSAGES.pendingGone);
    return { id: row.id, userId: row.user_id, kind: row.kind };
  }

  private async user(userId: string): Promise<User> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw new UnauthorizedError('You need to sign in to do that.');
    return user;
  }
}

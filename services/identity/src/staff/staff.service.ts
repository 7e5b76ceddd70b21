import type { StaffAccount, StaffAccountRole, acceptStaffInvitationSchema, staffInvitationSchema } from '@km/contracts/identity';
import { ConflictError, ForbiddenError, NotFoundError, SERVICE_CONFIG, UnauthorizedError } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { IdentityConfig } from '../config';
import { staffInvitationMail } from '../mail/identity-mails';
import { hashPassword } from '../users/password-hasher';
import { MemberLinksService } from '../users/member-links.service';
import { UsersService } from '../users/users.service';

/** An invitation's link works for 72 hours, once; sending it again retires the one before (ADR 0052). */
export const STAFF_INVITATION_TTL_MS = 72 * 3600_000;

/** One key for every staff change: they are decided one at a time, so no two can leave the site without an admin. */
const STAFF_CHANGES_LOCK = 520_052;

export const STAFF_MESSAGES = {
  ownAccount: 'You cannot change or remove your own account: ask another admin to do it.',
  disabled: 'This account was removed. Invite the person again with another username.',
  invitationRefused: 'This invitation link has expired or has already been used. Ask an admin to invite you again.',
  alreadyAccepted: 'This person has already set a password from their invitation: they sign in on /admin.',
} as const;

interface StaffRow {
  id: string;
  username: string;
  email: string | null;
  is_admin: boolean;
  roles: string[];
  disabled_at: Date | null;
  has_password: boolean;
  created_at: Date;
}

const STAFF_COLUMNS = `id, username, email, is_admin, roles, disabled_at, password_hash IS NOT NULL AS has_password, created_at`;
/** Staff are admins and holders of a staff role (ADR 0043); a member's passwordless user never is. */
const IS_STAFF = `member_id IS NULL AND (is_admin OR roles <> '{}')`;

const toStaffAccount = (row: StaffRow): StaffAccount => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.is_admin ? 'admin' : 'prayer_team',
  status: row.disabled_at ? 'disabled' : row.has_password ? 'active' : 'invited',
  createdAt: row.created_at.toISOString(),
});

const roleColumns = (role: StaffAccountRole) => ({ isAdmin: role === 'admin', roles: role === 'admin' ? [] : [role] });

/**
 * The Team screen's rules (ADR 0052): admins invite staff by email, change a staff account's role and remove one. Each
 * change takes one transaction-scoped advisory lock and re-reads under it that the caller is still an active admin; the
 * caller may not change their own account. So every change leaves at least its caller as an admin: the last admin can be
 * neither demoted nor removed, and two admins demoting or removing each other at once leave one admin, never none.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly links: MemberLinksService,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Every staff account, the removed ones last; staff are few, and the list is bounded all the same (ADR 0011). */
  async list(): Promise<{ items: StaffAccount[] }> {
    const rows: StaffRow[] = await this.dataSource.query(
      `SELECT ${STAFF_COLUMNS} FROM users WHERE ${IS_STAFF} ORDER BY disabled_at IS NOT NULL, lower(username) LIMIT 500`,
    );
    return { items: rows.map(toStaffAccount) };
  }

  async invite(input: z.output<typeof staffInvitationSchema>): Promise<StaffAccount> {
    let send: (() => Promise<void>) | undefined;
    try {
      const account = await this.decide(input.byUserId, async (manager) => {
        const { isAdmin, roles } = roleColumns(input.role);
        // No password until the owner of the address sets one from the link: the invitation proves the email too.
        const [row] = (await manager.query(`INSERT INTO users (username, email, is_admin, roles) VALUES ($1, $2, $3, $4) RETURNING ${STAFF_COLUMNS}`, [
          input.username,
          input.email,
          isAdmin,
          roles,
        ])) as StaffRow[];
        send = await this.invitation(manager, row);
        return toStaffAccount(row);
      });
      // After the commit, so no link reaches an inbox for an account that was rolled back.
      await send?.();
      return account;
    } catch (error) {
      if (!(error instanceof QueryFailedError && (error as unknown as { code?: string }).code === '23505')) throw error;
      throw ((error as unknown as { constraint?: string }).constraint ?? '').includes('email')
        ? new ConflictError('email_taken', 'That email address already has an account.')
        : new ConflictError('username_taken', 'That username is already taken.');
    }
  }

  async changeRole(userId: string, role: StaffAccountRole, byUserId: string): Promise<StaffAccount> {
    return this.decide(byUserId, async (manager) => {
      const target = await this.changeable(manager, userId, byUserId);
      const { isAdmin, roles } = roleColumns(role);
      const [rows] = (await manager.query(`UPDATE users SET is_admin = $2, roles = $3 WHERE id = $1 RETURNING ${STAFF_COLUMNS}`, [userId, isAdmin, roles])) as [
        StaffRow[],
        number,
      ];
      // The account signs in again under its new role: a new admin's session then waits for the second factor (ADR 0029).
      if (target.is_admin !== isAdmin) await this.endSessions(manager, userId);
      return toStaffAccount(rows[0]);
    });
  }

  /** Disables the account, ends its sessions and retires its open links in the same transaction. Removing twice is one removal. */
  async remove(userId: string, byUserId: string): Promise<StaffAccount> {
    return this.decide(byUserId, async (manager) => {
      const target = await this.changeable(manager, userId, byUserId, true);
      if (target.disabled_at) return toStaffAccount(target);
      const [rows] = (await manager.query(`UPDATE users SET disabled_at = now() WHERE id = $1 RETURNING ${STAFF_COLUMNS}`, [userId])) as [StaffRow[], number];
      await this.endSessions(manager, userId);
      await manager.query(`UPDATE member_sign_in_links SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
      return toStaffAccount(rows[0]);
    });
  }

  /**
   * A new invitation link for an account that has not set its password yet (the mail went astray, or 72 hours passed).
   * Issuing it retires the link sent before, under the user's row lock, so one link is open at a time.
   */
  async resendInvitation(userId: string, byUserId: string): Promise<StaffAccount> {
    let send: (() => Promise<void>) | undefined;
    const account = await this.decide(byUserId, async (manager) => {
      const target = await this.changeable(manager, userId, byUserId);
      if (target.has_password) throw new ConflictError('invitation_accepted', STAFF_MESSAGES.alreadyAccepted);
      send = await this.invitation(manager, target);
      return toStaffAccount(target);
    });
    // After the commit, as for the first invitation.
    await send?.();
    return account;
  }

  /** Issues the account's invitation link and answers how to mail it, once the caller's transaction has committed. */
  private async invitation(manager: EntityManager, row: StaffRow): Promise<() => Promise<void>> {
    const link = await this.links.issue(manager, row, 'staff_invitation', STAFF_INVITATION_TTL_MS, null);
    const url = `${this.config.publicOrigin}/staff-invitation#token=${encodeURIComponent(link.token)}`;
    const { email, username, role } = toStaffAccount(row);
    if (!email) throw new ConflictError('no_email', 'This account has no email address to send an invitation to.');
    const mail = staffInvitationMail(this.config.publicOrigin, email, url, username, role);
    return () => this.mail.send(`staff-invitation:${link.linkId}`, mail);
  }

  /** The invitee's first password; the link is used up in the same statement that checks it, so it works once. */
  async acceptInvitation({ token, password }: z.output<typeof acceptStaffInvitationSchema>): Promise<{ username: string }> {
    const passwordHash = await this.users.argon2.run(() => hashPassword(password));
    return this.dataSource.transaction(async (manager) => {
      const [links] = (await manager.query(
        `UPDATE member_sign_in_links SET used_at = now()
         WHERE token_hash = $1 AND purpose = 'staff_invitation' AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [createHash('sha256').update(token).digest('hex')],
      )) as [{ user_id: string }[], number];
      if (links.length === 0) throw new UnauthorizedError(STAFF_MESSAGES.invitationRefused);
      const [users] = (await manager.query(
        `UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now())
         WHERE id = $1 AND disabled_at IS NULL AND password_hash IS NULL RETURNING username`,
        [links[0].user_id, passwordHash],
      )) as [{ username: string }[], number];
      if (users.length === 0) throw new UnauthorizedError(STAFF_MESSAGES.invitationRefused);
      return { username: users[0].username };
    });
  }

  /** Runs a change under the staff lock, once the caller is found to be an admin still (another admin may have just demoted them). */
  private decide<T>(byUserId: string, change: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1)`, [STAFF_CHANGES_LOCK]);
      const [actor] = await manager.query(`SELECT 1 FROM users WHERE id = $1 AND is_admin AND disabled_at IS NULL`, [byUserId]);
      if (!actor) throw new ForbiddenError('Admin access required.');
      return change(manager);
    });
  }

  private endSessions(manager: EntityManager, userId: string): Promise<unknown> {
    return manager.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
  }

  private async changeable(manager: EntityManager, userId: string, byUserId: string, disabledToo = false): Promise<StaffRow> {
    if (userId === byUserId) throw new ConflictError('own_account', STAFF_MESSAGES.ownAccount);
    const [target] = (await manager.query(`SELECT ${STAFF_COLUMNS} FROM users WHERE id = $1 AND ${IS_STAFF}`, [userId])) as StaffRow[];
    if (!target) throw new NotFoundError('staff account', userId);
    if (target.disabled_at && !disabledToo) throw new ConflictError('account_disabled', STAFF_MESSAGES.disabled);
    return target;
  }
}

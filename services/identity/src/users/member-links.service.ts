import type { CreatedMemberLink, MemberAccount, PublicUser } from '@km/contracts/identity';
import { ConflictError, NotFoundError, SERVICE_CONFIG, UnauthorizedError } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { IdentityConfig } from '../config';
import { membershipWaitingMail, signInLinkMail, verifyEmailMail } from '../mail/identity-mails';
import { toPublicUser, User } from './user.entity';

/** A sign-in link works for 15 minutes, once (ADR 0026, ASVS V6); a newer link retires the older ones. */
export const MEMBER_LINK_TTL_MS = 15 * 60_000;
/** An email verification link works for 24 hours, once. */
export const VERIFY_LINK_TTL_MS = 24 * 3600_000;
/** Wrong codes a link survives before it is retired: five guesses in a million. */
export const CODE_ATTEMPTS = 5;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The code's hash is salted with its link's id, so one code's hash says nothing about another link's. */
const codeHash = (linkId: string, code: string) => sha256(`${linkId}:${code}`);

export const LINK_REFUSED = 'This sign-in link has expired or has already been used. Request a new link from the member dashboard.';
export const CODE_REFUSED = 'That code is not right, or it has expired. Check the latest email, or request a new link from the member dashboard.';
export const VERIFY_REFUSED = 'This confirmation link has expired or has already been used. Sign in and ask for a new one, or register again.';

interface IssuedLink {
  linkId: string;
  token: string;
  code: string;
  expiresAt: string;
}

interface LinkRow {
  id: string;
  user_id: string;
  attach_member_id: string | null;
}

/**
 * One-time links mailed to an address: member sign-in, and email verification (ADR 0026). Redeeming one proves its
 * owner holds the address, so it is the only way an email comes to carry an account that was not proved before.
 */
@Injectable()
export class MemberLinksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Whose account a paid membership is. Never an existing account found by its email: that would sign the payer in as
   * whoever registered the address (ADR 0026). The email's verified owner, signed in, may take it.
   */
  async ensureMemberUser(memberId: string, email: string, signedInUserId?: string): Promise<MemberAccount> {
    const users = this.dataSource.getRepository(User);
    const own = await users.findOneBy({ memberId });
    if (own) return { status: 'member_user', user: toPublicUser(own) };
    if (signedInUserId) {
      const [rows] = (await this.dataSource.query(
        `UPDATE users SET member_id = $1 WHERE id = $2 AND member_id IS NULL AND email_verified_at IS NOT NULL AND lower(email) = lower($3) RETURNING id`,
        [memberId, signedInUserId, email],
      )) as [{ id: string }[], number];
      if (rows.length) return { status: 'linked', user: toPublicUser(await users.findOneByOrFail({ id: signedInUserId })) };
    }
    // ON CONFLICT without a target: a second call for the member, or an email another account holds, inserts nothing.
    await this.dataSource.query(`INSERT INTO users (username, email, member_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      `member-${memberId}`,
      email,
      memberId,
    ]);
    const made = await users.findOneBy({ memberId });
    return made ? { status: 'member_user', user: toPublicUser(made) } : { status: 'email_in_use', user: null };
  }

  /**
   * A sign-in link and code for the member's account, or, while another account holds the membership's email, for
   * that account: redeeming it then attaches the membership there. Older open links of the account are retired.
   */
  async create(memberId: string, email: string): Promise<CreatedMemberLink> {
    const { link, to, waiting } = await this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(User);
      const member = await users.findOneBy({ memberId });
      const target = member ?? (await users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne());
      if (!target?.email) throw new NotFoundError('member user', memberId);
      return { link: await this.issue(manager, target, 'sign_in', MEMBER_LINK_TTL_MS, member ? null : memberId), to: target.email, waiting: !member };
    });
    // A fragment, not a query: it never reaches a server log or a Referer header.
    const url = `${this.config.publicOrigin}/member-dashboard#signin=${encodeURIComponent(link.token)}`;
    await this.mail.send(`member-sign-in:${link.linkId}`, (waiting ? membershipWaitingMail : signInLinkMail)(this.config.publicOrigin, to, url, link.code));
    return { linkId: link.linkId, expiresAt: link.expiresAt };
  }

  /** Mails an email verification link to a user who just registered (no code: it is opened where it was asked for). */
  async sendVerification(manager: EntityManager, user: User): Promise<() => Promise<void>> {
    const link = await this.issue(manager, user, 'verify_email', VERIFY_LINK_TTL_MS, null);
    const url = `${this.config.publicOrigin}/verify-email#token=${encodeURIComponent(link.token)}`;
    // Sent after the caller's transaction commits, so a link never reaches an inbox for a user that was rolled back.
    return () => this.mail.send(`verify-email:${link.linkId}`, verifyEmailMail(this.config.publicOrigin, user.email!, url));
  }

  /** A new one-time link of this purpose for the user; the user's older open links of the purpose are retired. */
  async issue(
    manager: EntityManager,
    user: Pick<User, 'id'>,
    purpose: 'sign_in' | 'verify_email' | 'staff_invitation',
    ttlMs: number,
    attachMemberId: string | null,
  ): Promise<IssuedLink> {
    // The user's row lock orders two requests at once: each retires what came before it, and one link stays open.
    await manager.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
    await manager.query(`UPDATE member_sign_in_links SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [user.id, purpose]);
    const token = randomBytes(32).toString('base64url');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // The database's clock for both ends, so the window is exactly the TTL.
    const [row] = await manager.query<{ id: string; expires_at: Date }[]>(
      `INSERT INTO member_sign_in_links (token_hash, user_id, expires_at, purpose, attach_member_id)
       VALUES ($1, $2, now() + $3 * interval '1 millisecond', $4, $5) RETURNING id, expires_at`,
      [sha256(token), user.id, ttlMs, purpose, attachMemberId],
    );
    if (purpose === 'sign_in') await manager.query(`UPDATE member_sign_in_links SET code_hash = $2 WHERE id = $1`, [row.id, codeHash(row.id, code)]);
    return { linkId: row.id, token, code, expiresAt: row.expires_at.toISOString() };
  }

  /** One guarded statement marks the link used: of two simultaneous uses, exactly one signs in. */
  async redeem(token: string): Promise<PublicUser> {
    return this.dataSource.transaction(async (manager) => {
      // TypeORM's postgres driver answers an UPDATE … RETURNING as [rows, affected].
      const [rows] = (await manager.query(
        `UPDATE member_sign_in_links SET used_at = now()
         WHERE token_hash = $1 AND purpose = 'sign_in' AND used_at IS NULL AND expires_at > now() RETURNING id, user_id, attach_member_id`,
        [sha256(token)],
      )) as [LinkRow[], number];
      if (rows.length === 0) throw new UnauthorizedError(LINK_REFUSED);
      return this.provedOwner(manager, rows[0]);
    });
  }

  /**
   * The code from the newest open link sent to the address. Each wrong code costs the link one of its five tries,
   * counted in the same statement that checks it, so parallel guesses cannot share a try.
   */
  async redeemCode(email: string, code: string): Promise<PublicUser> {
    // A wrong code is refused after the transaction commits: the try it cost must not roll back with the refusal.
    const user = await this.dataSource.transaction(async (manager): Promise<PublicUser | null> => {
      const [link] = (await manager.query(
        `SELECT l.id, l.user_id, l.attach_member_id, l.code_hash FROM member_sign_in_links l JOIN users u ON u.id = l.user_id
         WHERE lower(u.email) = lower($1) AND l.purpose = 'sign_in' AND l.used_at IS NULL AND l.expires_at > now() AND l.code_hash IS NOT NULL
         ORDER BY l.created_at DESC LIMIT 1 FOR UPDATE OF l`,
        [email],
      )) as (LinkRow & { code_hash: string })[];
      if (!link) throw new UnauthorizedError(CODE_REFUSED);
      const right = timingSafeEqual(Buffer.from(link.code_hash, 'hex'), Buffer.from(codeHash(link.id, code), 'hex'));
      if (!right) {
        await manager.query(
          `UPDATE member_sign_in_links SET code_attempts = code_attempts + 1, used_at = CASE WHEN code_attempts + 1 >= $2 THEN now() END WHERE id = $1`,
          [link.id, CODE_ATTEMPTS],
        );
        return null;
      }
      await manager.query(`UPDATE member_sign_in_links SET used_at = now() WHERE id = $1`, [link.id]);
      return this.provedOwner(manager, link);
    });
    if (!user) throw new UnauthorizedError(CODE_REFUSED);
    return user;
  }

  /** An email verification link: the user's email is proved, nothing else changes. */
  async verifyEmail(token: string): Promise<PublicUser> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE member_sign_in_links SET used_at = now()
         WHERE token_hash = $1 AND purpose = 'verify_email' AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [sha256(token)],
      )) as [{ user_id: string }[], number];
      if (rows.length === 0) throw new UnauthorizedError(VERIFY_REFUSED);
      await manager.query(`UPDATE users SET email_verified_at = now() WHERE id = $1 AND email_verified_at IS NULL`, [rows[0].user_id]);
      return toPublicUser(await manager.getRepository(User).findOneByOrFail({ id: rows[0].user_id }));
    });
  }

  /**
   * The holder of the mailed link owns the address. A membership waiting for this account is attached now. An account
   * whose email was never proved was made by whoever typed the address (ADR 0026): its password and
   * sessions are theirs, not the owner's, so both go, and the owner signs in by link from now on.
   */
  private async provedOwner(manager: EntityManager, link: LinkRow): Promise<PublicUser> {
    // An admin's password was set by the configuration or by another admin, not by whoever typed the address: it stays.
    const [proved] = (await manager.query(
      `UPDATE users SET email_verified_at = now(), password_hash = CASE WHEN is_admin THEN password_hash END
       WHERE id = $1 AND email_verified_at IS NULL RETURNING is_admin`,
      [link.user_id],
    )) as [{ is_admin: boolean }[], number];
    if (proved.length && !proved[0].is_admin)
      await manager.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [link.user_id]);
    if (link.attach_member_id) {
      const [, attached] = (await manager.query(`UPDATE users SET member_id = $2 WHERE id = $1 AND (member_id IS NULL OR member_id = $2) RETURNING id`, [
        link.user_id,
        link.attach_member_id,
      ])) as [unknown[], number];
      if (!attached) throw new ConflictError('member_elsewhere', 'This account already belongs to another membership. Please contact support.');
    }
    return toPublicUser(await manager.getRepository(User).findOneByOrFail({ id: link.user_id }));
  }
}

import type { CreatedMemberLink, PublicUser } from '@km/contracts';
import { NotFoundError, UnauthorizedError } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { toPublicUser, User } from '../users/user.entity';

/** A sign-in link works for 24 hours (issue 12), once. */
export const MEMBER_LINK_TTL_MS = 24 * 3600_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const LINK_REFUSED = 'This sign-in link has expired or has already been used. Request a new link from the member dashboard.';

/** Members have no password: they are users with a member id, signed in by one-time links mailed to them. */
@Injectable()
export class MemberLinksService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The member's user, made on first use. A user who registered earlier with the same email becomes the member's
   * user (one person, one account) rather than the join failing on the unique email.
   */
  async ensureMemberUser(memberId: string, email: string): Promise<PublicUser> {
    const users = this.dataSource.getRepository(User);
    // ON CONFLICT without a target: a second call for the member, or an email already taken, inserts nothing.
    await this.dataSource.query(`INSERT INTO users (username, email, member_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      `member-${memberId}`,
      email,
      memberId,
    ]);
    let user = await users.findOneBy({ memberId });
    if (!user) {
      await this.dataSource.query(`UPDATE users SET member_id = $1 WHERE lower(email) = lower($2) AND member_id IS NULL`, [memberId, email]);
      user = await users.findOneBy({ memberId });
    }
    if (!user) throw new NotFoundError('member user', memberId);
    return toPublicUser(user);
  }

  async create(memberId: string): Promise<CreatedMemberLink> {
    const user = await this.dataSource.getRepository(User).findOneBy({ memberId });
    if (!user) throw new NotFoundError('member user', memberId);
    const token = randomBytes(32).toString('base64url');
    // The database's clock for both ends, so the window is exactly the TTL.
    const [row] = await this.dataSource.query<{ id: string; expires_at: Date }[]>(
      `INSERT INTO member_sign_in_links (token_hash, user_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond') RETURNING id, expires_at`,
      [hashToken(token), user.id, MEMBER_LINK_TTL_MS],
    );
    return { linkId: row.id, token, expiresAt: row.expires_at.toISOString() };
  }

  /** One guarded statement marks the link used: of two simultaneous uses, exactly one signs in. */
  async redeem(token: string): Promise<PublicUser> {
    // TypeORM's postgres driver answers an UPDATE … RETURNING as [rows, affected].
    const [rows] = (await this.dataSource.query(
      `UPDATE member_sign_in_links SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [hashToken(token)],
    )) as [{ user_id: string }[], number];
    if (rows.length === 0) throw new UnauthorizedError(LINK_REFUSED);
    const user = await this.dataSource.getRepository(User).findOneByOrFail({ id: rows[0].user_id });
    return toPublicUser(user);
  }
}

import type { CreatedSession, PublicUser, StaffRole } from '@km/contracts';
import { SERVICE_CONFIG } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import type { IdentityConfig } from '../config';
import { toPublicUser, type User } from '../users/user.entity';
import { Session } from './session.entity';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A session's last_seen_at is written at most this often, so a burst of requests does not write on each one. */
const TOUCH_EVERY_SECONDS = 60;

interface ResolvedRow {
  id: string;
  username: string;
  email: string | null;
  is_admin: boolean;
  member_id: string | null;
  roles: StaffRole[];
}

@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<IdentityConfig, 'sessionIdleMinutes'>,
  ) {}

  async create(userId: string, ttlHours: number): Promise<CreatedSession> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
    await this.dataSource.getRepository(Session).insert({ tokenHash: hashToken(token), userId, expiresAt, revokedAt: null });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The session's user, or null when it is unknown, revoked, past its absolute expiry or idle for longer than its
   * role allows (admins 30 minutes, others 14 days by default), or its user was removed (ADR 0052). One statement checks all of that and moves
   * last_seen_at forward, at most once a minute, so most requests only read.
   */
  async resolve(token: string): Promise<PublicUser | null> {
    const rows: ResolvedRow[] = await this.dataSource.query(
      `WITH live AS (
         SELECT s.id AS session_id, s.last_seen_at, u.id, u.username, u.email, u.is_admin, u.member_id, u.roles
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.disabled_at IS NULL
            AND s.last_seen_at > now() - make_interval(mins => CASE WHEN u.is_admin OR u.roles <> '{}' THEN $2::int ELSE $3::int END)
       ), touched AS (
         UPDATE sessions SET last_seen_at = now() FROM live
          WHERE sessions.id = live.session_id AND live.last_seen_at < now() - make_interval(secs => $4)
       )
       SELECT id, username, email, is_admin, member_id, roles FROM live`,
      [hashToken(token), this.config.sessionIdleMinutes.admin, this.config.sessionIdleMinutes.member, TOUCH_EVERY_SECONDS],
    );
    const row = rows[0];
    return row
      ? toPublicUser({ id: row.id, username: row.username, email: row.email, isAdmin: row.is_admin, memberId: row.member_id, roles: row.roles } as User)
      : null;
  }

  async revoke(token: string): Promise<void> {
    await this.dataSource.getRepository(Session).update({ tokenHash: hashToken(token), revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Revokes every open session of the user, or every one but `exceptToken`'s; answers how many. */
  async revokeAll(userId: string, exceptToken?: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const where = { userId, revokedAt: IsNull(), ...(exceptToken ? { tokenHash: Not(hashToken(exceptToken)) } : {}) };
    const revoked = await manager.getRepository(Session).update(where, { revokedAt: new Date() });
    return revoked.affected ?? 0;
  }
}

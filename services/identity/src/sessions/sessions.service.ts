import type { CreatedSession, PublicUser } from '@km/contracts';
import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import { toPublicUser } from '../users/user.entity';
import { Session } from './session.entity';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class SessionsService {
  constructor(private readonly dataSource: DataSource) {}

  async create(userId: string, ttlHours: number): Promise<CreatedSession> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
    await this.dataSource.getRepository(Session).insert({ tokenHash: hashToken(token), userId, expiresAt, revokedAt: null });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  async resolve(token: string): Promise<PublicUser | null> {
    const session = await this.dataSource.getRepository(Session).findOne({
      where: { tokenHash: hashToken(token), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      relations: { user: true },
    });
    return session ? toPublicUser(session.user) : null;
  }

  async revoke(token: string): Promise<void> {
    await this.dataSource.getRepository(Session).update({ tokenHash: hashToken(token), revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}

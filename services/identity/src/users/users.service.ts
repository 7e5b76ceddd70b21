import { IdentityEvents, type PublicUser, type RegisterInput } from '@km/contracts';
import { commitWithEvents, ConflictError, OutboxRelayRunner, SERVICE_CONFIG, UnauthorizedError } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import type { IdentityConfig } from '../config';
import { PasswordGate } from './password-gate';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher';
import { toPublicUser, User } from './user.entity';

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    @Inject(SERVICE_CONFIG) config: IdentityConfig,
  ) {
    this.argon2 = new PasswordGate(config.argon2.concurrency, config.argon2.maxQueued);
  }

  /** The one argon2 budget (ADR 0012); password change and TOTP disable verify through it too. */
  readonly argon2: PasswordGate;

  async verifyCredentials(username: string, password: string): Promise<PublicUser> {
    const user = await this.findByUsername(username);
    const hash = user?.passwordHash;
    const ok = await this.argon2.run(() => (hash ? verifyPassword(hash, password) : verifyAgainstDummy(password)));
    if (!user || !ok) throw new UnauthorizedError('Invalid username or password');
    return toPublicUser(user);
  }

  async register(input: RegisterInput): Promise<PublicUser> {
    const passwordHash = await this.argon2.run(() => hashPassword(input.password));
    try {
      const user = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
        const created = await manager.save(
          manager.create(User, { username: input.username, email: input.email ?? null, passwordHash, isAdmin: input.isAdmin }),
        );
        await record(IdentityEvents.userRegistered, {
          userId: created.id,
          username: created.username,
          isAdmin: created.isAdmin,
        });
        return created;
      });
      return toPublicUser(user);
    } catch (error) {
      if (error instanceof QueryFailedError && (error as unknown as { code?: string }).code === '23505') {
        const constraint = (error as unknown as { constraint?: string }).constraint ?? '';
        throw constraint.includes('email')
          ? new ConflictError('email_taken', 'That email address is already registered.')
          : new ConflictError('username_taken', 'That username is already taken.');
      }
      throw error;
    }
  }

  /** Creates the first admin from configuration when no user has that name yet. */
  async ensureAdmin(username: string, password: string, email: string | null): Promise<'created' | 'exists'> {
    if (await this.findByUsername(username)) return 'exists';
    try {
      await this.register({ username, password, email: email ?? undefined, isAdmin: true });
      return 'created';
    } catch (error) {
      if (error instanceof ConflictError) return 'exists'; // a replica seeded it first
      throw error;
    }
  }

  private findByUsername(username: string): Promise<User | null> {
    return this.dataSource.getRepository(User).createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }
}

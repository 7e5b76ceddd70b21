import { IdentityEvents, type PublicUser, type StaffRole, type RegisterOutcome, type registerRequestSchema } from '@km/contracts';
import { commitWithEvents, ConflictError, OutboxRelayRunner, SERVICE_CONFIG, UnauthorizedError } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { DataSource, QueryFailedError } from 'typeorm';
import type { IdentityConfig } from '../config';
import { alreadyRegisteredMail, usernameTakenMail } from '../mail/identity-mails';
import { MemberLinksService } from './member-links.service';
import { PasswordGate } from './password-gate';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher';
import { toPublicUser, User } from './user.entity';

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    private readonly links: MemberLinksService,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {
    this.argon2 = new PasswordGate(config.argon2.concurrency, config.argon2.maxQueued);
  }

  /** The one argon2 budget (ADR 0012); password change and TOTP disable verify through it too. */
  readonly argon2: PasswordGate;

  async verifyCredentials(username: string, password: string): Promise<PublicUser> {
    const user = await this.findByUsername(username);
    const hash = user?.passwordHash;
    const ok = await this.argon2.run(() => (hash ? verifyPassword(hash, password) : verifyAgainstDummy(password)));
    // A removed staff account (ADR 0052) answers as a wrong password: nothing tells a guesser it exists.
    if (!user || !ok || user.disabledAt) throw new UnauthorizedError('Invalid username or password');
    return toPublicUser(user);
  }

  /**
   * A new account starts unverified and is mailed a confirmation link (ADR 0026). An admin is told exactly what went
   * wrong; anyone else gets one answer whatever happened, and what must be said goes by mail to the address given:
   * "someone tried your address" to an account's owner, "choose another username" to the registrant.
   */
  async register(input: Omit<z.output<typeof registerRequestSchema>, 'roles'> & { roles?: StaffRole[] }, verified = false): Promise<RegisterOutcome> {
    const passwordHash = await this.argon2.run(() => hashPassword(input.password));
    let confirm: (() => Promise<void>) | undefined;
    try {
      const user = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
        const created = await manager.save(
          manager.create(User, {
            username: input.username,
            email: input.email ?? null,
            passwordHash,
            isAdmin: input.isAdmin,
            roles: input.roles ?? [],
            emailVerifiedAt: verified && input.email ? new Date() : null,
          }),
        );
        if (created.email && !verified) confirm = await this.links.sendVerification(manager, created);
        await record(IdentityEvents.userRegistered, {
          userId: created.id,
          username: created.username,
          isAdmin: created.isAdmin,
        });
        return created;
      });
      await confirm?.();
      return { user: input.byAdmin ? toPublicUser(user) : null };
    } catch (error) {
      if (!(error instanceof QueryFailedError && (error as unknown as { code?: string }).code === '23505')) throw error;
      const emailTaken = ((error as unknown as { constraint?: string }).constraint ?? '').includes('email');
      if (input.byAdmin)
        throw emailTaken
          ? new ConflictError('email_taken', 'That email address is already registered.')
          : new ConflictError('username_taken', 'That username is already taken.');
      if (input.email) {
        const notice = (emailTaken ? alreadyRegisteredMail : usernameTakenMail)(this.config.publicOrigin, input.email);
        // One notice per address and kind an hour: a stranger cannot fill an inbox by registering again and again.
        await this.mail.send(`register-notice:${emailTaken ? 'email' : 'username'}:${input.email.toLowerCase()}:${Math.floor(Date.now() / 3600_000)}`, notice);
      }
      return { user: null };
    }
  }

  /** Creates the first admin from configuration when no user has that name yet. */
  async ensureAdmin(username: string, password: string, email: string | null): Promise<'created' | 'exists'> {
    if (await this.findByUsername(username)) return 'exists';
    try {
      // The configuration names the first admin's address: it is trusted as proved.
      await this.register({ username, password, email: email ?? undefined, isAdmin: true, byAdmin: true }, true);
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

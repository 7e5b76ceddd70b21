import { ConflictError, OutboxRelayRunner, SERVICE_CONFIG, UnauthorizedError } from '@km/nest-kit';
import { MailService, type OutgoingMail } from '@km/nest-kit/mail';
import { Test } from '@nestjs/testing';
import assert from 'node:assert/strict';
import { DataSource, QueryFailedError } from 'typeorm';
import { MemberLinksService } from './member-links.service';
import { hashPassword } from './password-hasher';
import type { User } from './user.entity';
import { UsersService } from './users.service';

/** UsersService on Nest's DI with its database replaced: one stored user, and a transaction that fails as told. */
async function usersService(stored: User | null, transactionError?: Error) {
  const lookups: string[] = [];
  const mailed: { key: string; mail: OutgoingMail }[] = [];
  const dataSource = {
    getRepository: () => ({
      createQueryBuilder: () => {
        const query = {
          where: (_sql: string, params: { username: string }) => (lookups.push(params.username), query),
          getOne: async () => (stored && stored.username.toLowerCase() === lookups.at(-1)!.toLowerCase() ? stored : null),
        };
        return query;
      },
    }),
    transaction: async () => {
      throw transactionError ?? new Error('no transaction expected');
    },
  };
  const module = await Test.createTestingModule({
    providers: [
      UsersService,
      { provide: DataSource, useValue: dataSource },
      { provide: OutboxRelayRunner, useValue: { relay: { kick: () => undefined } } },
      { provide: MemberLinksService, useValue: {} },
      { provide: MailService, useValue: { send: async (key: string, mail: OutgoingMail) => void mailed.push({ key, mail }) } },
      { provide: SERVICE_CONFIG, useValue: { argon2: { concurrency: 2, maxQueued: 10 }, publicOrigin: 'https://km.example' } },
    ],
  }).compile();
  return { users: module.get(UsersService), lookups, mailed };
}

const ruth = async (): Promise<User> =>
  ({ id: 'u-1', username: 'Ruth', email: 'ruth@example.com', passwordHash: await hashPassword('gleaning-42'), isAdmin: false }) as User;

/** A Postgres unique violation as TypeORM reports it. */
function uniqueViolation(constraint: string): QueryFailedError {
  return Object.assign(new QueryFailedError('INSERT INTO users', [], new Error('duplicate key value violates unique constraint')), {
    code: '23505',
    constraint,
  });
}

describe('UsersService.verifyCredentials', () => {
  test('the right password answers the public user, without its hash, whatever the letter case of the name', async () => {
    const { users } = await usersService(await ruth());
    assert.deepEqual(await users.verifyCredentials('RUTH', 'gleaning-42'), { id: 'u-1', username: 'Ruth', email: 'ruth@example.com', isAdmin: false });
  });

  test('a wrong password and an unknown user are the same UnauthorizedError', async () => {
    const { users } = await usersService(await ruth());
    for (const [username, password] of [
      ['ruth', 'not-it'],
      ['boaz', 'gleaning-42'],
    ]) {
      await assert.rejects(users.verifyCredentials(username, password), (error: unknown) => {
        assert.ok(error instanceof UnauthorizedError);
        assert.equal(error.message, 'Invalid username or password');
        return true;
      });
    }
  });
});

describe('UsersService.register', () => {
  test('for an admin, a taken email is a ConflictError email_taken, a taken username one of username_taken', async () => {
    for (const [constraint, reason, message] of [
      ['users_email_key', 'email_taken', 'That email address is already registered.'],
      ['users_username_lower_idx', 'username_taken', 'That username is already taken.'],
    ]) {
      const { users } = await usersService(null, uniqueViolation(constraint));
      await assert.rejects(users.register({ username: 'naomi', password: 'password-123', isAdmin: false, byAdmin: true }), (error: unknown) => {
        assert.ok(error instanceof ConflictError);
        assert.equal((error.details as { reason?: string }).reason, reason);
        assert.equal(error.message, message);
        return true;
      });
    }
  });

  test('for a visitor, a taken email or username answers the same nothing, and the address given is told by mail, quoting nothing typed', async () => {
    for (const [constraint, subject] of [
      ['users_email_lower_key', 'Someone tried to create an account with your email address'],
      ['users_username_lower_idx', 'Choose another username'],
    ]) {
      const { users, mailed } = await usersService(null, uniqueViolation(constraint));
      assert.deepEqual(await users.register({ username: 'naomi<b>', password: 'password-123', email: 'naomi@example.com', isAdmin: false, byAdmin: false }), {
        user: null,
      });
      assert.equal(mailed.length, 1);
      assert.equal(mailed[0].mail.to, 'naomi@example.com');
      assert.equal(mailed[0].mail.subject, subject);
      assert.ok(!mailed[0].mail.text.includes('naomi<b>') && !mailed[0].mail.html!.includes('naomi'), 'the username typed is not quoted');
    }
  });

  test('any other database failure is passed on as it is', async () => {
    const failure = new Error('connection lost');
    const { users } = await usersService(null, failure);
    await assert.rejects(
      users.register({ username: 'naomi', password: 'password-123', isAdmin: false, byAdmin: false }),
      (error: unknown) => error === failure,
    );
  });
});

describe('UsersService.ensureAdmin', () => {
  test('an admin name that exists in any letter case is left alone: exists, and nothing is written', async () => {
    const { users, lookups } = await usersService(await ruth());
    assert.equal(await users.ensureAdmin('RUTH', 'new-password-1', null), 'exists');
    assert.deepEqual(lookups, ['RUTH']);
  });

  test('a replica that seeded the admin first (a unique violation) still answers exists', async () => {
    const { users } = await usersService(null, uniqueViolation('users_username_lower_idx'));
    assert.equal(await users.ensureAdmin('admin', 'admin-password-1', null), 'exists');
  });
});

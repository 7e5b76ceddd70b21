import { PASSWORD_MESSAGES } from '@km/contracts/vocabulary';
import { AppError, UnauthorizedError } from '@km/nest-kit';
import type { TestDatabase } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { generate } from 'otplib';
import { DataSource } from 'typeorm';
import { AccountHandlers } from '../src/account.handlers';
import { IdentityHandlers } from '../src/identity.handlers';
import { PasswordChangeService } from '../src/passwords/password-change.service';
import { hashToken, SessionsService } from '../src/sessions/sessions.service';
import { SECOND_FACTOR_MESSAGES, SecondFactorService } from '../src/totp/second-factor.service';
import { TOTP_PERIOD_SECONDS } from '../src/totp/totp-codes';
import { UsersService } from '../src/users/users.service';
import { startIdentity } from './identity-harness';

// ADR 0029, ASVS 5.0 level 2: idle timeouts, sign out everywhere, password change, the admin second factor.
const SEEDED_ADMIN = 'chief';

let db: TestDatabase;
let app: INestApplication;
let users: UsersService;
let sessions: SessionsService;
let passwords: PasswordChangeService;
let secondFactor: SecondFactorService;
let dataSource: DataSource;
let n = 0;

beforeAll(async () => {
  ({ app, db } = await startIdentity({ ADMIN_USERNAME: SEEDED_ADMIN, ADMIN_PASSWORD: 'seeded-Admin-pw-41', ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN: 'true' }));
  users = app.get(UsersService);
  sessions = app.get(SessionsService);
  passwords = app.get(PasswordChangeService);
  secondFactor = app.get(SecondFactorService);
  dataSource = app.get(DataSource);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const PASSWORD = 'olive-branch-Press-7';
const newUser = async (isAdmin: boolean) =>
  (await users.register({ username: `user${++n}${isAdmin ? 'a' : 'm'}`, password: PASSWORD, isAdmin, byAdmin: true })).user!;
const moveLastSeen = (token: string, ago: string) =>
  dataSource.query(`UPDATE sessions SET last_seen_at = now() - $2::interval WHERE token_hash = $1`, [hashToken(token), ago]);
const lastSeen = async (token: string): Promise<Date> =>
  (await dataSource.query(`SELECT last_seen_at FROM sessions WHERE token_hash = $1`, [hashToken(token)]))[0].last_seen_at;
const code = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * TOTP_PERIOD_SECONDS });

/** Rejects with an AppError of this code and exactly this message. */
async function rejectsWith(promise: Promise<unknown>, code: string, message: string) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, code);
    assert.equal(error.message, message);
    return true;
  });
}

describe('idle timeout', () => {
  test('an admin session idle for 31 minutes is refused, one idle for 29 minutes still resolves', async () => {
    const admin = await newUser(true);
    const idle = (await sessions.create(admin.id, 24)).token;
    const active = (await sessions.create(admin.id, 24)).token;
    await moveLastSeen(idle, '31 minutes');
    await moveLastSeen(active, '29 minutes');
    assert.equal(await sessions.resolve(idle), null);
    assert.equal((await sessions.resolve(active))?.id, admin.id);
  });

  test('a member session idle for 13 days resolves, one idle for 15 days is refused though its absolute expiry is ahead', async () => {
    const member = await newUser(false);
    const recent = (await sessions.create(member.id, 24 * 30)).token;
    const stale = (await sessions.create(member.id, 24 * 30)).token;
    await moveLastSeen(recent, '13 days');
    await moveLastSeen(stale, '15 days');
    assert.equal((await sessions.resolve(recent))?.id, member.id);
    assert.equal(await sessions.resolve(stale), null);
  });

  test('resolving moves last_seen_at forward when it is over a minute old, and leaves it alone within the minute', async () => {
    const member = await newUser(false);
    const token = (await sessions.create(member.id, 24)).token;
    await moveLastSeen(token, '10 minutes');
    const before = await lastSeen(token);
    await sessions.resolve(token);
    const touched = await lastSeen(token);
    assert.ok(Date.now() - touched.getTime() < 5_000, `last_seen_at ${touched.toISOString()} was not moved to now`);
    await moveLastSeen(token, '30 seconds');
    const recent = await lastSeen(token);
    await sessions.resolve(token);
    assert.equal((await lastSeen(token)).getTime(), recent.getTime());
    assert.ok(before < touched);
  });
});

describe('sign out everywhere and password change', () => {
  test('revokeAll ends every session of the user, the caller’s own included, and no one else’s', async () => {
    const [alice, bob] = [await newUser(false), await newUser(false)];
    const aliceTokens = [(await sessions.create(alice.id, 1)).token, (await sessions.create(alice.id, 1)).token];
    const bobToken = (await sessions.create(bob.id, 1)).token;
    assert.deepEqual(await app.get(AccountHandlers).revokeAllSessions({ userId: alice.id }), { revokedSessions: 2 });
    for (const token of aliceTokens) assert.equal(await sessions.resolve(token), null);
    assert.equal((await sessions.resolve(bobToken))?.id, bob.id);
  });

  test('a password change keeps the caller’s session, revokes the others, and only the new password signs in', async () => {
    const user = await newUser(false);
    const [mine, other, another] = [
      (await sessions.create(user.id, 1)).token,
      (await sessions.create(user.id, 1)).token,
      (await sessions.create(user.id, 1)).token,
    ];
    const result = await passwords.change({ userId: user.id, currentPassword: PASSWORD, newPassword: 'cedar-Beams-and-gold-9', keepToken: mine });
    assert.deepEqual(result, { revokedSessions: 2 });
    assert.equal((await sessions.resolve(mine))?.id, user.id);
    assert.equal(await sessions.resolve(other), null);
    assert.equal(await sessions.resolve(another), null);
    await assert.rejects(users.verifyCredentials(user.username, PASSWORD), UnauthorizedError);
    assert.equal((await users.verifyCredentials(user.username, 'cedar-Beams-and-gold-9')).id, user.id);
  });

  test('a wrong current password, a common new one and an unchanged one are refused with field messages, and nothing changes', async () => {
    const user = await newUser(false);
    const other = (await sessions.create(user.id, 1)).token;
    const keepToken = (await sessions.create(user.id, 1)).token;
    await rejectsWith(
      passwords.change({ userId: user.id, currentPassword: 'not-the-password-1', newPassword: 'cedar-Beams-and-gold-9', keepToken }),
      'invalid',
      'currentPassword: The current password is not right.',
    );
    await rejectsWith(
      passwords.change({ userId: user.id, currentPassword: PASSWORD, newPassword: 'Password1234', keepToken }),
      'invalid',
      `newPassword: ${PASSWORD_MESSAGES.common}`,
    );
    await rejectsWith(
      passwords.change({ userId: user.id, currentPassword: PASSWORD, newPassword: PASSWORD, keepToken }),
      'invalid',
      'newPassword: The new password must differ from the current one.',
    );
    assert.equal((await users.verifyCredentials(user.username, PASSWORD)).id, user.id);
    assert.equal((await sessions.resolve(other))?.id, user.id);
  });

  test('register refuses a password of 11 characters and one from the common list; a user with an old short password still signs in', async () => {
    const handlers = app.get(IdentityHandlers);
    // The handler parses synchronously: call it inside an async function so a throw becomes a rejection.
    await rejectsWith((async () => handlers.register({ username: 'shorty', password: 'eleven-char' }))(), 'invalid', PASSWORD_MESSAGES.tooShort);
    await rejectsWith(
      (async () => handlers.register({ username: 'commoner', password: 'qwerty123456' }))(),
      'invalid',
      `password: ${PASSWORD_MESSAGES.common}`,
    );
    // Set before the rule existed: sign-in checks the stored hash, never the rule.
    const old = (await users.register({ username: 'oldtimer', password: 'short-8c', isAdmin: false, byAdmin: true })).user!;
    assert.equal((await users.verifyCredentials('oldtimer', 'short-8c')).id, old.id);
  });
});

describe('admin second factor', () => {
  /** An admin enrolled through the sign-in that requires it; answers the secret and the recovery codes. */
  async function enrolledAdmin() {
    const admin = await newUser(true);
    const step = await secondFactor.startLogin(admin.id);
    assert.equal(step.next, 'totp-enrolment');
    const pendingToken = (step as { pendingToken: string }).pendingToken;
    const enrolment = await secondFactor.setupForPendingLogin(pendingToken);
    assert.match(enrolment.otpauthUri, new RegExp(`^otpauth://totp/Kingdom%20Marketplace:${admin.username}\\?secret=${enrolment.secret}`));
    assert.match(enrolment.qrCodeDataUrl, /^data:image\/svg\+xml;base64,/);
    const done = await secondFactor.completeLogin(pendingToken, await code(enrolment.secret));
    assert.equal(done.user.id, admin.id);
    assert.equal(done.recoveryCodes?.length, 10);
    return { admin, secret: enrolment.secret, recoveryCodes: done.recoveryCodes! };
  }
  const pendingFor = async (userId: string) => ((await secondFactor.startLogin(userId)) as { pendingToken: string }).pendingToken;

  test('a member gets a session straight away; the seeded admin may skip TOTP here; any other admin must enrol first', async () => {
    assert.deepEqual(await secondFactor.startLogin((await newUser(false)).id), { next: 'session' });
    const seeded = await users.verifyCredentials(SEEDED_ADMIN, 'seeded-Admin-pw-41');
    assert.deepEqual(await secondFactor.startLogin(seeded.id), { next: 'session' });
    assert.equal((await secondFactor.startLogin((await newUser(true)).id)).next, 'totp-enrolment');
  });

  test('after enrolment the sign-in asks for a code; the current code completes it once, and the pending sign-in is used up', async () => {
    const { admin, secret } = await enrolledAdmin();
    assert.deepEqual(await secondFactor.status(admin.id), { enabled: true, recoveryCodesLeft: 10 });
    const step = await secondFactor.startLogin(admin.id);
    assert.equal(step.next, 'totp');
    const pendingToken = (step as { pendingToken: string }).pendingToken;
    const done = await secondFactor.completeLogin(pendingToken, await code(secret, 1));
    assert.deepEqual(done, { user: { id: admin.id, username: admin.username, email: null, isAdmin: true } });
    await rejectsWith(secondFactor.completeLogin(pendingToken, await code(secret, 1)), 'unauthorized', SECOND_FACTOR_MESSAGES.pendingGone);
  });

  test('a code already accepted cannot be used again, even on a fresh pending sign-in', async () => {
    const { admin, secret } = await enrolledAdmin();
    // The enrolment used the current step's code.
    await rejectsWith(secondFactor.completeLogin(await pendingFor(admin.id), await code(secret)), 'unauthorized', SECOND_FACTOR_MESSAGES.replayedCode);
  });

  test('a wrong code is refused and leaves the pending sign-in usable with the right one', async () => {
    const { admin, secret } = await enrolledAdmin();
    const pendingToken = await pendingFor(admin.id);
    const right = await code(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    await rejectsWith(secondFactor.completeLogin(pendingToken, wrong), 'unauthorized', SECOND_FACTOR_MESSAGES.wrongCode);
    assert.equal((await secondFactor.completeLogin(pendingToken, right)).user.id, admin.id);
  });

  test('a recovery code completes a sign-in once; the same code a second time is refused, and the count goes down', async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const done = await secondFactor.completeLogin(await pendingFor(admin.id), recoveryCodes[3].toUpperCase());
    assert.equal(done.user.id, admin.id);
    await rejectsWith(secondFactor.completeLogin(await pendingFor(admin.id), recoveryCodes[3]), 'unauthorized', SECOND_FACTOR_MESSAGES.wrongCode);
    assert.deepEqual(await secondFactor.status(admin.id), { enabled: true, recoveryCodesLeft: 9 });
    const stored: { code_hash: string }[] = await dataSource.query(`SELECT code_hash FROM totp_recovery_codes WHERE user_id = $1`, [admin.id]);
    assert.equal(stored.length, 10);
    for (const row of stored) assert.ok(!recoveryCodes.some((c) => row.code_hash.includes(c.replace(/-/g, ''))), 'a recovery code is stored in clear');
  });

  test('in-session enrolment: setup then confirm with a code turns TOTP on; disabling needs the password and a code', async () => {
    const admin = await newUser(true);
    const { secret } = await secondFactor.setup(admin.id);
    await rejectsWith(secondFactor.confirm(admin.id, '12345'), 'invalid', `code: ${SECOND_FACTOR_MESSAGES.wrongCode}`);
    const { recoveryCodes } = await secondFactor.confirm(admin.id, await code(secret));
    assert.equal(recoveryCodes.length, 10);
    await rejectsWith(secondFactor.setup(admin.id), 'invalid', SECOND_FACTOR_MESSAGES.alreadyOn);
    await rejectsWith(
      secondFactor.disable(admin.id, 'not-the-password-1', await code(secret, 1)),
      'invalid',
      `currentPassword: ${SECOND_FACTOR_MESSAGES.wrongPassword}`,
    );
    assert.deepEqual(await secondFactor.disable(admin.id, PASSWORD, await code(secret, 1)), { ok: true });
    assert.deepEqual(await secondFactor.status(admin.id), { enabled: false, recoveryCodesLeft: 0 });
    assert.equal((await secondFactor.startLogin(admin.id)).next, 'totp-enrolment');
  });

  test('an expired pending sign-in is refused', async () => {
    const { admin, secret } = await enrolledAdmin();
    const pendingToken = await pendingFor(admin.id);
    await dataSource.query(`UPDATE pending_logins SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashToken(pendingToken)]);
    await rejectsWith(secondFactor.completeLogin(pendingToken, await code(secret, 1)), 'unauthorized', SECOND_FACTOR_MESSAGES.pendingGone);
  });
});

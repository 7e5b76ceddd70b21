import { UnauthorizedError } from '@km/nest-kit';
import type { TestDatabase } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { generate } from 'otplib';
import { SessionsService } from '../src/sessions/sessions.service';
import { SecondFactorService } from '../src/totp/second-factor.service';
import { UsersService } from '../src/users/users.service';
import { startIdentity } from './identity-harness';

// The built entry point, exactly what the image runs with `node services/identity/dist/src/admin-password.js`.
const ENTRY = path.resolve(__dirname, '..', 'src', 'admin-password.js');
const ADMIN = 'chief';
const FIRST_PASSWORD = 'first-Admin-pw-41';

let db: TestDatabase;
let app: INestApplication;
let users: UsersService;
let sessions: SessionsService;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function rotate(env: Record<string, string>, stdin = '', args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [ENTRY, ...args],
      { env: { PATH: process.env.PATH, DATABASE_URL: db.url, ADMIN_USERNAME: ADMIN, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

const adminId = async (password: string) => (await users.verifyCredentials(ADMIN, password)).id;

beforeAll(async () => {
  ({ app, db } = await startIdentity({ ADMIN_USERNAME: ADMIN, ADMIN_PASSWORD: FIRST_PASSWORD }));
  users = app.get(UsersService);
  sessions = app.get(SessionsService);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

test('a password read from stdin replaces the seeded one: the old password fails, the new one verifies, the admin is signed out everywhere and other users are not', async () => {
  const id = await adminId(FIRST_PASSWORD);
  const adminTokens = [(await sessions.create(id, 1)).token, (await sessions.create(id, 1)).token];
  const member = (await users.register({ username: 'member1', password: 'member-pw-123', isAdmin: false, byAdmin: true })).user!;
  const memberToken = (await sessions.create(member.id, 1)).token;

  const run = await rotate({}, 'second-Admin-pw-42\n');

  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), 'Changed the password of admin "chief" and revoked 2 open session(s).');
  await assert.rejects(users.verifyCredentials(ADMIN, FIRST_PASSWORD), UnauthorizedError);
  // The trailing line break from stdin is not part of the password.
  assert.equal((await users.verifyCredentials(ADMIN, 'second-Admin-pw-42')).isAdmin, true);
  for (const token of adminTokens) assert.equal(await sessions.resolve(token), null);
  assert.equal((await sessions.resolve(memberToken))?.username, 'member1');
});

test('NEW_ADMIN_PASSWORD sets the password too, and the admin username matches whatever its letter case', async () => {
  const run = await rotate({ NEW_ADMIN_PASSWORD: 'third-Admin-pw-43', ADMIN_USERNAME: 'CHIEF' });

  assert.equal(run.code, 0, run.stderr);
  await assert.rejects(users.verifyCredentials(ADMIN, 'second-Admin-pw-42'), UnauthorizedError);
  assert.equal((await users.verifyCredentials(ADMIN, 'third-Admin-pw-43')).username, ADMIN);
});

test('a password shorter than 12 characters is refused with exit 1 and a message, and nothing changes (sessions stay open)', async () => {
  const token = (await sessions.create(await adminId('third-Admin-pw-43'), 1)).token;

  const run = await rotate({}, 'Short-pw-11');

  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'admin-password: Passwords must be at least 12 characters long.');
  assert.equal((await users.verifyCredentials(ADMIN, 'third-Admin-pw-43')).username, ADMIN);
  assert.equal((await sessions.resolve(token))?.username, ADMIN);
});

test('a placeholder password is refused with exit 1 without echoing it', async () => {
  const run = await rotate({ NEW_ADMIN_PASSWORD: 'admin-change-me' });

  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'admin-password: the new password is a placeholder or development value shipped with the repository; choose a real one');
  assert.equal((await users.verifyCredentials(ADMIN, 'third-Admin-pw-43')).username, ADMIN);
});

test('a username that is not an admin is refused with exit 1, and that user keeps their password', async () => {
  const run = await rotate({ ADMIN_USERNAME: 'member1', NEW_ADMIN_PASSWORD: 'taken-over-pw-44' });

  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'admin-password: No admin named "member1" exists: set ADMIN_USERNAME to the admin\'s username.');
  assert.equal((await users.verifyCredentials('member1', 'member-pw-123')).username, 'member1');
});

test('a password on the common-password list is refused with exit 1, whatever its letter case', async () => {
  const run = await rotate({ NEW_ADMIN_PASSWORD: 'QWERTY123456' });

  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'admin-password: This password appears in lists of common or leaked passwords. Please choose another one.');
  assert.equal((await users.verifyCredentials(ADMIN, 'third-Admin-pw-43')).username, ADMIN);
});

test('--reset-totp removes the admin’s TOTP and recovery codes, revokes every session, keeps the password, and the next sign-in asks to enrol', async () => {
  const id = await adminId('third-Admin-pw-43');
  const secondFactor = app.get(SecondFactorService);
  const { secret } = await secondFactor.setup(id);
  await secondFactor.confirm(id, await generate({ secret }));
  assert.equal((await secondFactor.startLogin(id)).next, 'totp');
  await sessions.revokeAll(id); // the earlier tests left sessions open
  const token = (await sessions.create(id, 1)).token;

  const run = await rotate({}, '', ['--reset-totp']);

  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), 'Removed the two-factor authentication of admin "chief" and revoked 1 open session(s); the next sign-in sets it up again.');
  assert.deepEqual(await secondFactor.status(id), { enabled: false, recoveryCodesLeft: 0 });
  assert.equal(await sessions.resolve(token), null);
  assert.equal((await users.verifyCredentials(ADMIN, 'third-Admin-pw-43')).id, id);
  assert.equal((await secondFactor.startLogin(id)).next, 'totp-enrolment');
});

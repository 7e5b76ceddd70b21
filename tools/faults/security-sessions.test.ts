import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { note, signedInAdmin, stack, type Session } from './stack';

/**
 * ADR 0029, "Hardening to ASVS 5.0 level 2" through the real gateway: the admin second factor (pending sign-in cookie,
 * wrong, replayed and foreign codes), sign out everywhere, password change, the new-password rule, and the Origin
 * check on the new writes. Each admin here is a fresh one (the seeded admin may skip TOTP in the test stack).
 */

const ORIGIN = new URL(stack.gatewayUrl).origin;
const PASSWORD = 'gleaning-Fields-of-Boaz-3';

interface Reply {
  status: number;
  body: any;
  setCookies: string[];
  headers: Headers;
}

/** A browser: keeps every cookie the gateway sets (session and pending sign-in), sends the page's Origin. */
class Browser {
  readonly jar = new Map<string, string>();

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${stack.gatewayUrl}${path}`, {
      method,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    const setCookies = res.headers.getSetCookie();
    for (const set of setCookies) {
      const [pair, ...attributes] = set.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some((a) => /^\s*expires=.*1970/i.test(a));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, setCookies, headers: res.headers };
  }

  post = (path: string, body?: unknown) => this.request('POST', path, body);
  get = (path: string) => this.request('GET', path);
  me = async () => (await this.get('/api/auth/me')).status;
}

let seeded: Session;
beforeAll(async () => {
  seeded = await signedInAdmin();
});

/** A new admin account, made by the seeded admin. */
async function newAdmin(): Promise<{ username: string }> {
  const username = `sec-admin-${randomUUID().slice(0, 8)}`;
  const res = await seeded.post('/api/auth/register', { username, password: PASSWORD, isAdmin: true });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { username };
}

/** The code of the step `offset` steps from now. */
const totp = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
/** A six-digit code that is not the current one (nor, with near certainty, a neighbour's). */
const notIt = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

/** An admin who enrolled TOTP through the sign-in that requires it; the browser holds the admin's session. */
async function enrolledAdmin(): Promise<{ username: string; secret: string; recoveryCodes: string[]; browser: Browser }> {
  const { username } = await newAdmin();
  const browser = new Browser();
  const login = await browser.post('/api/auth/login', { username, password: PASSWORD });
  assert.deepEqual([login.status, login.body], [200, { secondFactor: 'totp-enrolment' }]);
  const setup = await browser.post('/api/auth/login/totp/setup');
  assert.equal(setup.status, 200, JSON.stringify(setup.body));
  const done = await browser.post('/api/auth/login/totp', { code: await totp(setup.body.secret) });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  return { username, secret: setup.body.secret, recoveryCodes: done.body.recoveryCodes, browser };
}

describe('admin second factor through the gateway', () => {
  test('a right password gives an admin no session: login answers {secondFactor} with an HttpOnly, SameSite=Strict pending cookie scoped to the sign-in routes', async () => {
    const { username } = await newAdmin();
    const browser = new Browser();
    const login = await browser.post('/api/auth/login', { username, password: PASSWORD });
    assert.equal(login.status, 200);
    assert.deepEqual(login.body, { secondFactor: 'totp-enrolment' });
    assert.equal(login.setCookies.filter((c) => c.startsWith('km_session=')).length, 0);
    const pending = login.setCookies.find((c) => c.startsWith('km_pending_login='));
    assert.ok(pending, `no pending cookie in ${JSON.stringify(login.setCookies)}`);
    assert.match(pending, /; HttpOnly/i);
    assert.match(pending, /; SameSite=Strict/i);
    assert.match(pending, /; Path=\/api\/auth\/login(;|$)/);
    assert.equal(await browser.me(), 401);
  });

  test('enrolment from the pending sign-in: the QR code and secret come once asked; a wrong first code is 401 without a session; the right one signs in with ten recovery codes', async () => {
    const { username } = await newAdmin();
    const browser = new Browser();
    await browser.post('/api/auth/login', { username, password: PASSWORD });
    const setup = await browser.post('/api/auth/login/totp/setup');
    assert.equal(setup.status, 200);
    assert.match(setup.body.secret, /^[A-Z2-7]{32}$/);
    assert.match(setup.body.qrCodeDataUrl, /^data:image\/svg\+xml;base64,/);
    assert.ok(setup.body.otpauthUri.startsWith(`otpauth://totp/Kingdom%20Marketplace:${username}?secret=${setup.body.secret}`), setup.body.otpauthUri);

    const wrong = await browser.post('/api/auth/login/totp', { code: notIt(await totp(setup.body.secret)) });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.message, 'That code is not right. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.');
    assert.equal(await browser.me(), 401);

    const done = await browser.post('/api/auth/login/totp', { code: await totp(setup.body.secret) });
    assert.equal(done.status, 200);
    assert.equal(done.body.user.username, username);
    assert.equal(done.body.user.isAdmin, true);
    assert.equal(done.body.recoveryCodes.length, 10);
    assert.equal((await browser.get('/api/auth/me')).body.user.username, username);
    assert.deepEqual((await browser.get('/api/auth/totp')).body, { enabled: true, recoveryCodesLeft: 10 });
  });

  test('a pending cookie works once: sent again after it completed a sign-in, it answers 401 and sets no session', async () => {
    const { username, secret } = await enrolledAdmin();
    const first = new Browser();
    const login = await first.post('/api/auth/login', { username, password: PASSWORD });
    assert.deepEqual(login.body, { secondFactor: 'totp' });
    const pending = first.jar.get('km_pending_login')!;
    assert.equal((await first.post('/api/auth/login/totp', { code: await totp(secret, 1) })).status, 200);

    const replayer = new Browser();
    replayer.jar.set('km_pending_login', pending);
    const again = await replayer.post('/api/auth/login/totp', { code: await totp(secret, 1) });
    assert.equal(again.status, 401);
    assert.equal(again.body.message, 'This sign-in has expired or was already completed. Please sign in with your password again.');
    assert.equal(again.setCookies.filter((c) => c.startsWith('km_session=')).length, 0);
    assert.equal(await replayer.me(), 401);
  });

  test('a code already used is refused on a new sign-in (no replay), and the next step’s code still works', async () => {
    const { username, secret } = await enrolledAdmin();
    const used = await totp(secret); // the enrolment spent the current step
    const browser = new Browser();
    await browser.post('/api/auth/login', { username, password: PASSWORD });
    const replay = await browser.post('/api/auth/login/totp', { code: used });
    assert.equal(replay.status, 401);
    assert.equal(replay.body.message, 'That code was already used. Wait for the next code in your authenticator app.');
    assert.equal(await browser.me(), 401);
    assert.equal((await browser.post('/api/auth/login/totp', { code: await totp(secret, 1) })).status, 200);
    assert.equal(await browser.me(), 200);
  });

  test('one admin’s pending cookie cannot be completed with another admin’s code, and a recovery code works once', async () => {
    const alice = await enrolledAdmin();
    const mallory = await enrolledAdmin();
    const browser = new Browser();
    await browser.post('/api/auth/login', { username: alice.username, password: PASSWORD });
    const foreign = await browser.post('/api/auth/login/totp', { code: await totp(mallory.secret, 1) });
    assert.equal(foreign.status, 401);
    const foreignRecovery = await browser.post('/api/auth/login/totp', { code: mallory.recoveryCodes[0] });
    assert.equal(foreignRecovery.status, 401);
    assert.equal(await browser.me(), 401);

    const recovered = await browser.post('/api/auth/login/totp', { code: alice.recoveryCodes[0] });
    assert.equal(recovered.status, 200);
    assert.equal(recovered.body.user.username, alice.username);
    const again = new Browser();
    await again.post('/api/auth/login', { username: alice.username, password: PASSWORD });
    assert.equal((await again.post('/api/auth/login/totp', { code: alice.recoveryCodes[0] })).status, 401);
    assert.equal(await again.me(), 401);
  });

  test('wrong codes are limited per account: after five, even the right code answers 429 with Retry-After', async () => {
    const { username, secret } = await enrolledAdmin();
    const browser = new Browser();
    await browser.post('/api/auth/login', { username, password: PASSWORD });
    const right = await totp(secret, 1);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await browser.post('/api/auth/login/totp', { code: notIt(right) })).status);
    assert.deepEqual(statuses, [401, 401, 401, 401, 401]);
    const limited = await browser.post('/api/auth/login/totp', { code: right });
    assert.equal(limited.status, 429);
    assert.match(limited.headers.get('retry-after') ?? '', /^\d+$/);
    assert.match(limited.body.message, /^Too many wrong codes or passwords for this account\. Please try again in \d+ minutes?\.$/);
    assert.equal(await browser.me(), 401);
    note('security sessions', 'five wrong TOTP codes, then the right one: 429 and no session');
  });

  test('turning TOTP off needs the current password and a code', async () => {
    const { secret, browser } = await enrolledAdmin();
    const noPassword = await browser.post('/api/auth/totp/disable', { currentPassword: 'not-my-password-9', code: await totp(secret, 1) });
    assert.equal(noPassword.status, 400);
    assert.equal(noPassword.body.message, 'currentPassword: The current password is not right.');
    assert.equal((await browser.post('/api/auth/totp/disable', { currentPassword: PASSWORD, code: await totp(secret, 1) })).status, 200);
    assert.deepEqual((await browser.get('/api/auth/totp')).body, { enabled: false, recoveryCodesLeft: 0 });
  });
});

describe('sessions and passwords through the gateway', () => {
  /** A registered (password) user signed in in two browsers. */
  async function userInTwoBrowsers(): Promise<{ username: string; here: Browser; there: Browser }> {
    const username = `sec-user-${randomUUID().slice(0, 8)}`;
    assert.equal((await seeded.post('/api/auth/register', { username, password: PASSWORD, isAdmin: false })).status, 201);
    const [here, there] = [new Browser(), new Browser()];
    for (const b of [here, there]) assert.equal((await b.post('/api/auth/login', { username, password: PASSWORD })).status, 200);
    return { username, here, there };
  }

  test('sign out everywhere revokes every session of the caller, this one included, and clears the cookie', async () => {
    const { here, there } = await userInTwoBrowsers();
    const cookie = here.jar.get('km_session')!;
    const res = await here.post('/api/auth/sessions/revoke-all');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { revokedSessions: 2 });
    assert.match(
      res.setCookies.find((c) => c.startsWith('km_session='))!,
      /^km_session=;.*Expires=Thu, 01 Jan 1970/,
    );
    assert.equal(await here.me(), 401);
    assert.equal(await there.me(), 401);
    // The old cookie, kept by someone, is worth nothing.
    const keeper = new Browser();
    keeper.jar.set('km_session', cookie);
    assert.equal(await keeper.me(), 401);
  });

  test('a password change keeps this session, signs every other one out, and only the new password signs in', async () => {
    const { username, here, there } = await userInTwoBrowsers();
    const res = await here.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'threshing-Floor-at-night-4' });
    assert.deepEqual([res.status, res.body], [200, { revokedSessions: 1 }]);
    assert.equal(await here.me(), 200);
    assert.equal(await there.me(), 401);
    assert.equal((await new Browser().post('/api/auth/login', { username, password: PASSWORD })).status, 401);
    assert.equal((await new Browser().post('/api/auth/login', { username, password: 'threshing-Floor-at-night-4' })).status, 200);
  });

  test('a new password of 11 characters or from the common list is refused with a message naming the field', async () => {
    const { here } = await userInTwoBrowsers();
    const short = await here.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'eleven-char' });
    assert.deepEqual([short.status, short.body.message], [400, 'newPassword: Passwords must be at least 12 characters long.']);
    const common = await here.post('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'Qwerty123456' });
    assert.deepEqual(
      [common.status, common.body.message],
      [400, 'newPassword: This password appears in lists of common or leaked passwords. Please choose another one.'],
    );
    const register = await seeded.post('/api/auth/register', { username: `sec-weak-${randomUUID().slice(0, 8)}`, password: 'password1234' });
    assert.deepEqual(
      [register.status, register.body.message],
      [400, 'password: This password appears in lists of common or leaked passwords. Please choose another one.'],
    );
    const tooShort = await seeded.post('/api/auth/register', { username: `sec-weak-${randomUUID().slice(0, 8)}`, password: 'eleven-char' });
    assert.deepEqual([tooShort.status, tooShort.body.message], [400, 'Passwords must be at least 12 characters long.']);
  });

  test('from a foreign Origin the new writes answer 403 and change nothing; from the page’s Origin they work', async () => {
    const { here, there } = await userInTwoBrowsers();
    const evil = { origin: 'https://evil.example' };
    for (const [path, body] of [
      ['/api/auth/sessions/revoke-all', undefined],
      ['/api/auth/password', { currentPassword: PASSWORD, newPassword: 'winnowing-Barley-tonight-5' }],
      ['/api/auth/totp/setup', undefined],
      ['/api/auth/login/totp', { code: '123456' }],
      ['/api/auth/login/totp/setup', undefined],
    ] as const) {
      const res = await here.request('POST', path, body, evil);
      assert.equal(res.status, 403, `${path} from a foreign Origin answered ${res.status}`);
    }
    assert.equal(await here.me(), 200);
    assert.equal(await there.me(), 200);
    assert.equal((await here.post('/api/auth/sessions/revoke-all')).status, 200);
    assert.equal(await there.me(), 401);
  });
});

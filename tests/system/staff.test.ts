// The Team screen's API through the gateway (ADR 0052): staff listed, a prayer-team member invited by a mailed link that
// sets the first password, roles changed and accounts removed under one lock; who may call it, and hostile input.
import { PASSWORD_MESSAGES } from '@km/contracts/vocabulary';
import { eventually } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { ADMIN, caughtMails, Client, freshAddress, sentTo, startHarness, type Harness } from './harness';

const INVITATION_SUBJECT = 'You are invited to the Kingdom Marketplace team';
const OWN_ACCOUNT = 'You cannot change or remove your own account: ask another admin to do it.';
const INVITATION_REFUSED = 'This invitation link has expired or has already been used. Ask an admin to invite you again.';
const PASSWORD = 'mustard-seed-Faith-9';

let h: Harness;
let admin: Client;
let adminId: string;

beforeAll(async () => {
  // Forms too: an invited prayer-team member must reach the prayer area.
  // Each browser comes from an address of its own (TRUST_PROXY), so the suite's many sign-ins stay within the
  // per-address sign-in budget that the other files of the run spend too.
  h = await startHarness({ forms: {}, gateway: { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = await signedInAs(ADMIN.username, ADMIN.password);
  adminId = (await admin.get('/api/auth/me')).body.user.id;
});
afterAll(async () => {
  await h?.stop();
});

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}_${randomUUID().slice(0, 6)}`;
const visitor = () => new Client(h.gateway, { 'x-forwarded-for': freshAddress() });
const signIn = (username: string, password = PASSWORD) => visitor().post('/api/auth/login', { username, password });
async function signedInAs(username: string, password = PASSWORD): Promise<Client> {
  const client = visitor();
  const res = await client.post('/api/auth/login', { username, password });
  assert.equal(res.status, 200, `sign-in as ${username}: ${JSON.stringify(res.body)}`);
  return client;
}

/** A prayer-team member made the old way (register with roles), signed in. */
async function teamMember() {
  const username = unique('team');
  const made = await admin.post('/api/auth/register', { username, password: PASSWORD, roles: ['prayer_team'] });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  return { id: made.body.user.id as string, username, client: await signedInAs(username) };
}

/** A second admin, signed in through the second factor's enrolment as ADR 0029 requires of every admin but the seeded one. */
async function otherAdmin() {
  const username = unique('admin');
  const made = await admin.post('/api/auth/register', { username, password: PASSWORD, isAdmin: true });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const client = visitor();
  assert.deepEqual((await client.post('/api/auth/login', { username, password: PASSWORD })).body, { secondFactor: 'totp-enrolment' });
  const setup = await client.post('/api/auth/login/totp/setup');
  const done = await client.post('/api/auth/login/totp', { code: await generate({ secret: setup.body.secret }) });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  return { id: made.body.user.id as string, username, client };
}

/** The token of an invitation mail's link, which opens the invitation page. */
function tokenOf(mail: { text: string }): string {
  const link = new URL(/Set my password: (\S+)/.exec(mail.text)![1]);
  assert.equal(`${link.origin}${link.pathname}`, 'http://localhost:3999/staff-invitation');
  return decodeURIComponent(/^#token=(.+)$/.exec(link.hash)![1]);
}

/** The invitation mailed to `email`, and the token of its link. */
async function invitationTo(email: string) {
  const mail = await eventually(async () => sentTo(await caughtMails(INVITATION_SUBJECT), email)[0], 10_000);
  return { mail, token: tokenOf(mail) };
}

async function invite(role: 'prayer_team' | 'admin' = 'prayer_team') {
  const username = unique('invited');
  const email = `${username}@example.com`;
  const res = await admin.post('/api/staff/invitations', { email, username, role });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { username, email, account: res.body };
}

describe('inviting a prayer-team member (ADR 0052)', () => {
  test('the invitee gets a mail with their username and a link; the link sets the password once, then the account signs in to the prayer area and nothing else', async () => {
    const { username, email, account } = await invite();
    assert.deepEqual(
      { ...account, id: undefined, createdAt: undefined },
      { id: undefined, createdAt: undefined, username, email, role: 'prayer_team', status: 'invited' },
    );
    // No password yet: nothing signs in.
    assert.equal((await signIn(username)).status, 401);

    const { mail, token } = await invitationTo(email);
    assert.match(mail.text, new RegExp(`Username: ${username}`));
    assert.match(mail.text, /Role: Prayer team/);
    assert.match(mail.text, /expires in 72 hours/);

    const short = await visitor().post('/api/staff-invitations/accept', { token, password: 'too-short' });
    assert.deepEqual([short.status, short.body.message], [400, PASSWORD_MESSAGES.tooShort]);
    const accepted = await visitor().post('/api/staff-invitations/accept', { token, password: PASSWORD });
    assert.deepEqual([accepted.status, accepted.body], [200, { username }]);
    // Once only: a second use, even with another password, changes nothing.
    const again = await visitor().post('/api/staff-invitations/accept', { token, password: 'another-Password-42' });
    assert.deepEqual([again.status, again.body.message], [401, INVITATION_REFUSED]);
    assert.equal((await signIn(username, 'another-Password-42')).status, 401);

    const login = await signIn(username);
    assert.equal(login.status, 200, JSON.stringify(login.body));
    assert.deepEqual([login.body.user.isAdmin, login.body.user.roles], [false, ['prayer_team']]);
    const member = await signedInAs(username);
    assert.equal((await member.get('/api/prayer-team/moderation')).status, 200);
    assert.equal((await member.get('/api/staff')).status, 403);
    assert.equal((await member.get('/api/orders')).status, 403);

    const listed = (await admin.get('/api/staff')).body.items.find((s: { username: string }) => s.username === username);
    assert.equal(listed.status, 'active');
  });

  test('a token nobody was sent, or a link of a removed invitation, is refused with what to do', async () => {
    const unknown = await visitor().post('/api/staff-invitations/accept', { token: 'forged-token', password: PASSWORD });
    assert.deepEqual([unknown.status, unknown.body.message], [401, INVITATION_REFUSED]);
    const { email, account } = await invite();
    const { token } = await invitationTo(email);
    assert.equal((await admin.delete(`/api/staff/${account.id}`)).status, 200);
    const late = await visitor().post('/api/staff-invitations/accept', { token, password: PASSWORD });
    assert.deepEqual([late.status, late.body.message], [401, INVITATION_REFUSED]);
  });

  test('two uses of one link at once: exactly one sets the password, and it is the one that signs in', async () => {
    const { username, email } = await invite();
    const { token } = await invitationTo(email);
    const passwords = ['first-Password-111', 'second-Password-222'];
    const results = await Promise.all(passwords.map((password) => visitor().post('/api/staff-invitations/accept', { token, password })));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 401]);
    const winner = passwords[results.findIndex((r) => r.status === 200)];
    const loser = passwords.find((p) => p !== winner)!;
    assert.equal((await signIn(username, winner)).status, 200);
    assert.equal((await signIn(username, loser)).status, 401);
  });

  test('sending an invitation again mails a new link and retires the one before; once the password is set, or the account removed, it is a 409 saying why', async () => {
    const { username, email, account } = await invite();
    const first = await invitationTo(email);
    const again = await admin.post(`/api/staff/${account.id}/invitation`);
    assert.deepEqual([again.status, again.body.id, again.body.status], [200, account.id, 'invited']);
    const tokens = await eventually(async () => {
      const sent = sentTo(await caughtMails(INVITATION_SUBJECT), email);
      assert.equal(sent.length, 2, 'a second invitation mail');
      return sent.map(tokenOf);
    }, 10_000);
    const second = tokens.find((token) => token !== first.token)!;
    assert.notEqual(second, first.token);
    const old = await visitor().post('/api/staff-invitations/accept', { token: first.token, password: PASSWORD });
    assert.deepEqual([old.status, old.body.message], [401, INVITATION_REFUSED]);
    assert.deepEqual((await visitor().post('/api/staff-invitations/accept', { token: second, password: PASSWORD })).body, { username });
    assert.equal((await signIn(username)).status, 200);

    const accepted = await admin.post(`/api/staff/${account.id}/invitation`);
    assert.deepEqual([accepted.status, accepted.body.message], [409, 'This person has already set a password from their invitation: they sign in on /admin.']);
    const removed = await invite();
    assert.equal((await admin.delete(`/api/staff/${removed.account.id}`)).status, 200);
    const late = await admin.post(`/api/staff/${removed.account.id}/invitation`);
    assert.deepEqual([late.status, late.body.message], [409, 'This account was removed. Invite the person again with another username.']);
    assert.equal((await admin.post(`/api/staff/${adminId}/invitation`)).status, 409, "never the admin's own account");
  });

  test('an invitation sent again five times at once leaves exactly one link that works', async () => {
    const { username, email, account } = await invite();
    const results = await Promise.all(Array.from({ length: 5 }, () => admin.post(`/api/staff/${account.id}/invitation`)));
    assert.deepEqual(
      results.map((r) => r.status),
      [200, 200, 200, 200, 200],
    );
    const mails = await eventually(async () => {
      const sent = sentTo(await caughtMails(INVITATION_SUBJECT), email);
      assert.equal(sent.length, 6, 'the first invitation and five more');
      return sent;
    }, 15_000);
    const tokens = mails.map(tokenOf);
    const answers = [];
    for (const token of tokens) answers.push((await visitor().post('/api/staff-invitations/accept', { token, password: PASSWORD })).status);
    assert.deepEqual(answers.filter((status) => status === 200).length, 1, `one link works: ${answers.join(', ')}`);
    assert.equal((await signIn(username)).status, 200);
  });

  test('a username or email already in use is a 409 saying which', async () => {
    const { username, email } = await invite();
    const sameName = await admin.post('/api/staff/invitations', { email: `${unique('x')}@example.com`, username, role: 'prayer_team' });
    assert.deepEqual([sameName.status, sameName.body.message], [409, 'That username is already taken.']);
    const sameEmail = await admin.post('/api/staff/invitations', { email: email.toUpperCase(), username: unique('y'), role: 'prayer_team' });
    assert.deepEqual([sameEmail.status, sameEmail.body.message], [409, 'That email address already has an account.']);
  });
});

describe('who may manage staff, and hostile input', () => {
  test('a prayer-team session is refused every staff route with 403, whatever the body and however the path is spelt; a visitor gets 401', async () => {
    const team = await teamMember();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/staff'],
      ['POST', '/api/staff/invitations', { email: 'ally@example.com', username: unique('ally'), role: 'prayer_team' }],
      ['PUT', `/api/staff/${team.id}/role`, { role: 'admin' }],
      ['PUT', `/api/staff/${team.id}/role`, { role: 'superuser' }],
      ['DELETE', `/api/staff/${adminId}`],
      ['POST', `/api/staff/${team.id}/invitation`],
      ['POST', `/api/%73taff/${team.id}/invitation`],
      // The gateway decides on the normalised path (ADR 0027): other spellings of the same route meet the same guard.
      ['GET', '/api//staff'],
      ['GET', '/api/./staff/'],
      ['GET', '/api/%73taff'],
      ['PUT', `/api/%73taff/${team.id}/role`, { role: 'admin' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await team.client.request(method, path, body);
      assert.equal(res.status, 403, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      assert.equal((await visitor().request(method, path, body)).status, 401, `${method} ${path} as a visitor`);
    }
    // Nothing changed: the member is still on the prayer team, the admin still an admin.
    const staff = new Map(((await admin.get('/api//staff')).body.items as { id: string; role: string; status: string }[]).map((s) => [s.id, s]));
    assert.deepEqual([staff.get(adminId)?.role, staff.get(adminId)?.status], ['admin', 'active']);
    assert.deepEqual([staff.get(team.id)?.role, staff.get(team.id)?.status], ['prayer_team', 'active']);
  });

  test('bad roles, ids, emails and usernames are 400s naming what is wrong, and nothing is made', async () => {
    const team = await teamMember();
    const before = (await admin.get('/api/staff')).body.items.length;
    const cases: [string, string, unknown, string][] = [
      ['PUT', `/api/staff/${team.id}/role`, { role: 'superuser' }, 'role must be one of admin, prayer_team'],
      ['PUT', `/api/staff/${team.id}/role`, { role: ['admin'] }, 'role must be one of admin, prayer_team'],
      ['PUT', `/api/staff/${team.id}/role`, {}, 'role must be one of admin, prayer_team'],
      ['PUT', '/api/staff/not-a-uuid/role', { role: 'admin' }, 'id must be the id of a staff account'],
      ['DELETE', "/api/staff/1'%20OR%201=1", undefined, 'id must be the id of a staff account'],
      ['POST', '/api/staff/..%2F..%2Fauth/invitation', undefined, 'encoded slash'],
      ['POST', `/api/staff/${team.id}%00/invitation`, undefined, 'NUL or another control character'],
      ['POST', '/api/staff/not-a-uuid/invitation', undefined, 'id must be the id of a staff account'],
      ['POST', '/api/staff/invitations', { email: 'ok@example.com', username: unique('r'), role: 'owner' }, 'role must be one of admin, prayer_team'],
      [
        'POST',
        '/api/staff/invitations',
        { email: 'ok@example.com\r\nBcc: all@example.com', username: unique('r'), role: 'prayer_team' },
        'email must be a valid email address',
      ],
      [
        'POST',
        '/api/staff/invitations',
        { email: 'ok@example.com', username: '<script>alert(1)</script>', role: 'prayer_team' },
        'username may contain only letters, digits, dot, dash and underscore',
      ],
      ['POST', '/api/staff/invitations', { username: unique('r'), role: 'prayer_team' }, 'email is required'],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await admin.request(method, path, body);
      assert.equal(res.status, 400, `${method} ${path} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
      assert.ok(String(res.body.message).includes(message), `${method} ${path}: ${res.body.message}`);
    }
    assert.equal((await admin.get('/api/staff')).body.items.length, before);
    // A well-formed id that is no staff account's is a 404; an ordinary user is not staff either.
    assert.equal((await admin.put(`/api/staff/${randomUUID()}/role`, { role: 'admin' })).status, 404);
    const plain = await admin.post('/api/auth/register', { username: unique('plain'), password: PASSWORD });
    assert.equal((await admin.put(`/api/staff/${plain.body.user.id}/role`, { role: 'admin' })).status, 404);
  });
});

describe('changing roles and removing accounts', () => {
  test('prayer_team → admin ends the sessions and the next sign-in asks for the second factor; admin → prayer_team signs in with the role again', async () => {
    const team = await teamMember();
    const promoted = await admin.put(`/api/staff/${team.id}/role`, { role: 'admin' });
    assert.deepEqual([promoted.status, promoted.body.role, promoted.body.status], [200, 'admin', 'active']);
    // The old session had no second factor: it is gone, not turned into an admin's.
    assert.equal((await team.client.get('/api/auth/me')).status, 401);
    assert.deepEqual((await signIn(team.username)).body, { secondFactor: 'totp-enrolment' });

    const demoted = await admin.put(`/api/staff/${team.id}/role`, { role: 'prayer_team' });
    assert.deepEqual([demoted.status, demoted.body.role], [200, 'prayer_team']);
    const login = await signIn(team.username);
    assert.deepEqual([login.status, login.body.user.isAdmin, login.body.user.roles], [200, false, ['prayer_team']]);
  });

  test('an admin can neither change nor remove their own account, so the last admin stays one', async () => {
    const demote = await admin.put(`/api/staff/${adminId}/role`, { role: 'prayer_team' });
    assert.deepEqual([demote.status, demote.body.code, demote.body.message], [409, 'conflict', OWN_ACCOUNT]);
    const remove = await admin.delete(`/api/staff/${adminId}`);
    assert.deepEqual([remove.status, remove.body.message], [409, OWN_ACCOUNT]);
    assert.equal((await admin.get('/api/auth/me')).body.user.isAdmin, true);
  });

  test('removing an account ends its sessions at once; it cannot sign in again; removing twice is one removal, and a removed account keeps its role', async () => {
    const team = await teamMember();
    assert.equal((await team.client.get('/api/prayer-team/moderation')).status, 200);
    const removed = await admin.delete(`/api/staff/${team.id}`);
    assert.deepEqual([removed.status, removed.body.status], [200, 'disabled']);
    assert.equal((await team.client.get('/api/prayer-team/moderation')).status, 401);
    const login = await signIn(team.username);
    assert.deepEqual([login.status, login.body.message], [401, 'Invalid username or password']);
    assert.deepEqual([(await admin.delete(`/api/staff/${team.id}`)).body.status], ['disabled']);
    const change = await admin.put(`/api/staff/${team.id}/role`, { role: 'admin' });
    assert.deepEqual([change.status, change.body.message], [409, 'This account was removed. Invite the person again with another username.']);
    const listed = (await admin.get('/api/staff')).body.items as { id: string; status: string }[];
    assert.equal(listed.at(-1)!.status, 'disabled');
  });

  test('two admins removing each other at once: exactly one removal wins and one of them stays an admin', async () => {
    const [a, b] = [await otherAdmin(), await otherAdmin()];
    const results = await Promise.all([a.client.delete(`/api/staff/${b.id}`), b.client.delete(`/api/staff/${a.id}`)]);
    const statuses = results.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 1, JSON.stringify(results.map((r) => r.body)));
    // The loser was removed first: refused by identity (403) or, if its session had already ended, by the gateway (401).
    assert.ok(
      statuses.some((s) => s === 401 || s === 403),
      JSON.stringify(statuses),
    );
    const staff = (await admin.get('/api/staff')).body.items as { id: string; status: string }[];
    assert.deepEqual(
      staff
        .filter((s) => [a.id, b.id].includes(s.id))
        .map((s) => s.status)
        .sort(),
      ['active', 'disabled'],
    );
  });

  test('two admins demoting each other at once: one demotion wins, never both', async () => {
    const [a, b] = [await otherAdmin(), await otherAdmin()];
    const results = await Promise.all([
      a.client.put(`/api/staff/${b.id}/role`, { role: 'prayer_team' }),
      b.client.put(`/api/staff/${a.id}/role`, { role: 'prayer_team' }),
    ]);
    assert.equal(results.filter((r) => r.status === 200).length, 1, JSON.stringify(results.map((r) => [r.status, r.body])));
    const staff = (await admin.get('/api/staff')).body.items as { id: string; role: string }[];
    assert.deepEqual(
      staff
        .filter((s) => [a.id, b.id].includes(s.id))
        .map((s) => s.role)
        .sort(),
      ['admin', 'prayer_team'],
    );
  });
});

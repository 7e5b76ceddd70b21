import assert from 'node:assert/strict';
import { concrete, gatewayRoutes, type Route } from './gateway-routes';
import { note, Session, signedInAdmin, signedInMember, signedInPrayerTeam } from './stack';

/**
 * Authorization matrix: every route the gateway serves, read from Nest's metadata of the gateway that runs
 * (its compiled module tree, built from the same config), is called as a visitor, a member and an admin with a minimal
 * request; the status class must follow the route's declared access. A route that declares none fails (deny by default).
 */

/** Routes that are public on purpose and still answer a visitor 401 themselves (saying "you are signed out"). */
const SAYS_SIGNED_OUT = new Set(['GET /api/auth/me']);
/**
 * Public on purpose (the password was right, no session exists yet) but only with a pending sign-in cookie, which no
 * role of the matrix holds: 401 for everyone. (POST /api/auth/login/totp answers 400 first: {} has no code.)
 */
const NEEDS_PENDING_SIGN_IN = new Set(['POST /api/auth/login/totp/setup']);
/** Routes that end the caller's session, in the order they are called, after every other route (which needs it). */
const SIGNS_OUT = ['/api/auth/sessions/revoke-all', '/api/auth/logout'];
const lateness = (route: Route) => SIGNS_OUT.indexOf(route.path) + 1;

/** ADR 0043: the prayer team is staff short of admin; its role opens the prayer area and no other admin route. */
type Role = 'visitor' | 'member' | 'admin' | 'prayer team';
const denied = (status: number) => status === 401 || status === 403;

function expected(route: Route, role: Role): 'allowed' | 401 | 403 {
  const key = `${route.method} ${route.path}`;
  switch (route.access) {
    case 'public':
      if (NEEDS_PENDING_SIGN_IN.has(key)) return 401;
      return role === 'visitor' && SAYS_SIGNED_OUT.has(key) ? 401 : 'allowed';
    case 'user':
      return role === 'visitor' ? 401 : 'allowed';
    case 'member':
      return role === 'visitor' ? 401 : role === 'member' ? 'allowed' : 403;
    case 'admin':
      return role === 'visitor' ? 401 : role === 'admin' ? 'allowed' : 403;
    case 'prayer_team':
      return role === 'visitor' ? 401 : role === 'member' ? 403 : 'allowed';
    default:
      throw new Error(`${key} declares no access`);
  }
}

let routes: Route[];
let sessions: Record<Role, Session>;

beforeAll(async () => {
  routes = gatewayRoutes();
  const admin = await signedInAdmin();
  sessions = { visitor: new Session(), member: await signedInMember(), admin, 'prayer team': await signedInPrayerTeam(admin) };
});

describe('authorization matrix from the gateway’s route metadata', () => {
  test('the walk finds every controller route, among them the known admin, member and public ones', () => {
    const keys = new Map(routes.map((r) => [`${r.method} ${r.path}`, r.access]));
    note(
      'authorization matrix',
      `${routes.length} routes: ${['public', 'user', 'member', 'admin', 'prayer_team'].map((a) => `${routes.filter((r) => r.access === a).length} ${a}`).join(', ')}`,
    );
    assert.ok(routes.length >= 60, `only ${routes.length} routes found`);
    assert.equal(keys.get('GET /api/orders'), 'admin');
    assert.equal(keys.get('GET /api/membership/stats'), 'member');
    assert.equal(keys.get('POST /api/orders'), 'public');
    assert.equal(keys.get('GET /ready'), 'public');
    // ADR 0029: the second factor, sign out everywhere and password change.
    assert.equal(keys.get('POST /api/auth/login/totp'), 'public');
    assert.equal(keys.get('POST /api/auth/login/totp/setup'), 'public');
    assert.equal(keys.get('GET /api/auth/totp'), 'admin');
    assert.equal(keys.get('POST /api/auth/totp/setup'), 'admin');
    assert.equal(keys.get('POST /api/auth/totp/confirm'), 'admin');
    assert.equal(keys.get('POST /api/auth/totp/disable'), 'admin');
    assert.equal(keys.get('POST /api/auth/sessions/revoke-all'), 'user');
    assert.equal(keys.get('POST /api/auth/password'), 'user');
    // ADR 0042, 0043: the prayer wall is public, the prayer area is the team's.
    assert.equal(keys.get('GET /api/prayer-wall'), 'public');
    assert.equal(keys.get('POST /api/prayer-wall/:id/prayed'), 'public');
    assert.equal(keys.get('POST /api/prayer-wall/:id/flag'), 'public');
    assert.equal(keys.get('POST /api/prayer-team/session/next'), 'prayer_team');
    assert.equal(keys.get('GET /api/prayer-team/moderation'), 'prayer_team');
    // ADR 0069: other sites embed an episode and find it by oEmbed.
    assert.equal(keys.get('GET /embed/episodes/:id'), 'public');
    assert.equal(keys.get('GET /api/oembed'), 'public');
    assert.equal(keys.get('GET /api/prayer-requests'), 'admin');
    // Payouts that move money (ADR 0048): a member's own payout account; an admin's retry of a held payout.
    assert.equal(keys.get('GET /api/membership/payout-account'), 'member');
    assert.equal(keys.get('POST /api/membership/payout-account/onboarding'), 'member');
    assert.equal(keys.get('POST /api/admin/payout-runs/payouts/:payoutId/retry'), 'admin');
    // A member's own billing (ADR 0059): the card, a new one, invoices and a receipt.
    for (const route of [
      'GET /api/membership/billing',
      'POST /api/membership/billing/card-setup',
      'POST /api/membership/billing/card',
      'GET /api/membership/invoices',
      'GET /api/membership/invoices/:invoiceId',
    ])
      assert.equal(keys.get(route), 'member', route);
    // ADR 0061: a run's payouts and the yearly earnings are the admin's; a member reads only their own statement.
    assert.equal(keys.get('GET /api/admin/payout-runs/:month/payouts'), 'admin');
    assert.equal(keys.get('GET /api/admin/earnings/:file'), 'admin');
    // ADR 0071: podcast analytics and their CSV are the admin's.
    assert.equal(keys.get('GET /api/admin/podcast-analytics'), 'admin');
    assert.equal(keys.get('GET /api/admin/podcast-analytics.csv'), 'admin');
    assert.equal(keys.get('GET /api/admin/earnings/:year/members/:memberId'), 'admin');
    assert.equal(keys.get('GET /api/membership/earnings/:year'), 'member');
    // ADR 0062: where a member's own earnings go.
    assert.equal(keys.get('PUT /api/membership/payout-method'), 'member');
  });

  test('every route declares its access (@Public, @RequireUser, @RequireMember, @RequireAdmin or @RequirePrayerTeam): none is open by omission', () => {
    const undeclared = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.path} (${r.handler})`);
    assert.deepEqual(undeclared, []);
  });

  test('visitor, member, admin and prayer team get the status class the declared access promises, and never a 5xx', async () => {
    // Signing out (here or everywhere) revokes the session the other calls use: those go last.
    const ordered = [...routes].sort((a, b) => lateness(a) - lateness(b));
    const wrong: string[] = [];
    let calls = 0;
    for (const route of ordered) {
      for (const role of ['visitor', 'member', 'admin', 'prayer team'] as Role[]) {
        const write = !['GET', 'HEAD', 'DELETE'].includes(route.method);
        const res = await sessions[role].request(route.method, concrete(route.path), write ? {} : undefined);
        calls++;
        const want = expected(route, role);
        const ok = res.status < 500 && (want === 'allowed' ? !denied(res.status) : res.status === want);
        if (!ok) wrong.push(`${route.method} ${route.path} as ${role}: ${res.status} (expected ${want}) ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    note('authorization matrix', `${routes.length} routes × 4 roles = ${calls} calls`);
    assert.deepEqual(wrong, []);
  });
});

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { getMe, meQueryOptions } from '@/features/auth/api/get-me';
import { login } from '@/features/auth/api/login';
import { logout } from '@/features/auth/api/logout';
import { getProfile, profileQueryOptions } from '@/features/member/api/get-profile';
import { readSessionHint, resetSessionHint } from '@/lib/session-hint';

const realFetch = globalThis.fetch;
let calls: string[];

beforeEach(() => {
  calls = [];
  globalThis.fetch = (async (url: string) => {
    calls.push(url);
    if (url === '/api/auth/login') return Response.json({ user: { id: 'u1', username: 'admin', isAdmin: true } });
    if (url === '/api/auth/logout') return new Response(null, { status: 204 });
    if (url === '/api/auth/me') return Response.json({ user: { id: 'u1', username: 'admin', isAdmin: true } });
    return Response.json({ message: 'Sign in first.' }, { status: 401 });
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
  resetSessionHint('unknown');
});

const head = (content: string | null) => ({
  querySelector: (selector: string) =>
    selector === 'meta[name="km-session"]' && content !== null ? ({ getAttribute: (name: string) => (name === 'content' ? content : null) } as Element) : null,
});

describe('the session hint', () => {
  it('reads "none" only from <meta name="km-session" content="none">; an absent tag, another value or no document is "unknown"', () => {
    assert.equal(readSessionHint(head('none')), 'none');
    assert.equal(readSessionHint(head('unknown')), 'unknown');
    assert.equal(readSessionHint(head(null)), 'unknown');
    assert.equal(readSessionHint(undefined), 'unknown');
  });

  it('a page served without a session cookie asks neither /api/auth/me nor the member profile: signed out, no 401 requested', async () => {
    resetSessionHint('none');
    assert.equal(await getMe(), null);
    await assert.rejects(getMe({ on401: 'throw' }), { message: 'Not authenticated' });
    assert.deepEqual(await getProfile(), { kind: 'signed-out' });
    assert.deepEqual(calls, []);
  });

  it('a page whose hint is "unknown" asks the server, as before', async () => {
    resetSessionHint('unknown');
    assert.equal((await getMe())?.username, 'admin');
    assert.deepEqual(await getProfile(), { kind: 'signed-out' });
    assert.deepEqual(calls, ['/api/auth/me', '/api/membership/profile']);
  });

  it('signing in on such a page makes the next lookup ask the server; signing out stops it asking again', async () => {
    resetSessionHint('none');
    await login({ username: 'admin', password: 'secret' });
    assert.equal((await getMe())?.username, 'admin');
    await logout();
    assert.equal(await getMe(), null);
    assert.deepEqual(calls, ['/api/auth/login', '/api/auth/me', '/api/auth/logout']);
  });

  it('the user and the member profile start out signed out on such a page (no loading state), and unknown otherwise', () => {
    const initial = <T>(options: { initialData?: T | (() => T) }) =>
      typeof options.initialData === 'function' ? (options.initialData as () => T)() : options.initialData;
    resetSessionHint('none');
    assert.equal(initial(meQueryOptions()), null);
    assert.deepEqual(initial(profileQueryOptions()), { kind: 'signed-out' });
    resetSessionHint('unknown');
    assert.equal(initial(meQueryOptions()), undefined);
    assert.equal(initial(profileQueryOptions()), undefined);
  });
});

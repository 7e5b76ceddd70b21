import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  authSlice,
  fromPersistedAuth,
  selectIsAdmin,
  sessionChecked,
  toAuthUser,
  toPersistedAuth,
  userSignedIn,
  userSignedOut,
  type AuthUser,
} from './auth-slice';

const admin: AuthUser = { id: 'u1', username: 'admin', email: 'admin@example.com', isAdmin: true };

describe('auth slice', () => {
  it('stores the user on sign-in and clears it on sign-out', () => {
    const signedIn = authSlice.reducer(undefined, userSignedIn(admin));
    assert.deepEqual(signedIn.user, admin);
    assert.equal(selectIsAdmin({ auth: signedIn }), true);

    const signedOut = authSlice.reducer(signedIn, userSignedOut());
    assert.equal(signedOut.user, null);
    assert.equal(selectIsAdmin({ auth: signedOut }), false);
  });

  it('never keeps a password or other unknown fields', () => {
    const fromServer = { ...admin, password: 'secret', passwordHash: 'x' } as AuthUser;
    const state = authSlice.reducer(undefined, userSignedIn(fromServer));
    assert.deepEqual(state.user, admin);
    assert.ok(!JSON.stringify(toPersistedAuth(state)).includes('secret'));
  });

  it('follows the server on a session check', () => {
    const signedIn = authSlice.reducer(undefined, userSignedIn(admin));
    assert.equal(authSlice.reducer(signedIn, sessionChecked(null)).user, null);
    const member = { id: 'u2', username: 'member', isAdmin: false };
    assert.deepEqual(authSlice.reducer(undefined, sessionChecked(member)).user, member);
  });

  it('reads back only a well-formed persisted user', () => {
    const persisted = JSON.parse(JSON.stringify(toPersistedAuth({ user: admin })));
    assert.deepEqual(fromPersistedAuth(persisted), { user: admin });
    assert.deepEqual(fromPersistedAuth({ user: { username: 'no id' } }), { user: null });
    assert.deepEqual(fromPersistedAuth('garbage'), { user: null });
    assert.deepEqual(fromPersistedAuth(undefined), { user: null });
  });

  it('treats anything but isAdmin === true as not admin', () => {
    assert.equal(toAuthUser({ id: 1, username: 'a', isAdmin: 'true' })?.isAdmin, false);
    assert.equal(toAuthUser({ id: 1, username: 'a' })?.id, '1');
  });
});

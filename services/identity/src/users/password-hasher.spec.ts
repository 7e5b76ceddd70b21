import assert from 'node:assert/strict';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher';

test('hashes with argon2id and verifies only the right password', async () => {
  const hash = await hashPassword('correct horse battery');
  assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  assert.equal(await verifyPassword(hash, 'correct horse battery'), true);
  assert.equal(await verifyPassword(hash, 'wrong horse battery'), false);
});

test('a malformed stored hash verifies as false instead of throwing', async () => {
  assert.equal(await verifyPassword('not-a-hash', 'anything'), false);
});

test('verifying against the dummy hash always fails', async () => {
  assert.equal(await verifyAgainstDummy('dummy-password-for-timing'), false);
});

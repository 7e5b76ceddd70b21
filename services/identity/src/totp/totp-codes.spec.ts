import assert from 'node:assert/strict';
import { generate } from 'otplib';
import { checkTotp, hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, TOTP_PERIOD_SECONDS } from './totp-codes';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 10); // 10 s into a 30-second step
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });
const step = (ms: number) => Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);

describe('checkTotp', () => {
  test('accepts the code of the current step and of one step either side, and answers the step it matched', async () => {
    const secret = newTotpSecret();
    for (const offset of [-1, 0, 1]) {
      const at = NOW + offset * TOTP_PERIOD_SECONDS * 1000;
      assert.deepEqual(await checkTotp(secret, await codeAt(secret, at), null, NOW), { ok: true, step: step(at) });
    }
  });

  test('refuses codes two steps away in either direction as wrong', async () => {
    const secret = newTotpSecret();
    for (const offset of [-2, 2]) {
      const code = await codeAt(secret, NOW + offset * TOTP_PERIOD_SECONDS * 1000);
      assert.deepEqual(await checkTotp(secret, code, null, NOW), { ok: false, reason: 'wrong' });
    }
  });

  test('refuses the code of the last accepted step, and of an earlier one, as replayed', async () => {
    const secret = newTotpSecret();
    const code = await codeAt(secret, NOW);
    assert.deepEqual(await checkTotp(secret, code, step(NOW), NOW), { ok: false, reason: 'replayed' });
    const previous = await codeAt(secret, NOW - TOTP_PERIOD_SECONDS * 1000);
    assert.deepEqual(await checkTotp(secret, previous, step(NOW), NOW), { ok: false, reason: 'replayed' });
    // The next step's code is still good after the current one was used.
    const next = await codeAt(secret, NOW + TOTP_PERIOD_SECONDS * 1000);
    assert.deepEqual(await checkTotp(secret, next, step(NOW), NOW), { ok: true, step: step(NOW) + 1 });
  });

  test('a code typed with a space is read as its digits; anything but six digits is wrong without throwing', async () => {
    const secret = newTotpSecret();
    const code = await codeAt(secret, NOW);
    assert.equal((await checkTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, null, NOW)).ok, true);
    for (const bad of ['', '12345', '1234567', 'abcdef', '12345x']) assert.deepEqual(await checkTotp(secret, bad, null, NOW), { ok: false, reason: 'wrong' });
  });
});

describe('recovery codes', () => {
  test('ten distinct codes of 20 hex digits in groups of five', () => {
    const codes = newRecoveryCodes();
    assert.equal(codes.length, 10);
    assert.equal(new Set(codes).size, 10);
    for (const code of codes) assert.match(code, /^[0-9a-f]{5}-[0-9a-f]{5}-[0-9a-f]{5}-[0-9a-f]{5}$/);
  });

  test('the stored hash ignores letter case, dashes and spaces, so a code is found however it is typed', () => {
    const [code] = newRecoveryCodes();
    assert.equal(hashRecoveryCode(code.toUpperCase().replace(/-/g, ' ')), hashRecoveryCode(code));
    assert.notEqual(hashRecoveryCode(code), hashRecoveryCode(newRecoveryCodes()[0]));
    assert.equal(looksLikeRecoveryCode(code.toUpperCase()), true);
    assert.equal(looksLikeRecoveryCode('123456'), false);
  });
});

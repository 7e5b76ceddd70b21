import { normalizeReferralCode, REFERRAL_CODE_PATTERN } from '@km/contracts';
import assert from 'node:assert/strict';
import { newReferralCode } from './referral-code';

describe('referral codes', () => {
  it('are 8 Crockford characters that the contract pattern accepts, and differ from draw to draw', () => {
    const codes = new Set(Array.from({ length: 200 }, newReferralCode));
    for (const code of codes) assert.match(code, REFERRAL_CODE_PATTERN);
    assert.ok(codes.size > 195);
  });

  it('forgive case, dashes, O for 0 and I/L for 1 when typed back', () => {
    assert.equal(normalizeReferralCode('7q2m-9xkd'), '7Q2M9XKD');
    assert.equal(normalizeReferralCode('o1il 0000'), '01110000');
  });
});

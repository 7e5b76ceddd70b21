import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextPayoutDate, referralLink, shareReferralLink, vipProgress } from './referral';

describe('referral helpers', () => {
  it('builds {origin}/marketshare?ref={code}', () => {
    assert.equal(referralLink('http://localhost:3000', '7Q2M9XKD'), 'http://localhost:3000/marketshare?ref=7Q2M9XKD');
  });

  it('VIP progress is referrals / 10, capped at 100 %, with both texts of spec §4', () => {
    assert.deepEqual(vipProgress(0), { percent: 0, text: '10 more referrals to unlock VIP benefits' });
    assert.deepEqual(vipProgress(1), { percent: 10, text: '9 more referrals to unlock VIP benefits' });
    assert.deepEqual(vipProgress(10), { percent: 100, text: "Congratulations! You've reached VIP status!" });
    assert.deepEqual(vipProgress(27), { percent: 100, text: "Congratulations! You've reached VIP status!" });
  });

  it('the next payout is the 15th of the next month, across a year end', () => {
    assert.deepEqual(nextPayoutDate(new Date(2026, 11, 20)), new Date(2027, 0, 15));
    assert.deepEqual(nextPayoutDate(new Date(2026, 0, 31)), new Date(2026, 1, 15));
  });

  it('shares natively, is silent when the share is cancelled, and copies when there is no native share', async () => {
    const copied: string[] = [];
    const clipboard = { writeText: async (t: string) => void copied.push(t) } as unknown as Clipboard;
    assert.equal(await shareReferralLink('u1', { clipboard, share: async () => undefined }), 'shared');
    const cancel = async () => {
      throw new DOMException('Share canceled', 'AbortError');
    };
    assert.equal(await shareReferralLink('u2', { clipboard, share: cancel }), 'cancelled');
    assert.equal(await shareReferralLink('u3', { clipboard }), 'copied');
    assert.deepEqual(copied, ['u3']);
    const broken = { writeText: async () => Promise.reject(new Error('denied')) } as unknown as Clipboard;
    assert.equal(await shareReferralLink('u4', { clipboard: broken }), 'failed');
  });
});

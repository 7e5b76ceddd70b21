import { PAYOUT_DAY_OF_MONTH, VIP_REFERRALS } from '@km/contracts/vocabulary';

/** Spec §7: the referral share link is {origin}/marketshare?ref={code}. */
export const referralLink = (origin: string, code: string) => `${origin}/marketshare?ref=${encodeURIComponent(code)}`;

/** Spec §4 VIP progress: referrals / 10 as a percent, capped at 100, and the text under the bar. */
export function vipProgress(referrals: number): { percent: number; text: string } {
  const percent = Math.min(100, Math.round((referrals / VIP_REFERRALS) * 100));
  const left = VIP_REFERRALS - referrals;
  return {
    percent,
    text: left > 0 ? `${left} more referrals to unlock VIP benefits` : "Congratulations! You've reached VIP status!",
  };
}

/** Spec §9: the next payout is the 15th of the next month. */
export function nextPayoutDate(today: Date): Date {
  return new Date(today.getFullYear(), today.getMonth() + 1, PAYOUT_DAY_OF_MONTH);
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Spec §4 Share link: the device's native share when there is one, else the link copied. Cancelling the native
 * share sheet is not a failure and says nothing.
 */
export async function shareReferralLink(
  url: string,
  nav: Pick<Navigator, 'clipboard'> & { share?: (data: ShareData) => Promise<void> } = navigator,
): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title: 'Join me on Marketshare', url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Any other refusal (not allowed here, say) falls back to copying.
    }
  }
  try {
    await nav.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

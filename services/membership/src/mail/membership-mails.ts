import { REFERRAL_COMMISSION } from '@km/contracts';
import { buttonMail, type OutgoingMail } from '@km/nest-kit/mail';

const mail = buttonMail;

export const dashboardUrl = (origin: string) => `${origin}/member-dashboard`;
export const shareUrl = (origin: string, code: string) => `${origin}/marketshare?ref=${encodeURIComponent(code)}`;

export function welcomeMail(origin: string, member: { email: string; firstName: string; referralCode: string }): OutgoingMail {
  return mail(
    member.email,
    'Welcome to Marketshare',
    `Dear ${member.firstName},`,
    [
      'Welcome to Marketshare! Your membership is active: $5.00 per month, and you can cancel anytime from your member dashboard.',
      `Your referral code is ${member.referralCode}. Share it, or this link: ${shareUrl(origin, member.referralCode)}. You earn $${REFERRAL_COMMISSION} for each member who joins with it, paid monthly on the 15th.`,
    ],
    { label: 'Open your member dashboard', url: dashboardUrl(origin) },
  );
}

export function referralEarnedMail(origin: string, referrer: { email: string; firstName: string }, referredFirstName: string): OutgoingMail {
  return mail(
    referrer.email,
    `You earned $${REFERRAL_COMMISSION} with Marketshare`,
    `Dear ${referrer.firstName},`,
    [
      `${referredFirstName} just joined Marketshare with your referral code, so you earned $${REFERRAL_COMMISSION}.`,
      'It is pending now and will be paid with the monthly payout on the 15th.',
    ],
    { label: 'See your referrals', url: dashboardUrl(origin) },
  );
}

export function payoutMail(origin: string, member: { email: string; firstName: string }, payout: { amount: string; payoutDate: string }): OutgoingMail {
  return mail(
    member.email,
    `Your Marketshare payout of $${payout.amount}`,
    `Dear ${member.firstName},`,
    [
      `Your referral commissions of $${payout.amount} were paid out on ${payout.payoutDate}.`,
      'Thank you for sharing Marketshare. Your dashboard lists every commission with the date it was paid.',
    ],
    { label: 'See your commissions', url: dashboardUrl(origin) },
  );
}

export function profitBonusMail(
  origin: string,
  member: { email: string; firstName: string },
  bonus: { amount: string; period: string; payoutDate: string },
): OutgoingMail {
  return mail(
    member.email,
    `Your Marketshare profit bonus of $${bonus.amount}`,
    `Dear ${member.firstName},`,
    [
      `Your profit bonus for ${bonus.period} of $${bonus.amount} was paid out on ${bonus.payoutDate}.`,
      'It is your share of the store profits, in proportion to the members you referred in those six months. Thank you for sharing Marketshare.',
    ],
    { label: 'See your profit bonuses', url: dashboardUrl(origin) },
  );
}

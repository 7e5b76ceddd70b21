import { REFERRAL_COMMISSION } from '@km/contracts';
import { button, details, heading, lines, paragraph, renderMail, type OutgoingMail } from '@km/nest-kit/mail';

export const dashboardUrl = (origin: string) => `${origin}/member-dashboard`;
export const shareUrl = (origin: string, code: string) => `${origin}/marketshare?ref=${encodeURIComponent(code)}`;

const MEMBER_REASON = 'You are receiving this email because you are a Marketshare member at Kingdom Marketplace.';
const SIGNATURE = lines('Kingdom Marketplace');

export function welcomeMail(origin: string, member: { email: string; firstName: string; referralCode: string }): OutgoingMail {
  return renderMail({
    to: member.email,
    subject: 'Welcome to Marketshare',
    origin,
    preheader: `Your membership is active. Your referral code is ${member.referralCode}.`,
    reason: MEMBER_REASON,
    blocks: [
      heading('Welcome to Marketshare'),
      paragraph(`Dear ${member.firstName},`),
      paragraph('Welcome to Marketshare! Your membership is active: $5.00 per month, and you can cancel anytime from your member dashboard.'),
      paragraph(
        `Your referral code is ${member.referralCode}. Share it, or this link: ${shareUrl(origin, member.referralCode)}. You earn $${REFERRAL_COMMISSION} for each member who joins with it, paid monthly on the 15th.`,
      ),
      button('Open your member dashboard', dashboardUrl(origin)),
      SIGNATURE,
    ],
  });
}

export function referralEarnedMail(origin: string, referrer: { email: string; firstName: string }, referredFirstName: string): OutgoingMail {
  return renderMail({
    to: referrer.email,
    subject: `You earned $${REFERRAL_COMMISSION} with Marketshare`,
    origin,
    preheader: `A new member joined with your referral code: $${REFERRAL_COMMISSION} is on its way.`,
    reason: MEMBER_REASON,
    blocks: [
      heading(`You earned $${REFERRAL_COMMISSION}`),
      paragraph(`Dear ${referrer.firstName},`),
      paragraph(`${referredFirstName} just joined Marketshare with your referral code, so you earned $${REFERRAL_COMMISSION}.`),
      paragraph('It is pending now and will be paid with the monthly payout on the 15th.'),
      button('See your referrals', dashboardUrl(origin)),
      SIGNATURE,
    ],
  });
}

export const payoutSubject = (amount: string) => `Your Marketshare payout of $${amount}`;
export const profitBonusSubject = (amount: string) => `Your Marketshare profit bonus of $${amount}`;

export function payoutMail(origin: string, member: { email: string; firstName: string }, payout: { amount: string; payoutDate: string }): OutgoingMail {
  return renderMail({
    to: member.email,
    subject: payoutSubject(payout.amount),
    origin,
    preheader: `Your referral commissions of $${payout.amount} were paid out on ${payout.payoutDate}.`,
    reason: MEMBER_REASON,
    blocks: [
      heading('Your payout is on its way'),
      paragraph(`Dear ${member.firstName},`),
      paragraph(`Your referral commissions of $${payout.amount} were paid out on ${payout.payoutDate}.`),
      details([
        ['Amount', `$${payout.amount}`],
        ['Paid on', payout.payoutDate],
      ]),
      paragraph('Thank you for sharing Marketshare. Your dashboard lists every commission with the date it was paid.'),
      button('See your commissions', dashboardUrl(origin)),
      SIGNATURE,
    ],
  });
}

export function profitBonusMail(
  origin: string,
  member: { email: string; firstName: string },
  bonus: { amount: string; period: string; payoutDate: string },
): OutgoingMail {
  return renderMail({
    to: member.email,
    subject: profitBonusSubject(bonus.amount),
    origin,
    preheader: `Your profit bonus for ${bonus.period} of $${bonus.amount} was paid out on ${bonus.payoutDate}.`,
    reason: MEMBER_REASON,
    blocks: [
      heading('Your profit bonus'),
      paragraph(`Dear ${member.firstName},`),
      paragraph(`Your profit bonus for ${bonus.period} of $${bonus.amount} was paid out on ${bonus.payoutDate}.`),
      details([
        ['Period', bonus.period],
        ['Amount', `$${bonus.amount}`],
        ['Paid on', bonus.payoutDate],
      ]),
      paragraph('It is your share of the store profits, in proportion to the members you referred in those six months. Thank you for sharing Marketshare.'),
      button('See your profit bonuses', dashboardUrl(origin)),
      SIGNATURE,
    ],
  });
}

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

/** Where a payout stands when its mail is written: paid (by transfer or as membership credit), held with its reason, or not decided yet. */
export type PayoutMailOutcome =
  | { status: 'paid'; method: 'transfer' | 'membership_credit' }
  | { status: 'held'; reason: 'no_account' | 'below_minimum' | 'restricted' | 'transfer_failed' }
  | { status: 'scheduled' };

interface PayoutWords {
  heading: string;
  sentence: string;
  /** What the date in the details is: the day the money moved, or the run's (held, not decided yet). */
  dateLabel?: string;
  button?: string;
  closing?: string;
}

/** What the payout mail says for each outcome: a heading and the sentence about the money, then what differs. */
function payoutWords(amount: string, date: string, outcome: PayoutMailOutcome, minimum: string): PayoutWords {
  const commissions = `Your referral commissions of $${amount}`;
  const later = 'They are kept for you and paid by the next payout run once this is done.';
  if (outcome.status === 'paid' && outcome.method === 'membership_credit')
    return {
      heading: 'Your earnings went to your membership',
      sentence: `${commissions} were applied to your membership on ${date}: your next invoices take them off.`,
      dateLabel: 'Applied on',
    };
  if (outcome.status === 'paid') return { heading: 'Your payout is on its way', sentence: `${commissions} were paid out on ${date}.`, dateLabel: 'Paid on' };
  if (outcome.status === 'scheduled') return { heading: 'Your payout is scheduled', sentence: `${commissions} are being paid out with the run of ${date}.` };
  switch (outcome.reason) {
    case 'no_account':
      return {
        heading: 'Your payout is waiting for you',
        sentence: `${commissions} are ready, but you have not set up payouts yet, so nothing could be sent on ${date}.`,
        button: 'Set up payouts',
        closing: `Set up payouts on your dashboard (a few minutes with Stripe). ${later}`,
      };
    case 'restricted':
      return {
        heading: 'Your payout is on hold',
        sentence: `${commissions} could not be sent on ${date}: Stripe needs more information about your payout account.`,
        button: 'Finish setting up payouts',
        closing: `Open your dashboard to give Stripe what it asks for. ${later}`,
      };
    case 'below_minimum':
      return {
        heading: 'Your earnings carry forward',
        sentence: `${commissions} are below the $${minimum} minimum payout, so they carry forward from the run of ${date}.`,
        closing: 'They are paid with a later run, once what you have earned reaches the minimum.',
      };
    case 'transfer_failed':
      return {
        heading: 'Your payout is delayed',
        sentence: `The transfer of your referral commissions of $${amount} did not go through on ${date}.`,
        closing: 'We try it again with the next payout run; nothing is needed from you unless your dashboard asks for it.',
      };
  }
}

/**
 * The payout's mail, written once its outcome is known (ADR 0077): a member is told their money was sent (or applied
 * to their membership), or why it is held and what to do; never "on its way" for a payout that is held.
 */
export function payoutMail(
  origin: string,
  member: { email: string; firstName: string },
  payout: { amount: string; payoutDate: string; outcome: PayoutMailOutcome; minimum: string },
): OutgoingMail {
  const words = payoutWords(payout.amount, payout.payoutDate, payout.outcome, payout.minimum);
  return renderMail({
    to: member.email,
    subject: payoutSubject(payout.amount),
    origin,
    preheader: words.sentence,
    reason: MEMBER_REASON,
    blocks: [
      heading(words.heading),
      paragraph(`Dear ${member.firstName},`),
      paragraph(words.sentence),
      details([
        ['Amount', `$${payout.amount}`],
        [words.dateLabel ?? 'Payout run', payout.payoutDate],
      ]),
      paragraph(words.closing ?? 'Thank you for sharing Marketshare. Your dashboard lists every commission with the date it was paid.'),
      button(words.button ?? 'See your commissions', dashboardUrl(origin)),
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

import { HOSTILE_TEXT, type MailTemplates } from '@km/nest-kit/mail';
import { cancelledForNonPaymentStaffMail, paymentFailedMail, paymentReminderMail, updateCardUrl } from './billing-mails';
import { dashboardUrl, payoutMail, profitBonusMail, referralEarnedMail, welcomeMail } from './membership-mails';

const origin = 'https://kingdom.example';
const member = { email: 'lydia@example.com', firstName: HOSTILE_TEXT };
const dashboard = `See your commissions: ${dashboardUrl(origin)}`;

/** Every email membership sends, with sample data (ADR 0030): a new one joins here, or `mail-templates.spec.ts` fails. */
export const MAIL_TEMPLATES: MailTemplates = {
  welcomeMail: {
    render: () => welcomeMail(origin, { ...member, referralCode: 'LYDIA7' }),
    facts: ['LYDIA7', `${origin}/marketshare?ref=LYDIA7`, '$5.00 per month', `Open your member dashboard: ${dashboardUrl(origin)}`],
  },
  referralEarnedMail: {
    render: () => referralEarnedMail(origin, member, HOSTILE_TEXT),
    facts: [`${HOSTILE_TEXT} just joined Marketshare with your referral code, so you earned $1.00.`],
  },
  payoutMail: {
    render: () => payoutMail(origin, member, { amount: '12.00', payoutDate: '2026-03-15', outcome: { status: 'paid', method: 'transfer' }, minimum: '1.00' }),
    facts: ['Your referral commissions of $12.00 were paid out on 2026-03-15.', dashboard],
  },
  'payoutMail.membershipCredit': {
    render: () =>
      payoutMail(origin, member, { amount: '12.00', payoutDate: '2026-03-15', outcome: { status: 'paid', method: 'membership_credit' }, minimum: '1.00' }),
    facts: ['Your referral commissions of $12.00 were applied to your membership on 2026-03-15: your next invoices take them off.', dashboard],
  },
  'payoutMail.noAccount': {
    render: () => payoutMail(origin, member, { amount: '12.00', payoutDate: '2026-03-15', outcome: { status: 'held', reason: 'no_account' }, minimum: '1.00' }),
    facts: ['you have not set up payouts yet', `Set up payouts: ${dashboardUrl(origin)}`],
  },
  'payoutMail.restricted': {
    render: () => payoutMail(origin, member, { amount: '12.00', payoutDate: '2026-03-15', outcome: { status: 'held', reason: 'restricted' }, minimum: '1.00' }),
    facts: ['Stripe needs more information about your payout account', `Finish setting up payouts: ${dashboardUrl(origin)}`],
  },
  'payoutMail.belowMinimum': {
    render: () =>
      payoutMail(origin, member, { amount: '0.50', payoutDate: '2026-03-15', outcome: { status: 'held', reason: 'below_minimum' }, minimum: '1.00' }),
    facts: ['Your referral commissions of $0.50 are below the $1.00 minimum payout'],
  },
  'payoutMail.transferFailed': {
    render: () =>
      payoutMail(origin, member, { amount: '12.00', payoutDate: '2026-03-15', outcome: { status: 'held', reason: 'transfer_failed' }, minimum: '1.00' }),
    facts: ['The transfer of your referral commissions of $12.00 did not go through on 2026-03-15.', 'We try it again with the next payout run'],
  },
  'payoutMail.scheduled': {
    render: () => payoutMail(origin, member, { amount: '12.00', payoutDate: '2026-03-15', outcome: { status: 'scheduled' }, minimum: '1.00' }),
    facts: ['Your referral commissions of $12.00 are being paid out with the run of 2026-03-15.'],
  },
  profitBonusMail: {
    render: () => profitBonusMail(origin, member, { amount: '48.25', period: '2026-H1', payoutDate: '2026-07-15' }),
    facts: ['$48.25', '2026-H1', '2026-07-15'],
  },
  paymentFailedMail: {
    render: () => paymentFailedMail(origin, member, new Date('2026-03-17T09:00:00Z')),
    facts: ['March 17, 2026', '$5.00', updateCardUrl(origin), 'member discounts are paused'],
  },
  paymentReminderMail: {
    render: () => paymentReminderMail(origin, member, new Date('2026-03-17T09:00:00Z')),
    facts: ['March 17, 2026', updateCardUrl(origin)],
  },
  cancelledForNonPaymentStaffMail: {
    render: () =>
      cancelledForNonPaymentStaffMail(
        origin,
        'billing@kingdom.example',
        { ...member, lastName: 'Thyatira', memberId: '00000000-0000-4000-8000-000000000001' },
        new Date('2026-03-10T09:00:00Z'),
      ),
    facts: ['lydia@example.com', 'March 10, 2026', '00000000-0000-4000-8000-000000000001'],
  },
};

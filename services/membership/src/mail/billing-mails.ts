import { MEMBERSHIP_PRICE_CENTS } from '@km/contracts';
import { button, details, heading, lines, paragraph, renderMail, type OutgoingMail } from '@km/nest-kit/mail';
import { dashboardUrl } from './membership-mails';

/**
 * The one tap from a dunning email (ADR 0059): the dashboard opens the update-card dialog; a member who is not signed
 * in there gets the member sign-in form first (a link by email, no password, ADR 0038), and the dialog after it.
 */
export const updateCardUrl = (origin: string) => `${dashboardUrl(origin)}#update-card`;

const MEMBER_REASON = 'You are receiving this email because you are a Marketshare member at Kingdom Marketplace.';
const SIGNATURE = lines('Kingdom Marketplace');
const PRICE = `$${(MEMBERSHIP_PRICE_CENTS / 100).toFixed(2)}`;
const longDate = (at: Date) => at.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function paymentFailedMail(origin: string, member: { email: string; firstName: string }, graceEndsAt: Date): OutgoingMail {
  return renderMail({
    to: member.email,
    subject: 'Your Marketshare payment did not go through',
    origin,
    preheader: `Update your card by ${longDate(graceEndsAt)} to keep your membership.`,
    reason: MEMBER_REASON,
    blocks: [
      heading('Your payment did not go through'),
      paragraph(`Dear ${member.firstName},`),
      paragraph(`We could not charge your card for this month's Marketshare membership (${PRICE}).`),
      paragraph(
        `Please update your card by ${longDate(graceEndsAt)}. We will try the payment again as soon as you do. Until then you keep earning commissions, but member discounts are paused. If the payment is still unpaid on ${longDate(graceEndsAt)}, your membership is cancelled.`,
      ),
      button('Update your card', updateCardUrl(origin)),
      SIGNATURE,
    ],
  });
}

export function paymentReminderMail(origin: string, member: { email: string; firstName: string }, graceEndsAt: Date): OutgoingMail {
  return renderMail({
    to: member.email,
    subject: `Reminder: update your card by ${longDate(graceEndsAt)} to keep Marketshare`,
    origin,
    preheader: `Your membership is cancelled on ${longDate(graceEndsAt)} unless the payment goes through.`,
    reason: MEMBER_REASON,
    blocks: [
      heading('Your membership payment is still unpaid'),
      paragraph(`Dear ${member.firstName},`),
      paragraph(
        `This month's Marketshare payment (${PRICE}) is still unpaid. Update your card by ${longDate(graceEndsAt)} and we will try it again at once; otherwise your membership is cancelled on that day.`,
      ),
      button('Update your card', updateCardUrl(origin)),
      SIGNATURE,
    ],
  });
}

export function cancelledForNonPaymentStaffMail(
  origin: string,
  staffEmail: string,
  member: { email: string; firstName: string; lastName: string; memberId: string },
  pastDueSince: Date,
): OutgoingMail {
  return renderMail({
    to: staffEmail,
    subject: `Marketshare membership cancelled for non-payment: ${member.firstName} ${member.lastName}`,
    origin,
    preheader: `${member.email} did not pay within the grace period.`,
    reason: 'You are receiving this email because this address is the staff billing contact of Kingdom Marketplace (STAFF_BILLING_EMAIL).',
    blocks: [
      heading('A membership was cancelled for non-payment'),
      paragraph(`The renewal of this Marketshare membership failed and was not paid by the end of the grace period, so it has been cancelled.`),
      details([
        ['Member', `${member.firstName} ${member.lastName}`],
        ['Email', member.email],
        ['Member id', member.memberId],
        ['Unpaid since', longDate(pastDueSince)],
      ]),
      lines('Kingdom Marketplace billing'),
    ],
  });
}

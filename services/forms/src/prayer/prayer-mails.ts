import { PRAYER_REQUEST_TYPE_LABELS, type PrayerRequestType } from '@km/contracts';
import type { OutgoingMail } from '@km/nest-kit/mail';
import { renderMail } from '../mail/mail-layout';

/*
 * The prayer ministry's emails (ADR 0042), all in this file so they move together with the mail layout. The digest goes
 * to an address nobody verified, so, like the acknowledgements, it quotes nothing the requester typed: only counts,
 * our words, the request type and the date.
 */

const WARM_CLOSING = ['With gratitude and blessings,', 'The Kingdom Marketplace prayer team'];

export interface DigestLine {
  requestType: PrayerRequestType;
  submittedAt: Date;
  /** People who prayed for it in the last seven days (the team and wall visitors). */
  prayedThisWeek: number;
}

/** "N people prayed for your request this week", with a person for one. */
export const prayedSentence = (n: number) => `${n} ${n === 1 ? 'person' : 'people'} prayed for your request this week`;

const day = (date: Date) => date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export const ownPageUrl = (origin: string, token: string) => `${origin}/prayer/mine?token=${encodeURIComponent(token)}`;
export const digestUnsubscribeUrl = (origin: string, token: string) => `${origin}/api/prayer-requests/mine/unsubscribe?token=${encodeURIComponent(token)}`;

/** The requester's digest: what changed, one link to their page (update, answered, renew, take down) and the way out. */
export function digestMail(to: string, token: string, lines: DigestLine[], origin: string): OutgoingMail {
  return renderMail({
    to,
    subject: 'People are praying for you | Kingdom Marketplace',
    greeting: 'Hello,',
    paragraphs: [
      ...lines.map((line) => `${PRAYER_REQUEST_TYPE_LABELS[line.requestType]} request of ${day(line.submittedAt)}: ${prayedSentence(line.prayedThisWeek)}.`),
      'From your page you can update your request, tell us it was answered and what happened, keep it open for another 30 days, or take it down. No password is needed: the link is yours alone, so please do not forward this email.',
      `Would you rather not receive these updates? Unsubscribe in one tap: ${digestUnsubscribeUrl(origin, token)}`,
    ],
    link: { label: 'Open your prayer requests', url: ownPageUrl(origin, token) },
    closing: WARM_CLOSING,
  });
}

/** To the staff inbox when a requester marks a request answered: the team's thanks. */
export function answeredThanksMail(to: string, answer: string, origin: string): OutgoingMail {
  return renderMail({
    to,
    subject: 'A prayer was answered',
    greeting: 'Hello team,',
    paragraphs: ['Someone you prayed for has written to say their prayer was answered. Thank you for praying.'],
    quotes: [{ label: 'What happened', text: answer }],
    link: { label: 'Open the prayer area', url: `${origin}/admin/prayer` },
    closing: ['Kingdom Marketplace website forms'],
  });
}

import { PRAYER_REQUEST_TYPE_LABELS, type PrayerRequestType } from '@km/contracts';
import { button, heading, lines, paragraph, quote, renderMail, type OutgoingMail } from '@km/nest-kit/mail';

/*
 * The prayer ministry's emails (ADR 0042), on the shared layout (ADR 0030). The digest goes
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

/**
 * The requester's digest: what changed, one link to their page (update, answered, renew, take down) and the way out.
 * `people`: everyone who prayed for any of the requests this week, each counted once (ADR 0042).
 */
export function digestMail(to: string, token: string, digest: DigestLine[], people: number, origin: string): OutgoingMail {
  return renderMail({
    to,
    subject: 'People are praying for you | Kingdom Marketplace',
    origin,
    preheader: digest.length === 1 ? `${prayedSentence(people)}.` : `${people} ${people === 1 ? 'person' : 'people'} prayed for your requests this week.`,
    reason: 'You are receiving this email because you sent a prayer request to Kingdom Marketplace and asked to hear back.',
    unsubscribe: { url: digestUnsubscribeUrl(origin, token) },
    blocks: [
      heading('People are praying for you'),
      paragraph('Hello,'),
      ...digest.map((line) =>
        paragraph(`${PRAYER_REQUEST_TYPE_LABELS[line.requestType]} request of ${day(line.submittedAt)}: ${prayedSentence(line.prayedThisWeek)}.`),
      ),
      paragraph(
        'From your page you can update your request, tell us it was answered and what happened, keep it open for another 30 days, or take it down. No password is needed: the link is yours alone, so please do not forward this email.',
      ),
      button('Open your prayer requests', ownPageUrl(origin, token)),
      paragraph(`Would you rather not receive these updates? Unsubscribe in one tap: ${digestUnsubscribeUrl(origin, token)}`),
      lines(...WARM_CLOSING),
    ],
  });
}

/** To the staff inbox when a requester marks a request answered: the team's thanks. */
export function answeredThanksMail(to: string, answer: string, origin: string): OutgoingMail {
  return renderMail({
    to,
    subject: 'A prayer was answered',
    origin,
    preheader: 'Someone you prayed for says their prayer was answered.',
    reason: 'You are receiving this email because you are on the Kingdom Marketplace prayer team.',
    blocks: [
      heading('A prayer was answered'),
      paragraph('Hello team,'),
      paragraph('Someone you prayed for has written to say their prayer was answered. Thank you for praying.'),
      quote('What happened', answer),
      button('Open the prayer area', `${origin}/admin/prayer`),
      lines('Kingdom Marketplace website forms'),
    ],
  });
}

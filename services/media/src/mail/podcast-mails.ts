import { button, heading, lines, paragraph, renderMail, type OutgoingMail } from '@km/nest-kit/mail';

export interface KeyedMail {
  key: string;
  mail: OutgoingMail;
}

export interface Subscriber {
  id: string;
  email: string;
  firstName: string;
  unsubscribeToken: string;
}

export interface PublishedEpisode {
  id: string;
  title: string;
  episodeNumber: number;
}

/** Titles are one line, bounded. */
const oneLine = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** The link that unsubscribes with one click (no sign-in), as in every podcast email. */
export const unsubscribeUrl = (publicOrigin: string, token: string) =>
  `${publicOrigin}/api/podcast-subscriptions/unsubscribe?token=${encodeURIComponent(token)}`;

const SUBSCRIBER_REASON = 'You are receiving this email because this address is subscribed to the Kingdom Marketplace podcast.';
const CLOSING = lines('Blessings,', 'The Kingdom Marketplace team');

/** The welcome to a subscriber who asked for email (or both). */
export function welcomeMail(s: Subscriber, publicOrigin: string): KeyedMail {
  return {
    key: `podcast-welcome:${s.id}`,
    mail: renderMail({
      to: s.email,
      subject: 'Welcome to the Kingdom Marketplace podcast',
      origin: publicOrigin,
      preheader: 'We will email you whenever a new episode is published.',
      reason: SUBSCRIBER_REASON,
      unsubscribe: { label: 'Unsubscribe with one click', url: unsubscribeUrl(publicOrigin, s.unsubscribeToken) },
      blocks: [
        // No name: the address is not proved, and nothing a stranger typed is quoted to it (ADR 0026).
        paragraph('Hello,'),
        paragraph('Thank you for subscribing to the Kingdom Marketplace podcast. We will email you whenever a new episode is published.'),
        button('Listen to the latest episodes', `${publicOrigin}/podcast`),
        CLOSING,
      ],
    }),
  };
}

/** One subscriber's note about a new episode; keyed by episode and subscriber so a redelivery sends nothing twice. */
export function newEpisodeMail(s: Subscriber, episode: PublishedEpisode, publicOrigin: string): KeyedMail {
  return {
    key: `podcast-episode:${episode.id}:${s.id}`,
    mail: renderMail({
      to: s.email,
      subject: `New episode ${episode.episodeNumber}: ${oneLine(episode.title, 120)}`,
      origin: publicOrigin,
      preheader: `Episode ${episode.episodeNumber}: ${oneLine(episode.title, 120)}`,
      reason: SUBSCRIBER_REASON,
      unsubscribe: { label: 'Unsubscribe with one click', url: unsubscribeUrl(publicOrigin, s.unsubscribeToken) },
      blocks: [
        heading('A new episode is out'),
        paragraph('Hello,'),
        paragraph(`Episode ${episode.episodeNumber} of the Kingdom Marketplace podcast is out: "${oneLine(episode.title, 200)}".`),
        button('Listen now', `${publicOrigin}/podcast?episode=${episode.episodeNumber}`),
        CLOSING,
      ],
    }),
  };
}

/**
 * Someone subscribed an address that already is (ADR 0026): the page answers everyone the same, and the owner is told
 * here, in the spec's own words for it. One per address an hour, so nobody can fill an inbox by subscribing again.
 */
export function alreadySubscribedMail(email: string, publicOrigin: string): KeyedMail {
  return {
    key: `podcast-already:${email.toLowerCase()}:${Math.floor(Date.now() / 3600_000)}`,
    mail: renderMail({
      to: email,
      subject: "You're already subscribed to the Kingdom Marketplace podcast",
      origin: publicOrigin,
      preheader: 'Nothing has changed: this address already gets every new episode.',
      reason: SUBSCRIBER_REASON,
      blocks: [
        paragraph('Hello,'),
        paragraph("You're already subscribed with this email address, so nothing has changed. Someone (perhaps you) just asked to subscribe it again."),
        button('Listen to the latest episodes', `${publicOrigin}/podcast`),
        CLOSING,
      ],
    }),
  };
}

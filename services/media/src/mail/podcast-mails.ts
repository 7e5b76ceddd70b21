import { podcastUnsubscribeUrl as unsubscribeUrl } from '@km/contracts/vocabulary';
import { button, lines, paragraph, renderMail, type OutgoingMail } from '@km/nest-kit/mail';

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
      unsubscribe: { label: 'Unsubscribe from podcast emails', url: unsubscribeUrl(publicOrigin, s.unsubscribeToken) },
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

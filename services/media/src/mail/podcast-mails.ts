import type { OutgoingMail } from '@km/nest-kit/mail';

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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Titles are one line, bounded. */
const oneLine = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** The link that unsubscribes with one click (no sign-in), as in every podcast email. */
export const unsubscribeUrl = (publicOrigin: string, token: string) =>
  `${publicOrigin}/api/podcast-subscriptions/unsubscribe?token=${encodeURIComponent(token)}`;

function render(to: string, subject: string, paragraphs: string[], link: { label: string; url: string }, unsubscribe: string): OutgoingMail {
  const text =
    [...paragraphs, `${link.label}: ${link.url}`, `Unsubscribe with one click: ${unsubscribe}`, 'Blessings,\nThe Kingdom Marketplace team'].join('\n\n') + '\n';
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p style="font-size:12px;color:#666"><a href="${escapeHtml(unsubscribe)}">Unsubscribe</a> with one click.</p>`,
    '<p>Blessings,<br>The Kingdom Marketplace team</p>',
  ].join('\n');
  return { to, subject, text, html };
}

/** The welcome to a subscriber who asked for email (or both). */
export function welcomeMail(s: Subscriber, publicOrigin: string): KeyedMail {
  return {
    key: `podcast-welcome:${s.id}`,
    mail: render(
      s.email,
      'Welcome to the Kingdom Marketplace podcast',
      [
        // No name: the address is not proved, and nothing a stranger typed is quoted to it (ADR 0026).
        'Hello,',
        'Thank you for subscribing to the Kingdom Marketplace podcast. We will email you whenever a new episode is published.',
      ],
      { label: 'Listen to the latest episodes', url: `${publicOrigin}/podcast` },
      unsubscribeUrl(publicOrigin, s.unsubscribeToken),
    ),
  };
}

/** One subscriber's note about a new episode; keyed by episode and subscriber so a redelivery sends nothing twice. */
export function newEpisodeMail(s: Subscriber, episode: PublishedEpisode, publicOrigin: string): KeyedMail {
  return {
    key: `podcast-episode:${episode.id}:${s.id}`,
    mail: render(
      s.email,
      `New episode ${episode.episodeNumber}: ${oneLine(episode.title, 120)}`,
      ['Hello,', `Episode ${episode.episodeNumber} of the Kingdom Marketplace podcast is out: "${oneLine(episode.title, 200)}".`],
      { label: 'Listen now', url: `${publicOrigin}/podcast?episode=${episode.episodeNumber}` },
      unsubscribeUrl(publicOrigin, s.unsubscribeToken),
    ),
  };
}

/**
 * Someone subscribed an address that already is: the page answers everyone the same, and the owner is told
 * here, in the spec's own words for it. One per address an hour, so nobody can fill an inbox by subscribing again.
 */
export function alreadySubscribedMail(email: string, publicOrigin: string): KeyedMail {
  return {
    key: `podcast-already:${email.toLowerCase()}:${Math.floor(Date.now() / 3600_000)}`,
    mail: {
      to: email,
      subject: "You're already subscribed to the Kingdom Marketplace podcast",
      text: `Hello,\n\nYou're already subscribed with this email address, so nothing has changed. Someone (perhaps you) just asked to subscribe it again.\n\nListen to the latest episodes: ${publicOrigin}/podcast\n\nBlessings,\nThe Kingdom Marketplace team\n`,
      html: `<p>Hello,</p><p>You're already subscribed with this email address, so nothing has changed. Someone (perhaps you) just asked to subscribe it again.</p><p><a href="${escapeHtml(publicOrigin)}/podcast">Listen to the latest episodes</a></p><p>Blessings,<br>The Kingdom Marketplace team</p>`,
    },
  };
}

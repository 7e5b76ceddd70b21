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
/** Names come from an unverified form: one line, bounded, so a mail cannot be made to carry someone's text. */
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
        `Hello ${oneLine(s.firstName, 60)},`,
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
      [`Hello ${oneLine(s.firstName, 60)},`, `Episode ${episode.episodeNumber} of the Kingdom Marketplace podcast is out: "${oneLine(episode.title, 200)}".`],
      { label: 'Listen now', url: `${publicOrigin}/podcast?episode=${episode.episodeNumber}` },
      unsubscribeUrl(publicOrigin, s.unsubscribeToken),
    ),
  };
}

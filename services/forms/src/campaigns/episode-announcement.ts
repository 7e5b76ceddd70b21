import type { CampaignContent } from './campaign-mail';

/** Markdown's punctuation in a title is shown as typed, not read as formatting or a link. */
const literal = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (c) => `\\${c}`);
const oneLine = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/**
 * A new episode's announcement to the podcast's list (ADR 0072): a campaign like any other, so it is sent by the one
 * campaign sender in batches, once per recipient, with the podcast list's one-click unsubscribe.
 */
export function episodeAnnouncement(episode: { title: string; episodeNumber: number }): CampaignContent {
  const title = oneLine(episode.title, 120);
  return {
    subject: `New episode ${episode.episodeNumber}: ${title}`,
    preheader: `Episode ${episode.episodeNumber}: ${title}`,
    bodyMarkdown: [
      '## A new episode is out',
      'Hello,',
      `Episode ${episode.episodeNumber} of the Kingdom Marketplace podcast is out: "${literal(oneLine(episode.title, 200))}".`,
      `[Listen now](/podcast?episode=${episode.episodeNumber})`,
      'Blessings,\nThe Kingdom Marketplace team',
    ].join('\n\n'),
    featured: null,
  };
}

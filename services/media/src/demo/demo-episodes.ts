import type { EpisodeMediaType } from '@km/contracts';

export interface DemoEpisode {
  title: string;
  episodeNumber: number;
  description: string;
  mediaType: EpisodeMediaType;
  tags: string[];
  /** File in services/media/demo/ (a few seconds, made with ffmpeg) and its type. */
  media: { file: string; contentType: string; ext: string };
  thumbnail: string | null;
}

/** Oldest first: each is published an hour after the one before, the last being the latest. */
export const DEMO_EPISODES: DemoEpisode[] = [
  {
    title: 'Called to Build',
    episodeNumber: 1,
    description: 'Why Kingdom-minded entrepreneurs treat their work as a calling, and what changes when they do.',
    mediaType: 'audio',
    tags: ['faith', 'business'],
    media: { file: 'ep1.mp3', contentType: 'audio/mpeg', ext: 'mp3' },
    thumbnail: 'thumb1.jpg',
  },
  {
    title: 'Community Over Competition',
    episodeNumber: 2,
    description: 'Ministries and small businesses on lifting one another up: partnerships, referrals and shared purpose.',
    mediaType: 'video',
    tags: ['community', 'business'],
    media: { file: 'ep2.mp4', contentType: 'video/mp4', ext: 'mp4' },
    thumbnail: 'thumb2.jpg',
  },
  {
    title: 'Faithful With Little',
    episodeNumber: 3,
    description: 'Stewardship, budgeting and generosity for creators who are just starting out.',
    mediaType: 'audio',
    tags: ['faith', 'purpose'],
    media: { file: 'ep3.m4a', contentType: 'audio/mp4', ext: 'm4a' },
    thumbnail: null,
  },
  {
    title: 'Purpose in the Marketplace',
    episodeNumber: 4,
    description: 'A conversation on carrying faith into everyday work: hiring, pricing, serving customers and resting well.',
    mediaType: 'video',
    tags: ['purpose', 'faith', 'business'],
    media: { file: 'ep4.webm', contentType: 'video/webm', ext: 'webm' },
    thumbnail: 'thumb4.jpg',
  },
];

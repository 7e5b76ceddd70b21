import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DEMO = path.join(__dirname, '..', '..', 'services', 'media', 'demo');
export const PHONE = { width: 390, height: 844 };

export interface ApiEpisode {
  id: string;
  title: string;
  episodeNumber: number;
  chapters: { startTime: number; title: string; url?: string }[];
}

/** The page's origin, for the Origin check of unsafe requests made through page.request. */
export const originOf = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** Uploads an 8-second audio episode numbered after every other, as the signed-in admin of `page`. */
export async function uploadEpisode(page: Page, title: string, description: string, fields: Record<string, string> = {}): Promise<ApiEpisode> {
  const all = (await (await page.request.get('/api/podcast-episodes')).json()) as ApiEpisode[];
  const episodeNumber = Math.max(0, ...all.map((e) => e.episodeNumber)) + 1;
  const res = await page.request.post('/api/podcast-episodes', {
    headers: originOf(page),
    multipart: {
      title,
      episodeNumber: String(episodeNumber),
      description,
      mediaType: 'audio',
      duration: '00:00:08',
      ...fields,
      media: { name: 'e2e.mp3', mimeType: 'audio/mpeg', buffer: readFileSync(path.join(DEMO, 'ep1.mp3')) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiEpisode;
}

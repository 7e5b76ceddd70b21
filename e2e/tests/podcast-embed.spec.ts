import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { adminCredentials, apiPost, expectAccessible } from './helpers';

// A ministry embeds an episode on its own site (ADR 0069): a page on another origin frames the player, which plays;
// the same page cannot frame any other page of ours.
const DEMO = path.join(__dirname, '..', '..', 'services', 'media', 'demo');

interface ApiEpisode {
  id: string;
  title: string;
  episodeNumber: number;
}

/** A tiny site of a ministry's own, on another port (another origin), serving the HTML it is given. */
async function ministrySite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

test.describe('an episode embedded on another site', () => {
  let episode: ApiEpisode;
  let site: { url: string; server: Server } | undefined;

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    expect((await apiPost(page, '/api/auth/login', adminCredentials)).ok()).toBe(true);
    const all = (await (await page.request.get('/api/podcast-episodes')).json()) as ApiEpisode[];
    const res = await page.request.post('/api/podcast-episodes', {
      headers: { Origin: new URL(page.url()).origin },
      multipart: {
        title: `Embedded Hope ${Date.now()}`,
        episodeNumber: String(Math.max(0, ...all.map((e) => e.episodeNumber)) + 1),
        description: 'An episode a ministry shares on its own site.',
        mediaType: 'audio',
        tags: 'e2e',
        duration: '00:00:08',
        media: { name: 'e2e.mp3', mimeType: 'audio/mpeg', buffer: readFileSync(path.join(DEMO, 'ep1.mp3')) },
        thumbnail: { name: 'thumb.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.join(DEMO, 'thumb1.jpg')) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    episode = (await res.json()) as ApiEpisode;
    await page.context().clearCookies();
  });

  test.afterEach(async ({ page }) => {
    await new Promise((resolve) => (site ? site.server.close(resolve) : resolve(undefined)));
    site = undefined;
    await apiPost(page, '/api/auth/login', adminCredentials);
    await page.request.delete(`/api/podcast-episodes/${episode.id}`, { headers: { Origin: new URL(page.url()).origin } });
  });

  test('the oEmbed iframe plays on a page of another origin, while our other pages refuse to be framed there', async ({ page, baseURL }) => {
    const pageUrl = `${baseURL}/podcast/${episode.episodeNumber}`;
    const oembed = await page.request.get(`/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json&maxwidth=480`);
    expect(oembed.status()).toBe(200);
    const { html, width } = (await oembed.json()) as { html: string; width: number };
    expect(width).toBe(480);
    // What the oEmbed gives, pasted into the ministry's page, beside a frame of our store that must stay empty.
    site = await ministrySite(
      `<!doctype html><html lang="en"><head><title>Grace Chapel</title></head><body><h1>Grace Chapel</h1>${html}` +
        `<iframe id="store" title="store" src="${baseURL}/products"></iframe></body></html>`,
    );
    const refused = page.waitForEvent('console', (message) => /frame-ancestors 'none'/.test(message.text()));
    await page.goto(site.url);

    const player = page.frameLocator(`iframe[src="${baseURL}/embed/episodes/${episode.id}"]`);
    await expect(player.getByRole('link', { name: `Episode ${episode.episodeNumber}: ${episode.title}` })).toHaveAttribute(
      'href',
      new RegExp(`/podcast/${episode.episodeNumber}-embedded-hope-\\d+$`),
    );
    const audio = player.locator('audio');
    await expect(audio).toHaveAttribute('aria-label', `Play Episode ${episode.episodeNumber}: ${episode.title}`);
    // The listener presses play on the browser's own controls (a real click: a user gesture, as autoplay rules want).
    const box = (await audio.boundingBox())!;
    await page.mouse.click(box.x + 20, box.y + box.height / 2);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0.2), { timeout: 10_000 }).toBe(true);

    // Our store in the same page is blocked by its own headers (frame-ancestors 'none').
    await refused;
    await expect(page.frameLocator('#store').locator('#root')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('ministry-site.png') });
  });

  test('the embed page is accessible and fits a phone-sized iframe', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 152 });
    await page.goto(`/embed/episodes/${episode.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(episode.title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('embed-phone.png') });
  });
});

import type { EpisodePage, PodcastEpisode } from '@km/contracts/media';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { adminCredentials, apiPost, toasts } from './helpers';

/** The demo media npm start seeds (services/media/demo): 8 seconds each. */
const DEMO = path.join(__dirname, '..', '..', 'services', 'media', 'demo');
const demoMp3 = () => readFileSync(path.join(DEMO, 'ep1.mp3'));

async function signInAsAdmin(page: Page) {
  if (page.url() === 'about:blank') await page.goto('/');
  const res = await apiPost(page, '/api/auth/login', adminCredentials);
  expect(res.ok(), `admin login: ${res.status()}`).toBe(true);
}

async function allEpisodes(page: Page): Promise<PodcastEpisode[]> {
  const res = await page.request.get('/api/podcast-episodes');
  expect(res.ok()).toBe(true);
  return (await res.json()) as PodcastEpisode[];
}

const nextNumber = async (page: Page) => Math.max(0, ...(await allEpisodes(page)).map((e) => e.episodeNumber)) + 1;

/** Uploads an audio episode through the API as the signed-in admin. */
async function uploadEpisode(page: Page, episodeNumber: number, title: string): Promise<PodcastEpisode> {
  const res = await page.request.post('/api/podcast-episodes', {
    headers: { Origin: new URL(page.url()).origin },
    multipart: {
      title,
      episodeNumber: String(episodeNumber),
      description: 'Uploaded by the browser tests.',
      mediaType: 'audio',
      tags: 'e2e',
      duration: '00:00:08',
      media: { name: 'e2e.mp3', mimeType: 'audio/mpeg', buffer: demoMp3() },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as PodcastEpisode;
}

async function deleteEpisodes(page: Page, ids: string[]) {
  for (const id of ids) await page.request.delete(`/api/podcast-episodes/${id}`, { headers: { Origin: new URL(page.url()).origin } });
}

const cards = (page: Page) => page.getByTestId('episode-card');
const cardTitles = (page: Page) => cards(page).locator('h3').allTextContents();

test.describe('podcast page', () => {
  test('every player on the page loads its media (readyState of at least 2)', async ({ page }) => {
    await page.goto('/podcast');
    await expect(cards(page).first()).toBeVisible();
    const count = await page.locator('video, audio').count();
    expect(count).toBeGreaterThanOrEqual(2);
    await page.locator('video, audio').evaluateAll((elements) => elements.forEach((e) => ((e as HTMLMediaElement).preload = 'auto')));
    const readyStates = () => page.locator('video, audio').evaluateAll((elements) => elements.map((e) => (e as HTMLMediaElement).readyState));
    await expect.poll(async () => (await readyStates()).every((state) => state >= 2), { timeout: 15_000 }).toBe(true);
  });

  test('a card shows its number, date in US long form, views, tags and Watch Now or Listen Now', async ({ page }) => {
    await page.goto('/podcast');
    const [latest] = await allEpisodes(page);
    const card = cards(page).first();
    await expect(card.locator('h3')).toHaveText(latest.title);
    await expect(card).toContainText(`Episode ${latest.episodeNumber}`);
    await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(card.getByTestId('episode-views')).toHaveText(/^[\d,]+ views?$/);
    await expect(card.getByRole('button', { name: latest.mediaType === 'video' ? 'Watch Now' : 'Listen Now' })).toBeVisible();
  });

  test('sorting by Oldest First and Most Popular, and Load More Episodes loading the next page', async ({ page }) => {
    await signInAsAdmin(page);
    const created: string[] = [];
    try {
      // Enough episodes for a second page of nine.
      let n = await nextNumber(page);
      while ((await allEpisodes(page)).length < 11) created.push((await uploadEpisode(page, n, `Load More ${n++}`)).id);
      const all = await allEpisodes(page);

      await page.goto('/podcast');
      await expect(cards(page)).toHaveCount(9);
      expect(await cardTitles(page)).toEqual(all.slice(0, 9).map((e) => e.title));
      await page.getByRole('button', { name: 'Load More Episodes' }).click();
      await expect(cards(page)).toHaveCount(Math.min(18, all.length));
      expect(await cardTitles(page)).toEqual(all.slice(0, 18).map((e) => e.title));

      await page.getByLabel('Sort episodes').selectOption('oldest');
      const oldest = [...all].sort((a, b) => a.episodeNumber - b.episodeNumber);
      await expect(cards(page).first().locator('h3')).toHaveText(oldest[0].title);
      expect(await cardTitles(page)).toEqual(oldest.slice(0, 9).map((e) => e.title));

      // A play of the last-uploaded episode puts it at the top of Most Popular (if nothing has more views).
      const target = all.find((e) => e.id === created[created.length - 1]) ?? all[0];
      const played = await apiPost(page, `/api/podcast-episodes/${target.id}/views`);
      expect(played.ok()).toBe(true);
      const popular = (await (await page.request.get('/api/podcast-episodes?sort=popular&page=1&pageSize=9')).json()) as EpisodePage;
      await page.getByLabel('Sort episodes').selectOption('popular');
      await expect(cards(page).first().locator('h3')).toHaveText(popular.items[0].title);
      expect(await cardTitles(page)).toEqual(popular.items.map((e) => e.title));
    } finally {
      await deleteEpisodes(page, created);
    }
  });

  test('an admin uploads an episode with the progress bar and the success toast; it appears first', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/podcast');
    const title = `E2E Upload ${Date.now().toString(36)}`;
    const number = await nextNumber(page);
    let createdId: string | undefined;
    try {
      await page.getByRole('button', { name: 'Upload Episode' }).click();
      const form = page.getByRole('form', { name: 'Upload New Episode' });
      await form.getByLabel('Episode Title').fill(title);
      await form.getByLabel('Episode Number').fill(String(number));
      await form.getByLabel('Description').fill('Uploaded through the form by the browser tests.');
      await form.getByLabel('Media Type').selectOption('audio');
      await form.getByLabel('Tags').fill('e2e, upload');
      // 6 MB of audio (the demo MP3 padded with silence) at a throttled upload speed, so the bar is seen moving.
      const media = Buffer.concat([demoMp3(), Buffer.alloc(6 * 1024 * 1024)]);
      await form.getByLabel('Audio File').setInputFiles({ name: 'sermon.mp3', mimeType: 'audio/mpeg', buffer: media });
      await form.getByLabel('Duration').fill('00:45:30');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 4 * 1024 * 1024 });

      const created = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/api/podcast-episodes'));
      await form.getByRole('button', { name: 'Upload Episode' }).click();
      const bar = form.getByRole('progressbar', { name: 'Uploading episode' });
      await expect(bar).toBeVisible();
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow').catch(() => '100'))).toBeGreaterThan(0);
      const res = await created;
      expect(res.status(), await res.text()).toBe(201);
      createdId = ((await res.json()) as PodcastEpisode).id;
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await expect(toasts(page).getByText('Episode uploaded successfully')).toBeVisible();
      await expect(cards(page).first().locator('h3')).toHaveText(title);
      await expect(cards(page).first()).toContainText('00:45:30');
    } finally {
      if (createdId) await deleteEpisodes(page, [createdId]);
    }
  });

  test('visitors see Admin Login instead of Upload Episode', async ({ page }) => {
    await page.goto('/podcast');
    await expect(page.getByRole('button', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Episode' })).toHaveCount(0);
  });

  test('subscribing shows the success toast; the same email again shows the duplicate toast', async ({ page }) => {
    await page.goto('/podcast');
    const email = `listener-${Date.now().toString(36)}@example.com`;
    for (const expected of ['Successfully subscribed', "You're already subscribed with this email address"]) {
      await page.getByRole('button', { name: 'Subscribe' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Subscribe to the Podcast' });
      await dialog.getByLabel('First Name').fill('Priscilla');
      await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
      await dialog.getByLabel('Both').check();
      await dialog.getByLabel('Faith').check();
      await dialog.getByRole('button', { name: 'Subscribe' }).click();
      await expect(toasts(page).getByText(expected)).toBeVisible();
      if (await dialog.isVisible()) await page.keyboard.press('Escape');
    }
  });

  test('a shared link /podcast?episode=N scrolls to that episode and highlights it', async ({ page }) => {
    await page.goto('/');
    const oldest = (await allEpisodes(page)).at(-1)!;
    await page.goto(`/podcast?episode=${oldest.episodeNumber}`);
    const card = page.locator(`#episode-${oldest.episodeNumber}`);
    await expect(card).toBeInViewport();
    await expect(card).toHaveClass(/ring-amber-300/);
  });
});

test.describe('home', () => {
  test('Latest Podcast shows the first episode of the list with its badge, duration as m:ss and Listen Now', async ({ page }) => {
    await page.goto('/');
    const [latest] = await allEpisodes(page);
    const column = page.getByTestId('latest-episode');
    await expect(column.getByRole('heading', { name: latest.title })).toBeVisible();
    await expect(column.getByText('Latest', { exact: true })).toBeVisible();
    await expect(column).toContainText(`${Math.floor(latest.duration / 60)}:${String(latest.duration % 60).padStart(2, '0')}`);
    await column.getByRole('link', { name: 'Listen Now' }).click();
    await expect(page).toHaveURL(/\/podcast$/);
  });
});

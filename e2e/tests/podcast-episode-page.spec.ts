import { expect, test } from '@playwright/test';
import { adminCredentials, apiPost, expectAccessible } from './helpers';
import { PHONE, uploadEpisode, type ApiEpisode } from './podcast-helpers';

// An episode's own page (ADR 0045), opened on a phone from a shared link with ?t=: its head, the player starting there,
// the show notes' Markdown as elements, Share with the start time, a stale slug moving on, and the card's link to it.
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

test.describe("an episode's own page", () => {
  let episode: ApiEpisode;
  let address: string;

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    expect((await apiPost(page, '/api/auth/login', adminCredentials)).ok()).toBe(true);
    episode = await uploadEpisode(
      page,
      `Shared Grace ${Date.now()}`,
      'We talk about **grace** at work.\n\n- Listening well\n- Giving freely\n\nSee [the store](/products). <script>window.__hacked = true</script>',
      { tags: 'e2e, shared' },
    );
    address = `/podcast/${episode.episodeNumber}-${slugOf(episode.title)}`;
    const chapters = [
      { startTime: 0, title: 'Opening' },
      { startTime: 5, title: 'Closing', url: '/products' },
    ];
    const edit = await page.request.patch(`/api/podcast-episodes/${episode.id}`, { headers: { Origin: new URL(page.url()).origin }, data: { chapters } });
    expect(edit.status(), await edit.text()).toBe(200);
    const transcript = await page.request.put(`/api/podcast-episodes/${episode.id}/transcript`, {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        format: 'vtt',
        text: 'WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to the show\n\n00:02.000 --> 00:04.500\nGrace at work\n\n00:04.500 --> 00:08.000\nGoodbye\n',
      },
    });
    expect(transcript.status(), await transcript.text()).toBe(200);
    await page.context().clearCookies();
  });

  test.afterEach(async ({ page }) => {
    await apiPost(page, '/api/auth/login', adminCredentials);
    await page.request.delete(`/api/podcast-episodes/${episode.id}`, { headers: { Origin: new URL(page.url()).origin } });
  });

  test('a shared link with ?t= opens on a phone with its head, the player at that time, the show notes and Share with the time', async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => {
      // The fallback path: no share sheet, the link is copied.
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: async (text: string) => void ((window as unknown as { copied: string }).copied = text) },
        configurable: true,
      });
    });
    const res = await page.goto(`${address}?t=3`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(`Episode ${episode.episodeNumber}: ${episode.title} | Kingdom Marketplace`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${address}$`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /podcast-cover|thumbnails/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: episode.title })).toBeVisible();
    const audio = main.locator('audio');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState >= 1 && a.currentTime)).toBe(3);

    const notes = main.getByTestId('show-notes');
    await expect(notes.locator('strong')).toHaveText('grace');
    await expect(notes.getByRole('listitem')).toHaveText(['Listening well', 'Giving freely']);
    await expect(notes.getByRole('link', { name: 'the store' })).toHaveAttribute('href', '/products');
    // Raw HTML is removed by the sanitiser (ADR 0072): no script element, and not even its text.
    await expect(notes.locator('script')).toHaveCount(0);
    await expect(notes).not.toContainText('__hacked');
    await expect(notes.getByRole('paragraph').last()).toHaveText('See the store.');
    expect(await page.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();
    await expect(main.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['e2e', 'shared']);

    const startAt = main.getByRole('checkbox', { name: 'Start at 00:00:03' });
    await expect(startAt).toBeChecked();
    await main.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('The episode link has been copied to clipboard.', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { copied: string }).copied)).toBe(`${new URL(page.url()).origin}${address}?t=3`);
    await startAt.uncheck();
    await main.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { copied: string }).copied)).toBe(`${new URL(page.url()).origin}${address}`);

    // Chapters: the one playing is marked; a click jumps there.
    const chapterList = main.getByRole('region', { name: 'Chapters' });
    await expect(chapterList.getByRole('button', { name: '00:00:00 Opening' })).toHaveAttribute('aria-current', 'true');
    await chapterList.getByRole('button', { name: '00:00:05 Closing' }).click();
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime >= 5)).toBe(true);
    await expect(chapterList.getByRole('button', { name: '00:00:05 Closing' })).toHaveAttribute('aria-current', 'true');
    await expect(chapterList.getByRole('link', { name: 'Open the link of Closing' })).toHaveAttribute('href', '/products');
    await audio.evaluate((a: HTMLAudioElement) => a.pause());

    // The transcript: the line being played is marked; a click on a line seeks there.
    const transcript = main.getByRole('region', { name: 'Transcript' });
    await expect(transcript.getByRole('button', { name: '00:00:04 Goodbye' })).toHaveAttribute('aria-current', 'true');
    await transcript.getByRole('button', { name: '00:00:02 Grace at work' }).click();
    await audio.evaluate((a: HTMLAudioElement) => a.pause());
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime >= 2 && a.currentTime < 4.5)).toBe(true);
    await expect(transcript.getByRole('button', { name: '00:00:02 Grace at work' })).toHaveAttribute('aria-current', 'true');
    await expect(transcript.getByRole('button', { name: '00:00:04 Goodbye' })).not.toHaveAttribute('aria-current', 'true');

    await page.screenshot({ path: testInfo.outputPath('episode-page-phone.png'), fullPage: true });
    await expectAccessible(page);
  });

  test('a stale slug moves to the current address keeping ?t=, an unknown number is the not-found page, and a card links to the page', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/podcast/${episode.episodeNumber}-an-old-title?t=2`);
    await expect(page).toHaveURL(new RegExp(`${address}\\?t=2$`));
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: episode.title })).toBeVisible();

    const missing = await page.goto('/podcast/999999999-nothing-here');
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('404 Page Not Found')).toBeVisible();

    await page.goto('/podcast');
    await page.getByTestId('episode-card').getByRole('link', { name: episode.title }).click();
    await expect(page).toHaveURL(new RegExp(`${address}$`));
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: episode.title })).toBeVisible();
  });
});

test('the Subscribe dialog keeps its form and adds Follow in your app with the feed address to copy; every page names the feed', async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void ((window as unknown as { copied: string }).copied = text) },
      configurable: true,
    });
  });
  for (const address of ['/', '/products', '/podcast']) {
    await page.goto(address);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/feeds/podcast.xml');
  }
  await page.getByRole('button', { name: 'Subscribe' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to the Podcast' });
  await expect(dialog.getByLabel('First Name')).toBeVisible();
  const follow = dialog.getByRole('region', { name: 'Follow in your app' });
  const feed = follow.getByLabel('RSS feed address');
  await expect(feed).toHaveValue(/\/feeds\/podcast\.xml$/);
  await follow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('follow-in-your-app-phone.png') });
  await follow.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('The podcast feed address has been copied to clipboard.', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copied: string }).copied)).toBe(await feed.inputValue());
  // The test stack configures no listening app, so none is offered.
  await expect(follow.getByRole('list', { name: 'Listening apps' })).toHaveCount(0);
  const feedRes = await page.request.get(await feed.inputValue());
  expect(feedRes.headers()['content-type']).toMatch(/xml/);
  await expectAccessible(page);
});

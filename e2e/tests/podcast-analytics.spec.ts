import { expect, test, type Page } from '@playwright/test';
import { adminCredentials, apiPost, expectAccessible } from './helpers';
import { originOf, PHONE, uploadEpisode, type ApiEpisode } from './podcast-helpers';

// ADR 0071: an admin reads the podcast's plays and downloads per UTC day as a chart, its numbers as a table, the top
// listening apps and each episode's figures, on a desktop and on a phone, and takes the range as CSV.
const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const SHOTS = process.env.E2E_SHOTS_DIR;
const today = () => new Date().toISOString().slice(0, 10);

let episode: ApiEpisode;

/** One play on the site and one whole download of the feed's enclosure by Overcast, counted before the page opens. */
async function listenedOnce(page: Page) {
  expect((await page.request.post(`/api/podcast-episodes/${episode.id}/views`, { headers: originOf(page) })).status()).toBe(200);
  const download = await page.request.get(`/feeds/episodes/${episode.id}.mp3`, { headers: { 'user-agent': OVERCAST } });
  expect(download.status()).toBe(200);
  // Downloads are counted just after the response (ADR 0017): wait for this one.
  await expect
    .poll(async () => (await (await page.request.get(`/api/admin/podcast-analytics?from=${today()}&to=${today()}&episodeId=${episode.id}`)).json()).totals)
    .toEqual({ plays: 1, downloads: 1 });
}

async function openAnalytics(page: Page) {
  await page.goto('/admin?tab=analytics');
  await expect(page.getByRole('heading', { name: 'Podcast Analytics' })).toBeVisible();
  await page.getByLabel('Episode', { exact: true }).selectOption(episode.id);
  await expect(page.getByText(/\(UTC\): 1 play and 1 download\./)).toBeVisible();
}

test.describe('podcast analytics in the admin dashboard', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    expect((await apiPost(page, '/api/auth/login', adminCredentials)).ok()).toBe(true);
    episode = await uploadEpisode(page, `Counted Hope ${Date.now()}`, 'An episode whose listeners are counted.');
    await listenedOnce(page);
  });

  test.afterEach(async ({ page }) => {
    await page.request.delete(`/api/podcast-episodes/${episode.id}`, { headers: originOf(page) });
  });

  test('the chart is an image named and described by its numbers; its table, the top apps, the episode and the CSV agree', async ({ page }) => {
    await openAnalytics(page);
    const chart = page.getByRole('img', { name: 'Plays and downloads per UTC day' });
    await expect(chart).toHaveAccessibleDescription(/\(UTC\): 1 play and 1 download\. Busiest day/);
    await expect(chart.locator('canvas')).toBeVisible();

    // The numbers behind the chart, a keyboard press away.
    const toggle = page.getByRole('button', { name: 'Show the numbers' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Hide the numbers' })).toHaveAttribute('aria-expanded', 'true');
    const days = page.getByRole('region', { name: 'Plays and downloads per UTC day' });
    await expect(days.getByRole('row').last()).toHaveText(/1\s*1$/);
    await expect(days.getByRole('row')).toHaveCount(31);

    const apps = page.getByRole('region', { name: 'Downloads per listening app' });
    await expect(apps.getByRole('row', { name: /Overcast/ })).toContainText('1');
    const episodes = page.getByRole('region', { name: 'Plays and downloads per episode' });
    await expect(episodes.getByRole('row', { name: new RegExp(episode.title) })).toHaveText(/1\s*1\s*0 plays, 0 downloads\s*1\s*1$/);

    const link = page.getByRole('link', { name: 'Download CSV' });
    await expect(link).toHaveAttribute(
      'href',
      new RegExp(`^/api/admin/podcast-analytics\\.csv\\?from=\\d{4}-\\d{2}-\\d{2}&to=${today()}&episodeId=${episode.id}$`),
    );
    const csv = await page.request.get((await link.getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).trim().split('\n')).toEqual([
      'day_utc,episode_number,episode_title,plays,downloads',
      `${today()},${episode.episodeNumber},${episode.title},1,1`,
    ]);

    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-desktop.png`, fullPage: true });
    if (SHOTS) await page.locator('figure').screenshot({ path: `${SHOTS}/analytics-desktop-chart.png` });

    // Days chosen the wrong way round: the server's message says what to fix.
    await page.getByLabel('Days (UTC)').selectOption('custom');
    await page.getByLabel('From (UTC day)').fill('2026-02-01');
    await page.getByLabel('To (UTC day)').fill('2026-01-01');
    await expect(page.getByRole('alert').filter({ hasText: 'must be on or after' })).toHaveText('to (2026-01-01) must be on or after from (2026-02-01)');
  });

  test('on a phone: the chart fits the screen, the wide tables scroll in their own regions, and the tab is axe-clean', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openAnalytics(page);
    const chart = page.getByRole('img', { name: 'Plays and downloads per UTC day' });
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Show the numbers' }).click();
    await expect(page.getByRole('region', { name: 'Plays and downloads per UTC day' })).toBeVisible();
    // Wider than the phone, so it scrolls: the arrow keys move it once it has focus.
    const episodes = page.getByRole('region', { name: 'Plays and downloads per episode' });
    expect(await episodes.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await episodes.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => episodes.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);

    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-phone.png`, fullPage: true });
    if (SHOTS) await page.locator('figure').screenshot({ path: `${SHOTS}/analytics-phone-chart.png` });
  });
});

import { expect, test } from '@playwright/test';
import { adminCredentials, apiPost, expectAccessible, toasts } from './helpers';
import { originOf as origin, PHONE, uploadEpisode, type ApiEpisode } from './podcast-helpers';

// The podcast search (ADR 0053) and an admin's edit and delete of an episode, on a phone.
/** Letters only, so the search reads it as one word that no other episode says. */
const uniqueWord = (prefix: string) => prefix + Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

let episode: ApiEpisode;

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  expect((await apiPost(page, '/api/auth/login', adminCredentials)).ok()).toBe(true);
});

test.afterEach(async ({ page }) => {
  await apiPost(page, '/api/auth/login', adminCredentials);
  await page.request.delete(`/api/podcast-episodes/${episode.id}`, { headers: origin(page) });
});

test('a word said only in a transcript is found by the search box and its hit opens the episode at that second', async ({ page }, testInfo) => {
  const word = uniqueWord('kumquat');
  episode = await uploadEpisode(page, `Orchard Talk ${Date.now()}`, 'Stories from the orchard.');
  const transcript = await page.request.put(`/api/podcast-episodes/${episode.id}/transcript`, {
    headers: origin(page),
    data: { format: 'vtt', text: `WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to the orchard\n\n00:04.000 --> 00:07.000\nMy aunt grew a ${word} tree\n` },
  });
  expect(transcript.status(), await transcript.text()).toBe(200);
  await page.context().clearCookies();

  await page.goto('/podcast');
  await page.getByRole('searchbox', { name: 'Search episodes' }).fill(word);
  // The words go into the address, so the search can be shared.
  await expect(page).toHaveURL(new RegExp(`/podcast\\?q=${word}$`));
  await expect(page.getByRole('status').filter({ hasText: 'found for' })).toHaveText(`1 episode found for “${word}”.`);
  const results = page.getByRole('list', { name: 'Search results' });
  const hit = results.getByTestId('search-hit');
  await expect(hit).toHaveCount(1);
  await expect(hit.getByRole('link', { name: episode.title })).toBeVisible();
  const line = hit.getByRole('link', { name: `Said at 0:04: “My aunt grew a ${word} tree”` });
  await expect(line.locator('mark')).toHaveText(word);
  await hit.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('podcast-search-phone.png') });
  await expectAccessible(page);

  // A shared search opens with its words and results.
  await page.goto(`/podcast?q=${word}`);
  await expect(page.getByRole('searchbox', { name: 'Search episodes' })).toHaveValue(word);
  await line.click();
  const slug = episode.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await expect(page).toHaveURL(new RegExp(`/podcast/${episode.episodeNumber}-${slug}\\?t=4$`));
  // The address changes before the episode page (a lazy route) replaces the list: wait for its own heading.
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: episode.title })).toBeVisible();
  const audio = page.getByRole('main').locator('audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState >= 1 && a.currentTime)).toBe(4);
});

test('an empty or wordless search says what to do instead of failing', async ({ page }) => {
  episode = await uploadEpisode(page, `Wordless ${Date.now()}`, 'Nothing to find.');
  await page.context().clearCookies();
  await page.goto('/podcast');
  await page.getByRole('searchbox', { name: 'Search episodes' }).fill("'):*|!");
  await expect(page.getByRole('region', { name: 'Search episodes' }).getByRole('alert')).toHaveText(
    'q has no word to search for (short common words such as "the" or "and", and punctuation, are left out): add a name or a topic',
  );
  await page.getByRole('searchbox', { name: 'Search episodes' }).fill('');
  await expect(page).toHaveURL(/\/podcast$/);
  await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);
});

test("an admin edits an episode's title and chapters, then deletes it after confirming", async ({ page }, testInfo) => {
  episode = await uploadEpisode(page, `Before Edit ${Date.now()}`, 'To be edited.');
  await page.goto('/podcast');
  const card = page.locator(`#episode-${episode.episodeNumber}`);
  await card.getByRole('button', { name: `Edit episode ${episode.episodeNumber}` }).click();

  const dialog = page.getByRole('dialog', { name: `Edit Episode ${episode.episodeNumber}` });
  await expect(dialog.getByLabel('Episode Title')).toHaveValue(episode.title);
  const title = `After Edit ${Date.now()}`;
  await dialog.getByLabel('Episode Title').fill(title);
  await dialog.getByRole('button', { name: 'Add chapter' }).click();
  await dialog.getByLabel('Chapter 1 start').fill('0:00');
  await dialog.getByLabel('Chapter 1 title').fill('Opening');
  await dialog.getByRole('button', { name: 'Add chapter' }).click();
  await dialog.getByLabel('Chapter 2 start').fill('0:03');
  await dialog.getByLabel('Chapter 2 title').fill('Store visit');
  await dialog.getByLabel('Chapter 2 link').fill('/products');
  // A chapter out of order is named before anything is sent.
  await dialog.getByLabel('Chapter 2 start').fill('0:00');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Chapter 2 must start after chapter 1.');
  await dialog.getByLabel('Chapter 2 start').fill('0:03');
  await page.screenshot({ path: testInfo.outputPath('edit-episode-phone.png') });
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText('Episode updated', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: title })).toBeVisible();
  const stored = (await (await page.request.get(`/api/podcast-episodes/${episode.id}`)).json()) as ApiEpisode;
  expect([stored.title, stored.chapters]).toEqual([
    title,
    [
      { startTime: 0, title: 'Opening' },
      { startTime: 3, title: 'Store visit', url: '/products' },
    ],
  ]);

  await card.getByRole('button', { name: `Delete episode ${episode.episodeNumber}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete Episode ${episode.episodeNumber}?` });
  await expect(confirm).toContainText(title);
  await expectAccessible(page, '[role="alertdialog"]');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Delete episode ${episode.episodeNumber}` }).click();
  await confirm.getByRole('button', { name: 'Delete Episode' }).click();
  await expect(toasts(page).getByText('Episode deleted', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await page.request.get(`/api/podcast-episodes/${episode.id}`)).status()).toBe(404);
});

import { expect, test } from '@playwright/test';
import { apiPost } from './helpers';
import { emailFor, expectCreated, runTag, signInAsAdmin } from './forms-helpers';

// One more than a page of the SPA (25), plus a few, all long: the inbox must page, not load everything.
const MESSAGES = 30;
const PAGE_SIZE = 25;

test.describe('admin inbox paging', () => {
  // The inbox has no delete: these messages stay, tagged with this run, like every other inbox test's.
  test('an inbox with more messages than one page opens on the newest page and pages through them', async ({ page }) => {
    const tag = runTag('paging');
    await page.goto('/');
    for (let n = 1; n <= MESSAGES; n++) {
      await expectCreated(
        await apiPost(page, '/api/contact-messages', {
          firstName: 'Paging',
          lastName: `${tag}-${n}`,
          email: emailFor(tag),
          subject: 'general',
          message: `Long message ${n} ${tag}. ${'Grace and peace to you. '.repeat(150)}`,
          privacyAccepted: true,
        }),
        `contact message ${n}`,
      );
    }

    await signInAsAdmin(page);
    const firstPage = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/contact-messages');
    await page.goto('/admin');
    const res = await firstPage;
    expect(new URL(res.url()).search).toBe(`?page=1&pageSize=${PAGE_SIZE}`);
    const total = Number(res.headers()['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(MESSAGES);
    const pages = Math.ceil(total / PAGE_SIZE);

    const panel = page.getByRole('tabpanel');
    const rows = panel.getByRole('article');
    const mine = (n: number) => rows.filter({ hasText: `Long message ${n} ${tag}.` });
    const pager = panel.getByRole('navigation', { name: 'Contact Messages pages' });

    await expect(panel.getByText(`${total} contact messages, newest first · showing 1–${PAGE_SIZE}`)).toBeVisible();
    await expect(rows).toHaveCount(PAGE_SIZE);
    await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // Newest first: our last 25 are this page, our first 5 are not.
    await expect(mine(MESSAGES)).toBeVisible();
    await expect(mine(MESSAGES - PAGE_SIZE + 1)).toBeVisible();
    await expect(mine(MESSAGES - PAGE_SIZE)).toHaveCount(0);

    const secondPage = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact-messages' && r.url().includes('page=2'));
    await pager.getByRole('button', { name: 'Next' }).click();
    expect((await secondPage).status()).toBe(200);
    await expect(pager.getByText(`Page 2 of ${pages}`)).toBeVisible();
    await expect(mine(MESSAGES - PAGE_SIZE)).toBeVisible();
    await expect(mine(1)).toBeVisible();
    await expect(mine(MESSAGES)).toHaveCount(0);
    await expect(rows).toHaveCount(Math.min(PAGE_SIZE, total - PAGE_SIZE));
    await expect(
      panel.getByText(`${total} contact messages, newest first · showing ${PAGE_SIZE + 1}–${PAGE_SIZE + Math.min(PAGE_SIZE, total - PAGE_SIZE)}`),
    ).toBeVisible();

    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect(mine(MESSAGES)).toBeVisible();

    // The dashboard card counts the whole inbox, not the page.
    await expect(page.getByTestId('count-contact-messages').getByTestId('count-total')).toHaveText(String(total));
  });
});

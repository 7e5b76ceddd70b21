import { expect, test, type Page } from '@playwright/test';
import { joinInNewBrowser } from './marketshare-helpers';
import { expectAccessible } from './helpers';

// The dashboard's lists stopped silently at the API's first 50 rows while the stat card counted them all.
// A member with 51 referrals (the API's pages served by the browser, so no 51 members need to join) reaches every row.
const TOTAL = 51;

const referral = (n: number) => ({
  id: `ref-${n}`,
  referredMember: { firstName: 'Referred', lastName: `Number ${n}`, email: `referred.${n}@example.com`, memberSince: '2026-01-02T12:00:00.000Z' },
  commissionStatus: 'pending',
  commissionAmount: '1.00',
});

async function serveReferralPages(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('**/api/membership/referrals?*', async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    const number = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('pageSize'));
    const rows = Array.from({ length: TOTAL }, (_, i) => referral(i + 1)).slice((number - 1) * size, number * size);
    await route.fulfill({ json: rows, headers: { 'X-Total-Count': String(TOTAL) } });
  });
  return asked;
}

test('the member dashboard reaches every referral with Load more, by keyboard, and stays axe-clean', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const page = await joinInNewBrowser(browser, baseURL!, { firstName: 'Lydia', lastName: 'Thyatira', email: `paging.${stamp}@example.com` });
  const asked = await serveReferralPages(page);
  await page.getByRole('link', { name: 'Go to your Member Dashboard' }).click();

  const list = page.getByRole('tabpanel').getByRole('list', { name: 'Referrals' });
  await expect(list.getByRole('listitem')).toHaveCount(50);
  await expect(page.getByRole('status').filter({ hasText: 'Showing 50 of 51 referrals' })).toBeVisible();

  const more = page.getByRole('button', { name: 'Load more referrals' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem')).toHaveCount(TOTAL);
  await expect(page.getByRole('status').filter({ hasText: 'Showing 51 of 51 referrals' })).toBeVisible();
  // Focus moves to the first new row, so a keyboard user carries on there; every row is reached, so no button is left.
  await expect(list.getByRole('listitem').last()).toBeFocused();
  await expect(list.getByRole('listitem').last()).toContainText('Referred Number 51');
  await expect(more).toHaveCount(0);
  expect(asked).toEqual(['?page=1&pageSize=50', '?page=2&pageSize=50']);

  await expectAccessible(page);
  await page.context().close();
});

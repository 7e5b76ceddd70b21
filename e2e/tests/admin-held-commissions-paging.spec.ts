import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { adminCredentials, apiPost } from './helpers';

// The admin's held commissions stopped at the API's first 100 rows with no way to the rest. With 51 held (the API's
// pages served by the browser, as member-paging.spec.ts does, so no 51 self-referrals need to pay), every row is
// reached a page of 50 at a time, by keyboard, and the screen stays axe-clean.
const AXE_SOURCE = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');
const TOTAL = 51;

const held = (n: number) => ({
  commissionId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  amount: '1.00',
  payoutMonth: '2026-12',
  reason: 'same_card_as_referrer',
  heldAt: '2026-11-02T12:00:00.000Z',
  referrer: { memberId: 'a', firstName: 'Simon', lastName: `Referrer ${n}`, email: `referrer.${n}@example.com` },
  referred: {
    memberId: 'b',
    firstName: 'Simeon',
    lastName: `Referred ${n}`,
    email: `referred.${n}@example.com`,
    memberSince: '2026-11-02T12:00:00.000Z',
    subscriptionStatus: 'active',
  },
});

async function serveHeldPages(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('**/api/admin/held-commissions?*', async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    const number = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('pageSize'));
    const rows = Array.from({ length: TOTAL }, (_, i) => held(i + 1)).slice((number - 1) * size, number * size);
    await route.fulfill({ json: rows, headers: { 'X-Total-Count': String(TOTAL) } });
  });
  return asked;
}

test('the admin reaches every held commission a page at a time, by keyboard, and the screen stays axe-clean', async ({ browser, baseURL }) => {
  const admin = await (await browser.newContext({ baseURL })).newPage();
  const asked = await serveHeldPages(admin);
  await admin.goto('/');
  expect((await apiPost(admin, '/api/auth/login', adminCredentials)).ok()).toBe(true);
  await admin.goto('/admin');
  await admin.getByRole('tablist', { name: 'Submissions' }).getByRole('tab', { name: 'Marketshare' }).click();

  const region = admin.getByRole('region', { name: 'Held Commissions' });
  const rows = region.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(50 + 1); // and the header row
  await expect(rows.nth(1)).toContainText('referred.1@example.com');
  const pager = region.getByRole('navigation', { name: 'Held commissions pages' });
  await expect(pager.getByText('Page 1 of 2 (51 held)')).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

  const next = pager.getByRole('button', { name: 'Next' });
  await next.focus();
  await admin.keyboard.press('Enter');
  await expect(pager.getByText('Page 2 of 2 (51 held)')).toBeVisible();
  await expect(rows).toHaveCount(1 + 1);
  await expect(rows.nth(1)).toContainText('referred.51@example.com');
  await expect(next).toBeDisabled();
  expect(asked).toEqual(['?page=1&pageSize=50', '?page=2&pageSize=50']);

  await admin.evaluate(AXE_SOURCE);
  const violations = await admin.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
  expect(violations).toEqual([]);
  await admin.context().close();
});

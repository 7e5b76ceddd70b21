import { expect, test } from './fixtures';
import { adminCredentials, apiPost, expectAccessible } from './helpers';

// The team's phone rule (bench/web.ts measures it with Lighthouse): a page must report a largest paint to be scored.

test('/contact#prayer on a phone reports its largest paint and still brings the prayer form into view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => {
    const paints: number[] = [];
    (window as unknown as { __lcp: number[] }).__lcp = paints;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => paints.push(entry.startTime))).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    });
  });
  await page.goto('/contact#prayer');
  const form = page.getByRole('form', { name: 'Prayer request' });
  await expect(form).toBeInViewport();
  // Chromium reports no largest paint at all for a page scrolled before its first paint.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __lcp: number[] }).__lcp.length)).toBeGreaterThan(0);
});

// The admin Marketshare tab's tables are wider than a phone: each scrolls in a focusable region of its own, so a
// keyboard scrolls it too (axe's scrollable-region-focusable; the lists are served by the browser so they have rows).
const member = (n: number) => ({
  memberId: `m-${n}`,
  firstName: 'Phoebe',
  lastName: `Cenchreae ${n}`,
  email: `phoebe.cenchreae.${n}@example.com`,
  subscriptionStatus: 'active',
  cancelAtPeriodEnd: n === 1,
  memberSince: '2026-11-02T12:00:00.000Z',
  referrals: n,
  pending: '12.00',
  paid: '140.00',
});
const MARKETSHARE_LISTS: Record<string, { json: unknown; total?: number }> = {
  '/api/admin/members': { json: [member(1), member(2)], total: 2 },
  '/api/admin/held-commissions': {
    json: [
      {
        commissionId: '00000000-0000-4000-8000-000000000001',
        amount: '1.00',
        payoutMonth: '2026-12',
        reason: 'same_card_as_referrer',
        heldAt: '2026-11-02T12:00:00.000Z',
        referrer: { memberId: 'm-1', firstName: 'Phoebe', lastName: 'Cenchreae 1', email: 'phoebe.cenchreae.1@example.com' },
        referred: { ...member(2), subscriptionStatus: 'active' },
      },
    ],
    total: 1,
  },
  '/api/admin/payout-runs': {
    json: [
      {
        month: '2026-10',
        status: 'completed',
        payoutDate: '2026-10-15',
        startedAt: '2026-10-15T09:00:00.000Z',
        completedAt: '2026-10-15T09:01:00.000Z',
        memberCount: 2,
        total: '280.00',
        outcomes: { paid: 1, scheduled: 0, held: { no_account: 1, below_minimum: 0, restricted: 0 }, failed: 0 },
      },
    ],
  },
  '/api/admin/profit-bonus-periods': {
    json: [
      {
        period: '2026-H1',
        status: 'completed',
        payoutDate: '2026-07-15',
        shareBps: 200,
        revenue: '12000.00',
        pool: '240.00',
        memberCount: 2,
        total: '240.00',
        startedAt: '2026-07-15T09:00:00.000Z',
        completedAt: '2026-07-15T09:01:00.000Z',
      },
    ],
  },
};

test('the admin Marketshare tab on a phone: every table scrolls by keyboard in a labelled region, and the tab is axe-clean', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const [path, { json, total }] of Object.entries(MARKETSHARE_LISTS)) {
    await page.route(
      (url) => url.pathname === path,
      (route) => route.fulfill({ json, headers: total === undefined ? {} : { 'X-Total-Count': String(total) } }),
    );
  }
  await page.goto('/');
  expect((await apiPost(page, '/api/auth/login', adminCredentials)).ok()).toBe(true);
  await page.goto('/admin');
  await page.getByRole('tablist', { name: 'Submissions' }).getByRole('tab', { name: 'Marketshare' }).click();

  const members = page.getByRole('region', { name: 'Marketshare member totals', exact: true });
  await expect(members.getByRole('row').filter({ hasText: 'phoebe.cenchreae.2@example.com' })).toBeVisible();
  for (const name of ['Referral commissions awaiting review', 'Payout history by month', 'Half-year profit bonuses']) {
    await expect(page.getByRole('region', { name, exact: true }).getByRole('table')).toBeVisible();
  }
  // Wider than the phone, so it scrolls: the arrow keys move it once it has focus.
  expect(await members.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await members.focus();
  await expect(members).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => members.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);

  await expectAccessible(page);
});

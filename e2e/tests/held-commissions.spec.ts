import { expect, test, type Browser } from '@playwright/test';
import { joinInNewBrowser } from './marketshare-helpers';
import { adminCredentials, apiPost, toasts } from './helpers';

// ADR 0028: a referral paid with the referrer's own card is held; the admin approves it from the
// Marketshare tab with the keyboard alone.

const uniqueEmail = (tag: string) => `held.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

const join = (browser: Browser, baseURL: string, who: { firstName: string; email: string }, ref?: string, card?: string) =>
  joinInNewBrowser(browser, baseURL, { ...who, lastName: 'Samaria' }, { ref, card });

test('a referral paid with the referrer’s card is held; the admin approves it with the keyboard and it leaves the list', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const referrer = { firstName: 'Simon', email: uniqueEmail('referrer') };
  const a = await join(browser, baseURL!, referrer);
  const code = (await a.getByTestId('referral-code').textContent())?.trim() ?? '';
  await a.context().close();
  const puppet = { firstName: 'Simeon', email: uniqueEmail('puppet') };
  await (await join(browser, baseURL!, puppet, code)).context().close();

  const admin = await (await browser.newContext({ baseURL })).newPage();
  await admin.goto('/');
  expect((await apiPost(admin, '/api/auth/login', adminCredentials)).ok()).toBe(true);
  await admin.goto('/admin');
  await admin.getByRole('tablist', { name: 'Submissions' }).getByRole('tab', { name: 'Marketshare' }).click();
  const region = admin.getByRole('region', { name: 'Held Commissions' });
  const row = region.getByRole('row').filter({ hasText: puppet.email });
  await expect(row).toContainText(referrer.email);
  await expect(row).toContainText('Same card as referrer');
  await expect(row).toContainText('$1.00');
  await admin.screenshot({ path: testInfo.outputPath('admin-held-commissions.png'), fullPage: true });

  const approve = row.getByRole('button', { name: `Approve commission: ${referrer.firstName} Samaria referring ${puppet.email}` });
  await approve.focus();
  await expect(approve).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(toasts(admin).getByText('Commission approved', { exact: true })).toBeVisible();
  await expect(region.getByRole('row').filter({ hasText: puppet.email })).toHaveCount(0);
  await admin.context().close();
});

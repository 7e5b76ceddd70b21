import { expect, type Browser, type Page } from '@playwright/test';
import { GOOD_CARD } from './checkout-helpers';

/** Fills the emulator's test card form in the membership payment step and pays. */
export async function payMembership(page: Page, card = GOOD_CARD) {
  const payment = page.getByRole('form', { name: 'Membership payment' });
  const year = (new Date().getFullYear() + 3) % 100;
  await payment.getByLabel('Card number').fill(card);
  await payment.getByLabel('Expiration date (MM / YY)').fill(`12 / ${String(year).padStart(2, '0')}`);
  await payment.getByLabel('Security code (CVC)').fill('123');
  await payment.getByLabel('ZIP').fill('62701');
  await payment.getByRole('button', { name: 'Pay $5.00 and Join' }).click();
}

/** A new browser joins Marketshare through the page (with `ref` from a share link) and lands on the welcome screen. */
export async function joinInNewBrowser(
  browser: Browser,
  baseURL: string,
  who: { firstName: string; lastName: string; email: string },
  options: { ref?: string; card?: string } = {},
): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto(options.ref ? `/marketshare?ref=${options.ref}` : '/marketshare');
  const form = page.getByRole('form', { name: 'Join Marketshare' });
  await form.getByLabel('First Name *').fill(who.firstName);
  await form.getByLabel('Last Name *').fill(who.lastName);
  await form.getByLabel('Email *').fill(who.email);
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await payMembership(page, options.card);
  await expect(page.getByRole('heading', { name: `Welcome to Marketshare, ${who.firstName}!` })).toBeVisible({ timeout: 15_000 });
  return page;
}

/**
 * The member sets up payouts from the dashboard's Payouts card through Stripe's onboarding (the emulator's page) and
 * comes back to "Payouts active" (ADR 0048); `onForm` runs on the filled form before it is submitted.
 */
export async function setUpPayouts(page: Page, onForm: () => Promise<void> = async () => undefined) {
  await page.getByRole('region', { name: 'Payouts' }).getByRole('button', { name: 'Set up payouts' }).click();
  await expect(page.getByRole('heading', { name: 'Set up payouts' })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('First name').fill('Lydia');
  await page.getByLabel('Last name').fill('Thyatira');
  await onForm();
  await page.getByRole('button', { name: 'Agree and submit' }).click();
  await expect(page).toHaveURL(/\/member-dashboard\?payouts=return$/, { timeout: 15_000 });
  // account.updated reaches membership through the gateway's Stripe webhook; the card follows it.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Payouts' }).getByText('Payouts active')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * The years each test that runs a past month's payouts draws its month from: a band of its own, so two tests running
 * at once never share a month (a month's run pays every member owed in it, and closes it). A random month within the
 * band keeps a second run against the same stack apart from the first, mostly.
 */
export const PAYOUT_MONTH_YEARS = { dashboard: 2010, adminRun: 2015, credit: 2020 } as const;

/** A past month (YYYY-MM) from the five years starting at `firstYear`. */
export const ownPayoutMonth = (firstYear: number) =>
  `${firstYear + Math.floor(Math.random() * 5)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;

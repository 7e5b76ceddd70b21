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

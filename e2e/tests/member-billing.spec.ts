import { expect, test, type Page } from '@playwright/test';
import { Client as Postgres } from 'pg';
import { GOOD_CARD, uniqueEmail, waitForMail } from './checkout-helpers';
import { expectAccessible } from './helpers';
import { payMembership } from './marketshare-helpers';

/** The Stripe emulator's REST API with a secret key, as a service calls it (form bodies with bracket keys). */
async function stripe<T>(method: 'GET' | 'POST', path: string, params: Record<string, string> = {}): Promise<T> {
  const body = new URLSearchParams(params).toString();
  const res = await fetch(`${process.env.E2E_STRIPE_API_URL}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
    method,
    headers: { Authorization: 'Bearer sk_test_e2e', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: method === 'POST' ? body : undefined,
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Fills the emulator's card form in the Update card dialog and saves it. */
async function saveCard(page: Page, card = GOOD_CARD) {
  const form = page.getByRole('dialog', { name: 'Update your card' }).getByRole('form', { name: 'New card' });
  const year = (new Date().getFullYear() + 3) % 100;
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiration date (MM / YY)').fill(`12 / ${String(year).padStart(2, '0')}`);
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByLabel('ZIP').fill('62701');
  await form.getByRole('button', { name: 'Save card' }).click();
}

async function accessibleOnDesktopAndPhone(page: Page, selector?: string) {
  await expectAccessible(page, selector);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, selector);
  await page.setViewportSize(size);
}

/**
 * ADR 0059, "Members run their own billing": a card that starts failing → past_due → email → card updated in the
 * browser → invoice paid → active; the invoices and a printable receipt; cancel with a reason.
 */
test('dunning in the browser: past_due banner, the email’s one tap to update the card, paid and active; invoices, a receipt, cancel with a reason', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  test.skip(
    !process.env.E2E_STRIPE_API_URL || !process.env.E2E_MEMBERSHIP_DATABASE_URL,
    'needs E2E_STRIPE_API_URL and E2E_MEMBERSHIP_DATABASE_URL (npm test sets them)',
  );
  const email = uniqueEmail('billing');
  // The member's Stripe customer lives on a test clock, so the renewal can be brought forward; membership's payment
  // step reuses the customer it holds for the email.
  const clock = await stripe<{ id: string }>('POST', '/v1/test_helpers/test_clocks', { frozen_time: String(Math.floor(Date.now() / 1000)) });
  const customer = await stripe<{ id: string }>('POST', '/v1/customers', { email, test_clock: clock.id, 'metadata[km_source]': 'membership' });
  const db = new Postgres({ connectionString: process.env.E2E_MEMBERSHIP_DATABASE_URL });
  await db.connect();
  try {
    await db.query(`INSERT INTO signups (email, stripe_customer_id) VALUES ($1, $2)`, [email, customer.id]);
  } finally {
    await db.end();
  }

  await page.goto('/marketshare');
  const form = page.getByRole('form', { name: 'Join Marketshare' });
  await form.getByLabel('First Name *').fill('Phoebe');
  await form.getByLabel('Last Name *').fill('Cenchreae');
  await form.getByLabel('Email *').fill(email);
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await payMembership(page);
  await expect(page.getByRole('heading', { name: 'Welcome to Marketshare, Phoebe!' })).toBeVisible({ timeout: 15_000 });

  // The card starts failing: Stripe's 4000 0000 0000 0341 becomes the default, and the clock passes the renewal.
  const subs = await stripe<{ data: { id: string; items: { data: { current_period_end: number }[] } }[] }>('GET', '/v1/subscriptions', {
    customer: customer.id,
  });
  const sub = subs.data[0];
  const failing = await stripe<{ id: string }>('POST', '/v1/payment_methods/pm_card_chargeCustomerFail/attach', { customer: customer.id });
  await stripe('POST', `/v1/subscriptions/${sub.id}`, { default_payment_method: failing.id });
  await stripe('POST', `/v1/test_helpers/test_clocks/${clock.id}/advance`, { frozen_time: String(sub.items.data[0].current_period_end + 3600) });

  const mail = await waitForMail(page, email, /Your Marketshare payment did not go through/, 30_000);
  const link = /https?:\/\/\S+\/member-dashboard#update-card/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();

  // The dashboard: the raw status in the badge, the banner saying what to do.
  await page.goto('/member-dashboard');
  await expect(page.getByText('past_due', { exact: true })).toBeVisible({ timeout: 15_000 });
  const banner = page.getByRole('alert').filter({ hasText: 'Your last payment did not go through' });
  await expect(banner).toContainText('you keep earning commissions, but member discounts are paused');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('billing-past-due.png'), fullPage: true });

  // The email's one tap: the dashboard opens the card form (this browser is signed in since it joined). From another
  // page, as from a mail app: a hash change alone would not load the page again.
  await page.goto('/');
  await page.goto(new URL(link!).pathname + new URL(link!).hash);
  const dialog = page.getByRole('dialog', { name: 'Update your card' });
  await expect(dialog.getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
  await accessibleOnDesktopAndPhone(page, '[role="dialog"]');
  await page.screenshot({ path: testInfo.outputPath('billing-update-card.png') });
  await saveCard(page);
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('Active Member')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Your last payment did not go through')).toBeHidden();
  const billing = page.getByRole('region', { name: 'Billing' });
  await expect(billing.getByTestId('card-on-file')).toContainText('Visa ending in 4242');
  const invoices = billing.getByRole('list', { name: 'Invoices' }).getByRole('listitem');
  await expect(invoices).toHaveCount(2);
  await expect(invoices.filter({ hasText: 'Paid' })).toHaveCount(2);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('billing-active.png'), fullPage: true });

  // A printable receipt.
  await invoices
    .first()
    .getByRole('link', { name: /Receipt/ })
    .click();
  const receipt = page.getByRole('article', { name: /Receipt/ });
  await expect(receipt).toContainText('Phoebe Cenchreae');
  await expect(receipt).toContainText(email);
  await expect(receipt).toContainText('$5.00');
  await expect(receipt).toContainText('Visa ending in 4242');
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await accessibleOnDesktopAndPhone(page);
  await page.screenshot({ path: testInfo.outputPath('billing-receipt.png'), fullPage: true });
  // Someone else's (or a made-up) invoice is not found.
  await page.goto('/member-dashboard/invoices/in_notyours');
  await expect(page.getByText('We could not find this receipt among your invoices.')).toBeVisible();

  // Cancel with a reason: access lasts to the end of the paid period, and the dashboard says the date.
  await page.goto('/member-dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Cancel Membership' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your membership?' });
  await expect(cancel).toContainText('the end of the period you paid for');
  await accessibleOnDesktopAndPhone(page, '[role="dialog"]');
  await cancel.getByLabel('It costs too much').check();
  await cancel.getByLabel('Anything you would like to tell us? (optional)').fill('Money is tight this year.');
  await page.screenshot({ path: testInfo.outputPath('billing-cancel.png') });
  await cancel.getByRole('button', { name: 'Cancel Membership' }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText(/Your membership is cancelled and ends on \w+ \d+, \d{4}\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume Membership' })).toBeVisible();
});

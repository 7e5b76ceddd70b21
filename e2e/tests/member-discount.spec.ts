import type { Page } from '@playwright/test';
import { cartUnder50, fillCard, fillShipping, GOOD_CARD, money, purchaseButton, seedCart, toCents, uniqueEmail, type CartLine } from './checkout-helpers';
import { expect, test } from './fixtures';
import { payMembership } from './marketshare-helpers';

/** ADR 0016: 5 % off the subtotal for an active member; tax and the free-shipping line on what is left. */
function memberTotals(lines: CartLine[]) {
  const subtotal = lines.reduce((sum, line) => sum + toCents(line.product.price) * line.quantity, 0);
  const discount = Math.floor((subtotal * 5 + 50) / 100);
  const goods = subtotal - discount;
  const tax = Math.floor((goods * 8 + 50) / 100);
  const shipping = goods > 5000 ? 0 : 999;
  return { subtotal, discount, tax, shipping, total: goods + tax + shipping };
}

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

async function openCheckout(page: Page, lines: CartLine[]) {
  await seedCart(page, lines);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment' }).getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
}

/** Joins on /marketshare with the emulator's test card; the page signs the new member in. */
async function joinMarketshare(page: Page, email: string) {
  await page.goto('/marketshare');
  const form = page.getByRole('form', { name: 'Join Marketshare' });
  await form.getByLabel('First Name *').fill('Dorcas');
  await form.getByLabel('Last Name *').fill('Joppa');
  await form.getByLabel('Email *').fill(email);
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await payMembership(page);
  await expect(page.getByRole('heading', { name: 'Welcome to Marketshare, Dorcas!' })).toBeVisible({ timeout: 15_000 });
}

test.describe('the member discount', () => {
  test('a visitor is told members save 5 %; a member checks out with the discount line and sees it in Member Savings', async ({
    page,
    buyableProducts,
  }, testInfo) => {
    test.setTimeout(90_000);
    const lines = cartUnder50(buyableProducts);

    await openCheckout(page, lines);
    const note = summary(page).getByTestId('member-savings-note');
    await expect(note).toContainText('Marketshare members save 5% on every purchase.');
    await expect(note.getByRole('link', { name: 'Join Marketshare' })).toHaveAttribute('href', '/marketshare');
    await expect(summary(page).getByText('Member discount (5%)')).toHaveCount(0);

    await joinMarketshare(page, uniqueEmail('member'));
    const totals = memberTotals(lines);
    await openCheckout(page, lines);
    await expect(summary(page).getByText('Member discount (5%)', { exact: true })).toBeVisible();
    await expect(summary(page).getByTestId('summary-member-discount')).toHaveText(`-${money(totals.discount)}`);
    await expect(summary(page).getByTestId('summary-subtotal')).toHaveText(money(totals.subtotal));
    await expect(summary(page).getByTestId('summary-tax')).toHaveText(money(totals.tax));
    await expect(summary(page).getByTestId('summary-total')).toHaveText(money(totals.total));
    await expect(summary(page).getByTestId('member-savings-note')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('member-checkout.png'), fullPage: true });

    await fillShipping(page, uniqueEmail('member-order'));
    await fillCard(page, GOOD_CARD);
    await expect(purchaseButton(page)).toHaveText(`Complete Purchase ${money(totals.total)}`);
    await purchaseButton(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('order-payment-status')).toHaveText('Payment received', { timeout: 15_000 });
    await expect(summary(page).getByTestId('summary-member-discount')).toHaveText(`-${money(totals.discount)}`);

    // Membership learns the discount from orders.order.paid; the dashboard's Member Savings is their sum.
    await expect(async () => {
      await page.goto('/member-dashboard');
      await expect(page.getByRole('region', { name: 'Member Savings', exact: true })).toContainText(money(totals.discount), { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await page.screenshot({ path: testInfo.outputPath('member-savings.png'), fullPage: true });
  });
});

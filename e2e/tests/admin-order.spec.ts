import type { Page } from '@playwright/test';
import { fillCard, fillShipping, GOOD_CARD, ORDER_NUMBER, purchaseButton, seedCart, uniqueEmail, waitForMail } from './checkout-helpers';
import { expect, test } from './fixtures';
import { adminCredentials, apiPost, expectAccessible } from './helpers';

/** A buyer pays for two lines at the checkout; the order's paid once Stripe's webhook says so. */
async function buy(page: Page, lines: Parameters<typeof seedCart>[1], email: string): Promise<string> {
  await seedCart(page, lines);
  await page.goto('/checkout');
  await expect(page.getByRole('region', { name: 'Payment' }).getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
  await fillShipping(page, email);
  await fillCard(page, GOOD_CARD);
  await purchaseButton(page).click();
  await expect(page.getByTestId('order-payment-status')).toHaveText('Payment received', { timeout: 15_000 });
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(ORDER_NUMBER);
  return orderNumber;
}

test.setTimeout(90_000);

test('an admin refunds one line with restock and ships the rest with a UPS tracking number; the buyer is mailed both', async ({
  page,
  buyableProducts,
}, testInfo) => {
  const [cheap, dear] = buyableProducts;
  const email = uniqueEmail('admin-order');
  const orderNumber = await buy(
    page,
    [
      { product: cheap, quantity: 2 },
      { product: dear, quantity: 1 },
    ],
    email,
  );

  const login = await apiPost(page, '/api/auth/login', adminCredentials);
  expect(login.ok(), `admin login: ${login.status()}`).toBe(true);
  await page.goto('/admin');
  await page.getByRole('tablist', { name: 'Submissions' }).getByRole('tab', { name: 'Orders' }).click();
  await page.getByRole('button', { name: `Open order ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: orderNumber });
  await expect(dialog.getByTestId('order-status')).toHaveText('Status: Paid');
  await expect(dialog.getByTestId('fulfilment-status')).toHaveText('Unfulfilled');

  // Refund both units of the cheap line, back to stock: 2 × 12.50 + 8 % tax = 27.00.
  await dialog.getByLabel(`Units of ${cheap.name}`).fill('2');
  const refund = dialog.getByRole('form', { name: 'Refund' });
  await refund.getByLabel('Reason').fill('Arrived damaged');
  await refund.getByLabel('Put the refunded units back in stock').check();
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByText('Refunded.', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByTestId('order-status')).toHaveText('Status: Partially refunded');
  await expect(dialog.getByTestId('timeline')).toContainText('Refunded $27.00 (Arrived damaged)');

  // Ship the rest with UPS.
  await dialog.getByLabel(`Units of ${dear.name}`).fill('1');
  const ship = dialog.getByRole('form', { name: 'Ship' });
  await ship.getByLabel('Carrier').selectOption('ups');
  await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog.getByText('Marked shipped; the buyer is emailed.')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByTestId('fulfilment-status')).toHaveText('Fulfilled');
  await expect(dialog.getByTestId('shipment')).toContainText(`1 × ${dear.name} · UPS · 1Z999AA10123456784 · shipped`);
  await expect(dialog.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  await dialog.getByLabel('Staff note').fill('Buyer called about the damaged units');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByTestId('timeline')).toContainText('Note by admin: Buyer called about the damaged units');
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: testInfo.outputPath('admin-order-detail.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('admin-order-detail-phone.png'), fullPage: true });

  const shipped = await waitForMail(page, email, new RegExp(`Order ${orderNumber} has shipped`));
  expect(shipped.text).toContain('Tracking number: 1Z999AA10123456784');
  const refunded = await waitForMail(page, email, new RegExp(`Refund of \\$27\\.00 for order ${orderNumber}`));
  expect(refunded.text).toContain('to your Visa card ending in 4242');
});

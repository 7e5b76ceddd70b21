import type { Page } from '@playwright/test';
import {
  cartOver50,
  cartUnder50,
  DECLINED_CARD,
  expectedTotals,
  fetchOrder,
  fillCard,
  fillShipping,
  GOOD_CARD,
  money,
  ORDER_NUMBER,
  purchaseButton,
  savedOrder,
  seedCart,
  uniqueEmail,
  waitForMail,
  type CartLine,
} from './checkout-helpers';
import { expect, test } from './fixtures';
import { adminCredentials, apiPost, toasts } from './helpers';

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
const cartBadge = (page: Page) => page.getByTestId('cart-count');

async function openCheckout(page: Page, lines: CartLine[]) {
  await seedCart(page, lines);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // The payment form is ready once the emulator's card form is on the page.
  await expect(page.getByRole('region', { name: 'Payment' }).getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
}

async function expectSummary(page: Page, lines: CartLine[]) {
  const totals = expectedTotals(lines);
  const items = summary(page).getByTestId('summary-item');
  await expect(items).toHaveCount(lines.length);
  for (const [index, line] of lines.entries()) {
    const row = items.nth(index);
    await expect(row.getByTestId('summary-item-name')).toHaveText(line.product.name);
    await expect(row.getByTestId('summary-item-quantity')).toHaveText(String(line.quantity));
    await expect(row.getByTestId('summary-item-total')).toHaveText(money(Math.round(Number(line.product.price) * 100) * line.quantity));
  }
  await expect(summary(page).getByTestId('summary-subtotal')).toHaveText(money(totals.subtotal));
  await expect(summary(page).getByTestId('summary-tax')).toHaveText(money(totals.tax));
  await expect(summary(page).getByTestId('summary-shipping')).toHaveText(totals.shipping === 0 ? 'FREE' : '$9.99');
  await expect(summary(page).getByTestId('summary-total')).toHaveText(money(totals.total));
  await expect(purchaseButton(page)).toHaveText(`Complete Purchase ${money(totals.total)}`);
  return totals;
}

test.describe('checkout', () => {
  test('an empty cart on /checkout goes to /products', async ({ page }) => {
    await seedCart(page, []);
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/products$/);
  });

  test('pays with a test card: Order Confirmed, cart emptied, confirmation mailed, order paid', async ({ page, buyableProducts }) => {
    const lines = cartOver50(buyableProducts);
    const email = uniqueEmail('paid');
    await openCheckout(page, lines);
    const totals = await expectSummary(page, lines);
    await expect(cartBadge(page)).toHaveText(new RegExp(`^${lines[0].quantity}`));

    // Disabled until the required shipping fields are filled, with a hint that says which.
    await expect(purchaseButton(page)).toBeDisabled();
    await expect(page.getByText(/To complete your purchase, fill in: First name, Last name, Email/)).toBeVisible();

    await fillShipping(page, email);
    await fillCard(page, GOOD_CARD);
    await purchaseButton(page).click();

    const confirmed = page.getByRole('heading', { level: 1, name: 'Order Confirmed' });
    await expect(confirmed).toBeVisible({ timeout: 15_000 });
    await expect(confirmed).toBeFocused();
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(orderNumber).toMatch(ORDER_NUMBER);
    await expect(toasts(page)).toContainText('Order placed successfully!');
    await expect(toasts(page)).toContainText(`Your order ${orderNumber} has been confirmed.`);
    await expect(page.getByText(/A confirmation email is on its way to/)).toContainText(email);
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    // The cart is empty, in the header and in storage.
    await expect(cartBadge(page)).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kingdom-cart-storage') ?? '{}').items)).toEqual([]);

    // Stripe's webhook marks it paid shortly after; the page follows.
    await expect(page.getByTestId('order-payment-status')).toHaveText('Payment received', { timeout: 15_000 });
    const order = await fetchOrder(page, orderNumber, email);
    expect(order).toMatchObject({ orderNumber, status: 'paid', total: (totals.total / 100).toFixed(2) });

    const mail = await waitForMail(page, email, new RegExp(orderNumber));
    expect(`${mail.subject} ${mail.text ?? mail.html ?? ''}`).toContain(orderNumber);

    // A return to /checkout/success (Stripe's redirect target) shows the same order, and /checkout now redirects.
    await page.goto('/checkout/success');
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed' })).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
    await expect(page.getByTestId('order-payment-status')).toHaveText('Payment received');
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/products$/);

    // The admin dashboard's Orders tab lists it, newest first.
    const login = await apiPost(page, '/api/auth/login', adminCredentials);
    expect(login.ok(), `admin login: ${login.status()}`).toBe(true);
    await page.goto('/admin');
    await page.getByRole('tablist', { name: 'Submissions' }).getByRole('tab', { name: 'Orders' }).click();
    const row = page.getByRole('table').getByRole('row').filter({ hasText: orderNumber });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(email);
    await expect(row).toContainText('Lydia Purple');
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(money(totals.total));
  });

  test('a declined card shows Payment Failed, keeps the cart and leaves the order unpaid; a good card then pays it', async ({ page, buyableProducts }) => {
    const lines = cartUnder50(buyableProducts);
    const email = uniqueEmail('declined');
    await openCheckout(page, lines);
    await expectSummary(page, lines);

    await fillShipping(page, email);
    await fillCard(page, DECLINED_CARD);
    await purchaseButton(page).click();

    await expect(toasts(page)).toContainText('Payment Failed');
    await expect(toasts(page)).toContainText('Your card was declined.');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(purchaseButton(page)).toBeEnabled();
    await expect(cartBadge(page)).toHaveText(/^1/);

    // The order was created first and is not undone; it is not paid.
    const saved = await savedOrder(page);
    expect(saved?.orderNumber).toMatch(ORDER_NUMBER);
    const declined = await fetchOrder(page, saved!.orderNumber, email);
    expect(['pending_payment', 'payment_failed']).toContain(declined.status);
    await expect.poll(async () => (await fetchOrder(page, saved!.orderNumber, email)).status, { timeout: 10_000 }).toBe('payment_failed');

    // Trying again pays the very same order (one order per payment intent).
    await fillCard(page, GOOD_CARD);
    await purchaseButton(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('order-number')).toHaveText(saved!.orderNumber);
    await expect.poll(async () => (await fetchOrder(page, saved!.orderNumber, email)).status, { timeout: 15_000 }).toBe('paid');
  });

  test('shipping is $9.99 under $50 and FREE over it; the totals follow the cart', async ({ page, buyableProducts: products }) => {
    const lines = cartUnder50(products);
    await openCheckout(page, lines);
    const under = await expectSummary(page, lines);
    expect(under.shipping).toBe(999);
    const missing = 5000 - under.subtotal + 1;
    await expect(summary(page).getByTestId('free-shipping-note')).toHaveText(`Add ${money(missing)} more to get free shipping on orders over $50.00.`);

    // More of the same product from the cart: the intent is asked for again and the summary follows.
    const product = lines[0].product;
    const needed = Math.floor(5000 / Math.round(Number(product.price) * 100)) + 1;
    await page.getByRole('button', { name: 'Open cart' }).click();
    const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
    for (let quantity = 1; quantity < needed; quantity++) {
      await cart.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    }
    await cart.getByRole('button', { name: 'Close cart' }).click();

    const over = await expectSummary(page, [{ product, quantity: needed }]);
    expect(over.shipping).toBe(0);
    await expect(summary(page).getByTestId('free-shipping-note')).toHaveText("You've earned free shipping!");
  });

  test('/checkout/success without an order in this tab says so kindly', async ({ page }) => {
    await page.goto('/checkout/success?payment_intent=pi_unknown&redirect_status=succeeded');
    await expect(page.getByRole('heading', { level: 1, name: 'No recent order found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
  });
});

import type { BuyerOrder } from '@km/contracts';
import type { Page, TestInfo } from '@playwright/test';
import {
  cartUnder50,
  expectedTotals,
  fillCard,
  fillShipping,
  GOOD_CARD,
  money,
  ORDER_NUMBER,
  purchaseButton,
  seedCart,
  uniqueEmail,
  waitForMail,
} from './checkout-helpers';
import { expect, test } from './fixtures';
import { joinInNewBrowser } from './marketshare-helpers';
import { expectAccessible } from './helpers';

// A buyer's way back to an order (ADR 0036, 0037): the signed link in the confirmation email, the lookup form, the
// checkout's "View your order", and a member's Orders tab. Each page is checked with axe and photographed on a desktop
// and a phone.

const PHONE = { width: 390, height: 844 };

/** Pays for `lines` on /checkout with the test card as `email`; answers the order number once it is confirmed. */
async function pay(page: Page, lines: Parameters<typeof seedCart>[1], email: string): Promise<string> {
  await seedCart(page, lines);
  await page.goto('/checkout');
  await expect(page.getByRole('region', { name: 'Payment' }).getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
  await fillShipping(page, email);
  await fillCard(page, GOOD_CARD);
  await purchaseButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed' })).toBeVisible({ timeout: 15_000 });
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(ORDER_NUMBER);
  await expect(page.getByTestId('order-payment-status')).toHaveText('Payment received', { timeout: 15_000 });
  return orderNumber;
}

/** The page on a desktop and on a phone, full length, for a person to look at. */
async function photograph(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-desktop.png`), fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: testInfo.outputPath(`${name}-phone.png`), fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

const status = (page: Page) => page.getByRole('article', { name: /^Order KM-/ });

test.describe('order status page', () => {
  test('the link in the confirmation email opens the order without a password; the lookup form finds it too', async ({ page, buyableProducts }, testInfo) => {
    test.setTimeout(90_000);
    const lines = cartUnder50(buyableProducts);
    const totals = expectedTotals(lines);
    const email = uniqueEmail('status');
    const orderNumber = await pay(page, lines, email);

    // The confirmation email links to the status page; the key is in the fragment and the email is not in the link.
    const mail = await waitForMail(page, email, new RegExp(orderNumber));
    const link = new URL(/See your order's status and print a receipt: (\S+)/.exec(mail.text ?? '')?.[1] ?? 'http://missing/');
    expect(link.pathname).toBe(`/orders/${orderNumber}`);
    expect(link.search).toBe('');
    expect(link.hash).toMatch(/^#key=[A-Za-z0-9_-]{43}$/);
    expect(link.href).not.toContain(email.split('@')[0]);

    // A fresh browser (no session, no cart) opens it.
    const reader = await (await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL })).newPage();
    await reader.goto(`${link.pathname}${link.hash}`);
    const order = status(reader);
    await expect(order.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
    await expect(order.getByText('Status: Paid')).toBeVisible();
    const line = order.getByTestId('order-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(lines[0].product.name);
    await expect(order.getByTestId('order-total')).toHaveText(money(totals.total));
    await expect(order.getByRole('region', { name: 'Shipping to' })).toContainText('12 Riverside Way');
    const timeline = order.getByTestId('order-timeline').getByRole('listitem');
    await expect(timeline).toHaveText([/^Order placed/, new RegExp(`^Payment received.*\\${money(totals.total)} charged to your card\\.`)]);
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    // The receipt prints the same page without the site's header and footer.
    await reader.emulateMedia({ media: 'print' });
    await expect(reader.getByRole('banner').first()).toBeHidden();
    await expect(order.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await reader.screenshot({ path: testInfo.outputPath('order-receipt-print.png'), fullPage: true });
    await reader.emulateMedia({ media: 'screen' });
    await expect(order.getByRole('button', { name: 'Print receipt' })).toBeVisible();
    await expectAccessible(reader);
    await photograph(reader, testInfo, 'order-status');

    // A key that is not this order's opens nothing, and says what to do.
    await reader.goto('about:blank');
    await reader.goto(`/orders/${orderNumber}#key=${'A'.repeat(43)}`);
    await expect(reader.getByRole('heading', { level: 1, name: 'This link did not open an order' })).toBeVisible();
    await expect(reader.getByRole('link', { name: 'Look up an order' })).toHaveAttribute('href', '/orders');

    // The lookup form: a wrong email is told the same as an unknown number; the right one opens the page.
    await reader.getByRole('link', { name: 'Look up an order' }).click();
    const form = reader.getByRole('form', { name: 'Order lookup' });
    await expect(form.getByLabel('Order number')).toHaveValue(orderNumber);
    await form.getByLabel('Email').fill('someone.else@example.com');
    await form.getByRole('button', { name: 'Find order' }).click();
    await expect(reader.getByRole('alert')).toHaveText(
      `We could not find order ${orderNumber} for that email address. Check both against your confirmation email.`,
    );
    await expectAccessible(reader);
    await photograph(reader, testInfo, 'order-lookup');
    await form.getByLabel('Email').fill(email.toUpperCase());
    await form.getByRole('button', { name: 'Find order' }).click();
    await expect(status(reader).getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
    await expect(reader).toHaveURL(new RegExp(`/orders/${orderNumber}#key=`));
    // The page opens again from its address (a reload, a bookmark).
    await reader.reload();
    await expect(status(reader).getByTestId('order-total')).toHaveText(money(totals.total));
    await reader.context().close();

    // The checkout's confirmation links to the same page.
    await page.getByRole('link', { name: 'View your order' }).click();
    await expect(status(page).getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
    await expect(page).toHaveURL(new RegExp(`/orders/${orderNumber}#key=`));
  });

  test("a member's Orders tab lists the member's orders, each opening its status page", async ({ browser, baseURL, buyableProducts }, testInfo) => {
    test.setTimeout(90_000);
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const member = await joinInNewBrowser(browser, baseURL!, { firstName: 'Lydia', lastName: 'Thyatira', email: `orders.${stamp}@example.com` });
    const orderNumber = await pay(member, cartUnder50(buyableProducts), uniqueEmail('member'));

    await member.goto('/member-dashboard');
    await member.getByRole('tab', { name: 'Orders' }).click();
    const list = member.getByRole('tabpanel').getByRole('list', { name: 'Orders' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText('Paid');
    await expect(member.getByRole('status').filter({ hasText: 'Showing 1 of 1 orders' })).toBeVisible();
    await expectAccessible(member);
    await photograph(member, testInfo, 'member-orders-tab');

    await list.getByRole('link', { name: `Order ${orderNumber}` }).click();
    await expect(member).toHaveURL(new RegExp(`/orders/${orderNumber}$`));
    const order = status(member);
    await expect(order.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
    await expect(order.getByText('Member discount (5%)')).toBeVisible();
    await expectAccessible(member);
    await member.context().close();
  });

  test('every step a buyer sees is shown: shipped with carrier and a tracking link, delivered, refunded with its amount, cancelled', async ({
    page,
  }, testInfo) => {
    // The staff's actions that write these steps are another part of the shop: the page is served an order that has
    // them all, as POST /api/orders/:orderNumber/view answers it (the API side is proved in buyer-orders.test.ts).
    const at = (minute: number) => `2026-11-20T15:${String(minute).padStart(2, '0')}:00.000Z`;
    const order: BuyerOrder = {
      orderNumber: 'KM-7Q2M9XKD',
      status: 'paid',
      customerName: 'Lydia Purple',
      customerEmail: 'lydia@example.com',
      shippingAddress: '12 Riverside Way, Springfield, IL 62701, United States',
      billingAddress: '12 Riverside Way, Springfield, IL 62701, United States',
      items: [
        { productId: 'p1', productName: 'Grace Study Bible', productPrice: '40.00', quantity: 1, subtotal: '40.00' },
        { productId: 'p2', productName: 'Cross & Chain', productPrice: '9.99', quantity: 2, subtotal: '19.98' },
      ],
      subtotal: '59.98',
      memberDiscount: '3.00',
      tax: '4.56',
      shipping: '0.00',
      total: '61.54',
      createdAt: at(0),
      paidAt: at(1),
      timeline: [
        { kind: 'placed', at: at(0) },
        { kind: 'paid', at: at(1), amount: '61.54' },
        {
          kind: 'fulfilled',
          at: at(10),
          fulfilmentId: 'f1',
          carrier: 'ups',
          trackingNumber: '1Z999AA10123456784',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
          lines: [{ productId: 'p1', productName: 'Grace Study Bible', quantity: 1 }],
        },
        { kind: 'delivered', at: at(20), fulfilmentId: 'f1' },
        { kind: 'refunded', at: at(30), refundId: 'r1', amount: '20.98', refundedTotal: '20.98', reason: 'Out of stock' },
        { kind: 'cancelled', at: at(31), reason: null },
      ],
    };
    const key = 'q3J9xVn1bP0dLk7sYw2HtR5mZc8Fa4Ge6Ui0Oo1Nn2M';
    await page.route('**/api/orders/KM-7Q2M9XKD/view', async (route) => {
      expect(route.request().method()).toBe('POST');
      expect(route.request().postDataJSON()).toEqual({ key });
      await route.fulfill({ json: order });
    });
    await page.goto(`/orders/KM-7Q2M9XKD#key=${key}`);
    const steps = status(page).getByTestId('order-timeline').getByRole('listitem');
    await expect(steps).toHaveText([
      /^Order placed/,
      /^Payment received.*\$61\.54 charged to your card\./,
      /^Shipped.*1 item by UPS: 1 × Grace Study Bible\. Tracking number 1Z999AA10123456784\.Track the UPS shipment/,
      /^Delivered/,
      /^Refunded \$20\.98.*\$20\.98 refunded to your card in all\. Reason: Out of stock\./,
      /^Order cancelled/,
    ]);
    const tracking = steps.nth(2).getByRole('link', { name: /Track the UPS shipment/ });
    await expect(tracking).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    await expect(tracking).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(status(page).getByText('Member discount (5%)')).toBeVisible();
    await expect(status(page).getByTestId('order-total')).toHaveText('$61.54');
    await expectAccessible(page);
    await photograph(page, testInfo, 'order-timeline');
  });
});

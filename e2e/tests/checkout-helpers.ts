import type { CatalogItem } from '@km/contracts/catalog';
import type { BuyerOrder } from '@km/contracts/orders';
import { expect, type Page } from '@playwright/test';

/** A product a test made or found: the fields of the API's item that the checkout specs read. */
export type SeededProduct = Pick<CatalogItem, 'id' | 'name' | 'slug' | 'price' | 'imageUrl' | 'inStock'>;

export interface CartLine {
  product: SeededProduct;
  quantity: number;
}

export const ORDER_NUMBER = /^KM-[0-9A-HJKMNP-TV-Z]{8}$/;
export const CART_STORAGE_KEY = 'kingdom-cart-storage';
export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

export const toCents = (price: string) => Math.round(Number(price) * 100);
export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Spec §9 / ADR 0008: tax 8 % rounded half up, shipping free over $50.00 else $9.99, all in cents. */
export function expectedTotals(lines: CartLine[]) {
  const subtotal = lines.reduce((sum, line) => sum + toCents(line.product.price) * line.quantity, 0);
  const tax = Math.floor((subtotal * 8 + 50) / 100);
  const shipping = subtotal > 5000 ? 0 : 999;
  return { subtotal, tax, shipping, total: subtotal + tax + shipping };
}

/** A cart over $50.00: the cheapest product, enough of it to pass the free-shipping line. */
export function cartOver50(products: SeededProduct[]): CartLine[] {
  const product = products[0];
  return [{ product, quantity: Math.floor(5000 / toCents(product.price)) + 1 }];
}

/** A cart under $50.00: one of the cheapest product. */
export function cartUnder50(products: SeededProduct[]): CartLine[] {
  const product = products.find((p) => toCents(p.price) < 5000);
  if (!product) throw new Error('no product under $50 was given');
  return [{ product, quantity: 1 }];
}

/** Puts lines into the persisted cart the way the store's Add to Cart would; navigate afterwards. */
export async function seedCart(page: Page, lines: CartLine[]): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/');
  const items = lines.map(({ product, quantity }) => ({
    productId: product.id,
    name: product.name,
    price: product.price,
    imageUrl: product.imageUrl ?? '',
    quantity,
  }));
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CART_STORAGE_KEY, JSON.stringify({ items })] as const);
}

export const uniqueEmail = (tag: string) => `buyer.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

export async function fillShipping(page: Page, email: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('First name').fill('Lydia');
  await form.getByLabel('Last name').fill('Purple');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('555-0100');
  await form.getByLabel('Street address').fill('12 Riverside Way');
  await form.getByLabel('City').fill('Springfield');
  await form.getByLabel('State').fill('IL');
  await form.getByLabel('ZIP code').fill('62701');
  await expect(form.getByLabel('Country')).toHaveValue('US');
}

/** The emulator's test card form (tools/stripe-emulator/stripe-js.js), inside the Payment section. */
export async function fillCard(page: Page, number: string): Promise<void> {
  const payment = page.getByRole('region', { name: 'Payment' });
  const year = (new Date().getFullYear() + 3) % 100;
  await payment.getByLabel('Card number').fill(number);
  await payment.getByLabel('Expiration date (MM / YY)').fill(`12 / ${String(year).padStart(2, '0')}`);
  await payment.getByLabel('Security code (CVC)').fill('123');
}

export const purchaseButton = (page: Page) => page.getByRole('button', { name: /^(Complete Purchase|Processing\.\.\.)/ });

/** The order as the buyer can read it back. */
export async function fetchOrder(page: Page, orderNumber: string, email: string): Promise<BuyerOrder> {
  const res = await page.request.get(`/api/orders/${orderNumber}?email=${encodeURIComponent(email)}`);
  expect(res.ok(), `GET /api/orders/${orderNumber}: ${res.status()}`).toBe(true);
  return (await res.json()) as BuyerOrder;
}

/** What this tab saved for /checkout/success when the order was created. */
export async function savedOrder(page: Page): Promise<{ orderNumber: string; email: string; paymentIntentId: string } | null> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('km-last-order') ?? 'null'));
}

interface CaughtMail {
  subject: string;
  to: { address: string }[];
  text?: string;
  html?: string;
}

/** Polls the mail catcher (maildev's REST API) for a mail to `to` whose subject matches. */
export async function waitForMail(page: Page, to: string, subject: RegExp, timeout = 15_000): Promise<CaughtMail> {
  const api = process.env.E2E_MAIL_API_URL;
  if (!api) throw new Error('E2E_MAIL_API_URL is not set: run the browser tests through `npm test -- e2e`');
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${api}/api/email`);
        if (!res.ok()) return `mail catcher answered ${res.status()}`;
        const mails = (await res.json()) as CaughtMail[];
        found = mails.find((mail) => mail.to.some((r) => r.address.toLowerCase() === to.toLowerCase()) && subject.test(mail.subject));
        return found ? 'found' : `${mails.length} mails, none to ${to} matching ${subject}`;
      },
      { timeout, message: `confirmation mail to ${to}` },
    )
    .toBe('found');
  return found!;
}

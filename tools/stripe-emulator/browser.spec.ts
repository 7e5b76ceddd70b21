// The served Stripe.js stand-in in Debian's Chromium: a page on another origin (as the app on
// http://localhost:3000 is) mounts the Payment Element, types a test card and confirms.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import type Stripe from 'stripe';
import type { StripeEmulator } from './server';
import { emulator, sdk } from './test-helpers';

let em: StripeEmulator;
let stripe: Stripe;
let browser: Browser;
let site: http.Server;
let origin: string;

/** The merchant page: `@stripe/stripe-js`-style use of window.Stripe, options taken from the query string. */
const page = (emulatorUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout</title><script src="${emulatorUrl}/v3/"></script></head>
<body>
  <form id="pay"><div id="x"></div><button type="submit">Pay</button></form>
  <output id="result"></output>
  <script>
    const q = new URLSearchParams(location.search);
    const stripe = window.Stripe('pk_test_emulator');
    const elements = stripe.elements({ clientSecret: q.get('cs'), appearance: { theme: 'stripe' } });
    const payment = q.get('never') ? elements.create('payment', { layout: 'tabs', fields: { billingDetails: 'never' } }) : elements.create('payment');
    window.seen = [];
    payment.on('ready', (e) => seen.push(['ready', e])).on('change', (e) => seen.push(['change', e]));
    payment.mount('#x');
    window.elements = elements;
    window.stripe = stripe;
    window.cs = q.get('cs');
    const billing = { name: 'Ruth Boaz', email: 'ruth@example.com', phone: '5550100', address: { line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' } };
    document.getElementById('pay').addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const confirmParams = { return_url: location.origin + '/checkout/success', receipt_email: 'buyer@example.com' };
      if (q.get('billing')) confirmParams.payment_method_data = { billing_details: billing };
      let out;
      try {
        out = await stripe.confirmPayment({ elements, confirmParams, redirect: q.get('redirect') || 'if_required' });
      } catch (e) {
        out = { thrown: e.name, message: e.message };
      }
      document.getElementById('result').textContent = JSON.stringify(out);
    });
  </script>
</body></html>`;

beforeAll(async () => {
  em = await emulator();
  stripe = sdk(em);
  site = http.createServer((req, res) => {
    const html = req.url?.startsWith('/checkout/success') ? '<!doctype html><title>Done</title><h1>Order confirmed</h1>' : page(em.url);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  origin = `http://localhost:${(site.address() as AddressInfo).port}`; // another origin than the emulator's 127.0.0.1
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
});
afterAll(async () => {
  await browser?.close();
  site?.closeAllConnections();
  await new Promise((r) => site?.close(r));
  await em?.close();
});

async function checkout(query: Record<string, string> = {}, amount = 4599): Promise<{ page: Page; intent: Stripe.PaymentIntent }> {
  const intent = await stripe.paymentIntents.create({ amount, currency: 'usd', automatic_payment_methods: { enabled: true }, metadata: { orderId: 'KM-web' } });
  const p = await browser.newPage();
  p.on('pageerror', (e) => console.error('page error:', e));
  await p.goto(`${origin}/?${new URLSearchParams({ cs: intent.client_secret!, ...query })}`);
  await p.getByLabel('Card number').waitFor();
  return { page: p, intent };
}
async function typeCard(p: Page, number: string, { expiry = '12 / 34', cvc = '123', zip = '78701' } = {}) {
  await p.getByLabel('Card number').pressSequentially(number);
  await p.getByLabel('Expiration date (MM / YY)').fill(expiry);
  await p.getByLabel('Security code (CVC)').fill(cvc);
  if (await p.getByLabel('ZIP').count()) await p.getByLabel('ZIP').fill(zip);
}
async function pay(p: Page) {
  await p.getByRole('button', { name: 'Pay' }).click();
  await p.waitForFunction(() => document.getElementById('result')!.textContent);
  return JSON.parse((await p.locator('#result').textContent())!);
}

describe('Stripe.js stand-in in Chromium', () => {
  it('mounts an accessible card form in tabs layout, fires ready and change, and 4242… succeeds', async () => {
    const { page: p, intent } = await checkout();
    try {
      assert.equal(await p.getByRole('tab', { name: 'Card' }).getAttribute('aria-selected'), 'true');
      await typeCard(p, '4242424242424242');
      assert.equal(await p.getByLabel('Card number').inputValue(), '4242 4242 4242 4242');
      const seen = await p.evaluate(() => (window as any).seen as [string, any][]);
      assert.deepEqual(seen[0], ['ready', { elementType: 'payment' }]);
      assert.deepEqual(seen.at(-1), ['change', { elementType: 'payment', empty: false, complete: true, collapsed: false, value: { type: 'card' } }]);
      const result = await pay(p);
      assert.equal(result.paymentIntent.id, intent.id);
      assert.equal(result.paymentIntent.status, 'succeeded');
      const stored = await stripe.paymentIntents.retrieve(intent.id, { expand: ['payment_method'] });
      assert.equal(stored.status, 'succeeded');
      assert.equal(stored.receipt_email, 'buyer@example.com');
      assert.equal((stored.payment_method as Stripe.PaymentMethod).card?.last4, '4242');
      assert.equal((stored.payment_method as Stripe.PaymentMethod).billing_details.address?.postal_code, '78701');
    } finally {
      await p.close();
    }
  });

  it('4000 0000 0000 0002 resolves with the card_error Stripe.js gives', async () => {
    const { page: p, intent } = await checkout();
    try {
      await typeCard(p, '4000 0000 0000 0002');
      const { error } = await pay(p);
      assert.equal(error.type, 'card_error');
      assert.equal(error.code, 'card_declined');
      assert.equal(error.decline_code, 'generic_decline');
      assert.equal(error.message, 'Your card was declined.');
      assert.equal(error.payment_intent.id, intent.id);
      assert.equal((await stripe.paymentIntents.retrieve(intent.id)).status, 'requires_payment_method');
    } finally {
      await p.close();
    }
  });

  it('validates like Stripe.js: elements.submit() and confirmPayment return the incomplete-field error', async () => {
    const { page: p } = await checkout();
    try {
      await p.getByLabel('Card number').fill('4242 4242');
      const submitted = await p.evaluate(() => (window as any).elements.submit());
      assert.deepEqual(submitted, { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
      const { error } = await pay(p);
      assert.equal(error.message, 'Your card number is incomplete.');
      assert.equal(await p.getByRole('alert').filter({ hasText: 'Your card number is incomplete.' }).count(), 1);
      assert.equal(await p.getByLabel('Card number').getAttribute('aria-invalid'), 'true');
      await p.getByLabel('Card number').fill('4242424242424241');
      await p.getByLabel('Card number').blur();
      assert.equal(await p.getByRole('alert').filter({ hasText: 'Your card number is invalid.' }).count(), 1);
    } finally {
      await p.close();
    }
  });

  it("with redirect 'always' it navigates to return_url with the intent and redirect_status", async () => {
    const { page: p, intent } = await checkout({ redirect: 'always' });
    try {
      await typeCard(p, '4242424242424242');
      await p.getByRole('button', { name: 'Pay' }).click();
      await p.waitForURL(/\/checkout\/success/);
      const url = new URL(p.url());
      assert.equal(url.searchParams.get('payment_intent'), intent.id);
      assert.equal(url.searchParams.get('payment_intent_client_secret'), intent.client_secret);
      assert.equal(url.searchParams.get('redirect_status'), 'succeeded');
    } finally {
      await p.close();
    }
  });

  it("fields.billingDetails 'never' hides billing fields and requires them at confirm time, as Stripe.js does", async () => {
    const { page: p } = await checkout({ never: '1' });
    try {
      assert.equal(await p.getByLabel('ZIP').count(), 0);
      await typeCard(p, '4242424242424242');
      const result = await pay(p);
      assert.equal(result.thrown, 'IntegrationError');
      assert.match(result.message, /You specified "never" for fields\.billing_details\.name/);
    } finally {
      await p.close();
    }
    const { page: q, intent } = await checkout({ never: '1', billing: '1' });
    try {
      await typeCard(q, '4242424242424242');
      assert.equal((await pay(q)).paymentIntent.status, 'succeeded');
      const stored = await stripe.paymentIntents.retrieve(intent.id, { expand: ['payment_method'] });
      assert.equal((stored.payment_method as Stripe.PaymentMethod).billing_details.name, 'Ruth Boaz');
    } finally {
      await q.close();
    }
  });

  it('createPaymentMethod, createToken, confirmCardPayment and retrievePaymentIntent work from the element', async () => {
    const { page: p, intent } = await checkout();
    try {
      await typeCard(p, '5555555555554444');
      const out = await p.evaluate(async () => {
        const w = window as any;
        const element = w.elements.getElement('payment');
        const { paymentMethod } = await w.stripe.createPaymentMethod({ elements: w.elements });
        const { token } = await w.stripe.createToken(element);
        const confirmed = await w.stripe.confirmCardPayment(w.cs, { payment_method: paymentMethod.id });
        const { paymentIntent } = await w.stripe.retrievePaymentIntent(w.cs);
        return { pm: paymentMethod, token, confirmed, retrieved: paymentIntent };
      });
      assert.match(out.pm.id, /^pm_/);
      assert.equal(out.pm.card.brand, 'mastercard');
      assert.match(out.token.id, /^tok_/);
      assert.equal(out.confirmed.paymentIntent.status, 'succeeded');
      assert.equal(out.retrieved.id, intent.id);
      assert.equal(out.retrieved.status, 'succeeded');
      assert.equal(out.retrieved.payment_method, out.pm.id);
    } finally {
      await p.close();
    }
  });

  it('the emulator self-test page pays with 4242…', async () => {
    const p = await browser.newPage();
    try {
      await p.goto(em.url + '/');
      await p.waitForFunction(() => document.body.dataset.ready === 'true');
      await typeCard(p, '4242424242424242');
      await p.getByRole('button', { name: /^Pay/ }).click();
      await p.getByText(/: succeeded$/).waitFor();
    } finally {
      await p.close();
    }
  });
});

// The smoke journey through the containers the deploy stage started from the built images (ADR 0068): every
// service healthy, a store page, a checkout paid at the Stripe emulator, a form, a podcast range read.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { RunContainer } from './containers';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this through \`npm test -- deploy\``);
  return value;
};
const gateway = env('KM_DEPLOY_GATEWAY_URL');
const mailApi = env('KM_DEPLOY_MAIL_API_URL');
const stripeApi = env('KM_DEPLOY_STRIPE_API');
const ran = JSON.parse(readFileSync(env('KM_DEPLOY_RAN'), 'utf8')) as { containers: RunContainer[] };

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(gateway + path, {
    method,
    headers: body ? { 'content-type': 'application/json', origin: gateway } : { origin: gateway },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

async function mailTo(address: string, subject: RegExp, withinMs = 30_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const all = (await (await fetch(`${mailApi}/api/email`)).json()) as { subject: string; to: { address: string }[] }[];
    const found = all.filter((m) => m.to.some((t) => t.address === address) && subject.test(m.subject));
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${subject} within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

test('every container of the built images answers /health and /ready on its port', async () => {
  assert.deepEqual(ran.containers.map((c) => c.service).sort(), ['catalog', 'forms', 'gateway', 'identity', 'media', 'membership', 'orders']);
  for (const c of ran.containers) {
    for (const probe of ['/health', '/ready']) {
      const res = await fetch(`http://127.0.0.1:${c.port}${probe}`);
      assert.equal(res.status, 200, `${c.service} ${probe}`);
    }
  }
});

test('the store page is served by the gateway image with its own head, and the catalog answers its products', async () => {
  const page = await fetch(`${gateway}/products`);
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /<div id="root">/);
  assert.match(html, /<title>[^<]*Kingdom Marketplace[^<]*<\/title>/);
  const products = await api('GET', '/api/products');
  assert.equal(products.status, 200);
  assert.ok(products.body.length > 0, 'the catalog container seeded its demo products');
});

test('a checkout through the containers is paid at the Stripe emulator and the buyer gets the confirmation email', async () => {
  const products = (await api('GET', '/api/products')).body as { id: string; inStock: boolean }[];
  const product = products.find((p) => p.inStock);
  assert.ok(product, 'an in-stock product');
  const intent = await api('POST', '/api/create-payment-intent', { checkoutId: randomUUID(), items: [{ productId: product.id, quantity: 1 }] });
  assert.equal(intent.status, 200, JSON.stringify(intent.body));
  const email = `deploy-${randomUUID().slice(0, 8)}@example.com`;
  const { paymentIntentId, subtotal, tax, shipping, total, items } = intent.body;
  const order = await api('POST', '/api/orders', {
    paymentIntentId,
    customerEmail: email,
    customerName: 'Container Buyer',
    customerPhone: '',
    shippingAddress: '1 Loopback Lane, Localhost, CA 90000, United States',
    billingAddress: '1 Loopback Lane, Localhost, CA 90000, United States',
    subtotal,
    tax,
    shipping,
    total,
    items,
  });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  const confirm = await fetch(`${stripeApi}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_local', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_method: 'pm_card_visa' }),
  });
  assert.equal(((await confirm.json()) as { status: string }).status, 'succeeded');
  const [confirmation] = await mailTo(email, new RegExp(`^Order ${order.body.orderNumber} confirmed`));
  assert.ok(confirmation);
});

test('a contact form goes through the forms container and its acknowledgement is mailed', async () => {
  const email = `deploy-${randomUUID().slice(0, 8)}@example.com`;
  const res = await api('POST', '/api/contact-messages', {
    firstName: 'Ruth',
    lastName: 'Container',
    email,
    phone: '',
    subject: 'partnership',
    message: 'Sent through the built images.',
    howHeardAboutUs: 'church',
    wantsNewsletter: false,
    privacyAccepted: true,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  await mailTo(email, /^We received your message/);
});

test("a podcast episode's media is read by byte ranges through the gateway container, a suffix range included", async () => {
  const episodes = await api('GET', '/api/podcast-episodes');
  assert.equal(episodes.status, 200);
  const episode = (episodes.body as { videoUrl: string }[])[0];
  assert.ok(episode?.videoUrl, 'the media container seeded its demo episodes');
  const url = new URL(episode.videoUrl, gateway).toString();
  const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
  assert.ok(whole.length > 2000);
  const suffix = await fetch(url, { headers: { range: 'bytes=-1000' } });
  assert.equal(suffix.status, 206);
  assert.equal(suffix.headers.get('content-range'), `bytes ${whole.length - 1000}-${whole.length - 1}/${whole.length}`);
  assert.deepEqual(Buffer.from(await suffix.arrayBuffer()), whole.subarray(whole.length - 1000));
  const middle = await fetch(url, { headers: { range: 'bytes=100-199' } });
  assert.equal(middle.status, 206);
  assert.deepEqual(Buffer.from(await middle.arrayBuffer()), whole.subarray(100, 200));
});

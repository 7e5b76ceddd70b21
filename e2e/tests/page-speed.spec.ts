import type { CatalogItem } from '@km/contracts/catalog';
import type { Page } from '@playwright/test';
import { cartUnder50, seedCart } from './checkout-helpers';
import { expect, test } from './fixtures';

// ADR 0024, "a page that loads in a blink": nothing on the page moves while the route, its data and the payment form
// arrive, and pictures come at the size they are shown. bench/web.ts measures the same with Lighthouse.

/** Sums layout shifts the way CLS counts them (shifts right after input excluded), from the page's first paint. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
        if (!entry.hadRecentInput)
          shifts.push({ value: entry.value, sources: entry.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 120) : String(s.node))) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: { value: number; sources: string[] }[] }).__layoutShifts);
    return { cls: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
  };
}

for (const [device, viewport] of [
  ['desktop', { width: 1350, height: 940 }],
  ['phone', { width: 412, height: 823 }],
] as const) {
  test(`/checkout with a cart on a ${device}: the layout shifts by at most 0.05 (CLS) while the quote and payment form load`, async ({
    page,
    buyableProducts,
  }) => {
    await page.setViewportSize(viewport);
    await seedCart(page, cartUnder50(buyableProducts));
    const layoutShift = await watchLayoutShifts(page);
    await page.goto('/checkout');
    await expect(page.getByRole('region', { name: 'Payment' }).getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Order Summary' }).getByTestId('summary-total')).toBeVisible();
    // Layout-shift entries are delivered after the frame that caused them.
    await page.waitForTimeout(500);
    const { cls, shifts } = await layoutShift();
    expect(cls, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(0.05);
  });
}

test('store cards show their WEBP renditions through srcset, with width and height', async ({ page, makeProduct }) => {
  const product = await makeProduct({ price: '14.00', name: `Rendition check ${Date.now().toString(36)}` });
  const api = (await (await page.request.get(`/api/products/${product.id}`)).json()) as CatalogItem;
  const imageUrl = api.imageUrl as string;
  expect(api.images).toEqual([{ url: imageUrl.replace(/\.png$/, '-w1.webp'), width: 1 }]);

  await page.goto(`/products?q=${encodeURIComponent(product.name)}`);
  const image = page.getByRole('img', { name: product.name });
  await expect(image).toHaveAttribute('src', imageUrl);
  await expect(image).toHaveAttribute('srcset', `${api.images[0].url} 1w`);
  await expect(image).toHaveAttribute('sizes', /\d+px/);
  await expect(image).toHaveAttribute('width', /^\d+$/);
  await expect(image).toHaveAttribute('height', /^\d+$/);
  // Alone on the page, it is the first card: above the fold and the page's largest picture.
  await expect(image).toHaveAttribute('loading', 'eager');
  await expect(image).toHaveAttribute('fetchpriority', 'high');
});

test("the first store card's picture (the LCP) loads at once and first; the others lazily", async ({ page, makeProduct }) => {
  const prefix = `Lazy row ${Date.now().toString(36)}`;
  for (let i = 1; i <= 5; i++) await makeProduct({ price: '9.00', name: `${prefix} ${i}` });
  await page.goto(`/products?q=${encodeURIComponent(prefix)}`);
  const images = page.getByRole('list', { name: 'Products' }).locator('img');
  await expect(images).toHaveCount(5);
  expect(await images.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')))).toEqual(['eager', 'lazy', 'lazy', 'lazy', 'lazy']);
});

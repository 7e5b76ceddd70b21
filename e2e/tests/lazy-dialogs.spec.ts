import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { runTag, seed, signInAsAdmin } from './forms-helpers';

// ADR 0024, the team's phone rule: the dialogs of /products, /podcast and /admin (Radix Dialog and their forms) are
// no longer part of those pages' first scripts. They load after the page, or at the first tap, and behave as before:
// the tap opens them, and closing them puts focus back on what opened them.

test('/podcast: Subscribe and Admin Login open their dialogs, which were not among the first scripts, and Escape returns focus to the button', async ({
  page,
}) => {
  // The scripts the page's HTML announces (its own code, fetched beside the entry) hold neither dialog.
  const html = await (await page.request.get('/podcast', { headers: { Accept: 'text/html' } })).text();
  const announced = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  expect(announced.some((file) => /\/podcast-[\w-]+\.js$/.test(file))).toBe(true);
  expect(announced.filter((file) => /subscribe-dialog|admin-login-dialog/.test(file))).toEqual([]);

  await page.goto('/podcast');
  await expect(page.getByRole('heading', { level: 1, name: 'Kingdom Marketplace Podcast' })).toBeVisible();

  for (const [button, dialogName] of [
    ['Subscribe', 'Subscribe to the Podcast'],
    ['Admin Login', 'Admin Login'],
  ] as const) {
    // includeHidden: an open modal dialog hides the rest of the page from the accessibility tree.
    const opener = page.locator('main').getByRole('button', { name: button, exact: true, includeHidden: true });
    await expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await opener.click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
});

test("/products: a card opens the detail dialog (its code loaded after the page), and closing it returns focus to the card's button", async ({
  page,
  makeProduct,
}) => {
  const product = await makeProduct({ price: '11.00', name: `Lazy dialog ${Date.now().toString(36)}` });
  await page.goto(`/products?q=${encodeURIComponent(product.name)}`);
  const open = page.getByRole('list', { name: 'Products' }).getByRole('button', { name: product.name, exact: true });
  await open.click();
  const dialog = page.getByRole('dialog', { name: product.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

/** The script files a page requested, by name (the hashes change with every build). */
function scriptsRequested(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') files.push(new URL(request.url()).pathname);
  });
  return files;
}

test('the cart sheet is not among the first scripts but comes at the first sign of use; the first tap on the cart opens it with its lines, and Escape returns focus', async ({
  page,
  makeProduct,
}) => {
  const product = await makeProduct({ price: '14.00', name: `Cart sheet ${Date.now().toString(36)}` });
  await page.goto('/');
  await page.evaluate((cart) => localStorage.setItem('kingdom-cart-storage', JSON.stringify(cart)), {
    items: [{ productId: product.id, name: product.name, price: product.price, imageUrl: product.imageUrl ?? '', quantity: 2 }],
  });
  const scripts = scriptsRequested(page);
  await page.goto('/products');
  await expect(page.getByTestId('cart-count')).toHaveText(/^2/);
  // Loaded, and nobody has touched the page yet: the sheet's code has not been asked for.
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((file) => /cart-sheet/.test(file))).toEqual([]);
  // The visitor's first sign of use (the pointer moving) fetches it, so the tap that follows finds it there.
  await page.mouse.move(20, 20);
  await expect.poll(() => scripts.some((file) => /cart-sheet/.test(file))).toBe(true);

  const opener = page.getByRole('button', { name: 'Open cart' });
  await opener.click();
  const sheet = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('listitem', { name: product.name })).toBeVisible();
  await expect(sheet.getByTestId('cart-total')).toHaveText('$28.00');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();
});

test('with an empty cart, the first sign of use does not fetch the cart sheet; the first tap on the cart still opens it', async ({ page }) => {
  const scripts = scriptsRequested(page);
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products & Services' })).toBeVisible();
  await page.mouse.move(20, 20);
  // The product dialog's code comes at this sign of use; the empty cart's sheet does not.
  await expect.poll(() => scripts.some((file) => /item-detail-dialog/.test(file))).toBe(true);
  expect(scripts.filter((file) => /cart-sheet/.test(file))).toEqual([]);

  await page.getByRole('button', { name: 'Open cart' }).click();
  const sheet = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Your cart is empty').first()).toBeVisible();
});

test("/admin: the dashboard's first scripts hold neither the inbox's detail dialog nor the Orders and Marketshare tabs; each comes when used", async ({
  page,
}) => {
  const tag = runTag('lazy-admin');
  await signInAsAdmin(page);
  expect((await seed.contact(page, tag)).ok()).toBe(true);
  const scripts = scriptsRequested(page);
  await page.goto('/admin');
  const row = page
    .getByRole('tabpanel')
    .getByRole('article')
    .filter({ hasText: `Partnership idea ${tag}` });
  await expect(row).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((file) => /inbox-item-dialog|admin-more-tabs/.test(file))).toEqual([]);

  // includeHidden: an open modal dialog hides the rest of the page from the accessibility tree.
  const details = page
    .getByRole('tabpanel', { includeHidden: true })
    .getByRole('article', { includeHidden: true })
    .filter({ hasText: `Partnership idea ${tag}` })
    .getByRole('button', { name: /View details/, includeHidden: true });
  await expect(details).toHaveAttribute('aria-haspopup', 'dialog');
  await details.click();
  const dialog = page.getByRole('dialog', { name: 'Partnership' });
  await expect(dialog).toBeVisible();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog.getByText(`Partnership idea ${tag}`, { exact: true })).toBeVisible();
  expect(scripts.some((file) => /inbox-item-dialog/.test(file))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();

  const tabs = page.getByRole('tablist', { name: 'Submissions' });
  await tabs.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Orders' }).getByRole('combobox', { name: 'Status', exact: true })).toBeVisible();
  expect(scripts.some((file) => /admin-more-tabs/.test(file))).toBe(true);
});

test('/publishing: Featured Books asks for its books only after the first paint, and shows them without any tap', async ({ page }) => {
  await page.addInitScript(() => {
    const record = window as unknown as { __fcp?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntriesByName('first-contentful-paint')) record.__fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  await page.goto('/publishing');
  await expect(page.getByRole('heading', { level: 1, name: 'Share the message God placed on your heart' })).toBeVisible();
  const books = page.getByRole('region', { name: 'Featured Books' });
  // Either the demo's books or the plain "none yet" sentence: the read has answered, with nobody touching the page.
  await expect(books.getByRole('article').first().or(books.getByText('New titles from our authors are on their way. Check back soon.'))).toBeVisible();
  const { fcp, readStart } = await page.evaluate(() => {
    const read = performance.getEntriesByType('resource').find((entry) => /\/api\/products\?category=Books/.test(entry.name));
    return { fcp: (window as unknown as { __fcp?: number }).__fcp, readStart: read?.startTime };
  });
  expect(fcp).toBeGreaterThan(0);
  expect(readStart).toBeGreaterThanOrEqual(fcp!);
});

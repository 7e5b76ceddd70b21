import type { CatalogItem } from '@km/contracts/catalog';
import type { EpisodePage } from '@km/contracts/media';
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from '@km/contracts/vocabulary';
import { expect, test, type Page } from '@playwright/test';
import { toasts } from './helpers';
import {
  apiDelete,
  cardCategories,
  cardNamed,
  cardNames,
  cardPrices,
  fetchAll,
  fetchPage,
  money,
  ONE_PIXEL_PNG,
  signInAsAdmin,
  storeCards,
  toCents,
} from './store-helpers';

const main = (page: Page) => page.getByRole('main');
const searchBox = (page: Page, kind = 'products') => main(page).getByRole('searchbox', { name: `Search ${kind}` });
const chip = (page: Page, name: string) => main(page).getByRole('group', { name: 'Category' }).getByRole('button', { name, exact: true });
const kindButton = (page: Page, name: 'Products' | 'Services') => main(page).getByRole('group', { name: 'Show' }).getByRole('button', { name, exact: true });
const pagination = (page: Page) => main(page).getByRole('navigation', { name: 'Pagination' });
const cart = (page: Page) => page.getByRole('dialog', { name: 'Shopping Cart' });

test.describe('store browsing', () => {
  test('lists 12 products per page with price, reviews and the New badge', async ({ page }) => {
    await page.goto('/products');
    const expected = await fetchPage(page, 'product');
    expect(expected.total, 'the demo seed has more than one page of products').toBeGreaterThan(12);

    await expect.poll(() => cardNames(page)).toEqual(expected.items.map((i) => i.name));
    await expect(main(page).getByText(`Showing 1–12 of ${expected.total} products`)).toBeVisible();

    const first = storeCards(page).first();
    const item = expected.items[0];
    await expect(first.getByTestId('item-price')).toHaveText(`$${item.price}`);
    await expect(first.getByText('(127 reviews)')).toBeVisible();
    await expect(first.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeVisible();
    if (item.imageUrl) {
      // The first card's picture is the page's LCP (ADR 0024): loaded at once and first; the next ones lazily.
      const image = first.getByRole('img', { name: item.name, exact: true });
      await expect(image).toHaveAttribute('loading', 'eager');
      await expect(image).toHaveAttribute('fetchpriority', 'high');
      await expect(image).toHaveAttribute('src', item.imageUrl);
      const second = expected.items[1];
      if (second.imageUrl) await expect(storeCards(page).nth(1).getByRole('img', { name: second.name, exact: true })).toHaveAttribute('loading', 'lazy');
    }

    // Sorting by Featured puts featured items first, and those carry the New badge.
    expect(item.featured).toBe(true);
    await expect(first.getByText('New', { exact: true })).toBeVisible();
    const plain = expected.items.findIndex((i) => !i.featured);
    if (plain >= 0) await expect(storeCards(page).nth(plain).getByText('New', { exact: true })).toHaveCount(0);
  });

  test('toggles between products and services, resetting category, search and page', async ({ page }) => {
    await page.goto('/products?category=Books&q=faith&page=2');
    await expect(chip(page, 'Books')).toHaveAttribute('aria-pressed', 'true');
    await expect(searchBox(page)).toHaveValue('faith');
    await expect(kindButton(page, 'Products')).toHaveAttribute('aria-pressed', 'true');

    await kindButton(page, 'Services').click();
    await expect(kindButton(page, 'Services')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL((url) => url.search === '?kind=service');
    await expect(searchBox(page, 'services')).toHaveValue('');
    await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    for (const category of SERVICE_CATEGORIES) await expect(chip(page, category)).toBeVisible();
    await expect(chip(page, 'Books')).toHaveCount(0);

    const services = await fetchPage(page, 'service');
    await expect.poll(() => cardNames(page)).toEqual(services.items.map((i) => i.name));
    for (const category of await cardCategories(page)) expect(SERVICE_CATEGORIES).toContain(category);

    await kindButton(page, 'Products').click();
    await expect(page).toHaveURL((url) => url.search === '');
    for (const category of PRODUCT_CATEGORIES) await expect(chip(page, category)).toBeVisible();
  });

  test('filters by category and back to All', async ({ page }) => {
    await page.goto('/products');
    const books = await fetchPage(page, 'product', { category: 'Books' });
    expect(books.total).toBeGreaterThan(0);

    await chip(page, 'Books').click();
    await expect(chip(page, 'Books')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'false');
    await expect(page).toHaveURL(/category=Books/);
    await expect.poll(() => cardNames(page)).toEqual(books.items.map((i) => i.name));
    expect(new Set(await cardCategories(page))).toEqual(new Set(['Books']));
    await expect(main(page).getByRole('heading', { name: 'Books', level: 2 })).toBeVisible();

    await chip(page, 'All').click();
    await expect(page).toHaveURL((url) => !url.searchParams.has('category'));
    const all = await fetchPage(page, 'product');
    await expect.poll(() => cardNames(page)).toEqual(all.items.map((i) => i.name));
  });

  test('searches names and descriptions on the server as you type', async ({ page }) => {
    await page.goto('/products');
    const products = await fetchAll(page, 'product');
    // A word from one product's name, long enough to be distinctive.
    const word = products.map((p) => p.name.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w))).find(Boolean);
    expect(word, 'a product name with a word of 5+ letters').toBeTruthy();
    const term = word!.toLowerCase();
    const expected = await fetchPage(page, 'product', { q: term });

    await searchBox(page).fill(term);
    // No Enter: the search goes out after the typing pause.
    await expect(page).toHaveURL(new RegExp(`q=${term}`));
    await expect.poll(() => cardNames(page)).toEqual(expected.items.map((i) => i.name));
    for (const card of await storeCards(page).all()) {
      await expect(card).toContainText(new RegExp(term, 'i'));
    }

    await searchBox(page).fill('zzzz-no-such-thing');
    await expect(main(page).getByText('No products found')).toBeVisible();
    await main(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(storeCards(page)).toHaveCount(12);
  });

  test('sorts by price, name and newest', async ({ page }) => {
    await page.goto('/products');
    const sortSelect = main(page).getByLabel('Sort by');
    await expect(sortSelect.locator('option')).toHaveText(['Featured', 'Price low to high', 'Price high to low', 'Newest', 'Name A-Z']);

    for (const [label, sort] of [
      ['Price low to high', 'price-asc'],
      ['Price high to low', 'price-desc'],
      ['Name A-Z', 'name'],
      ['Newest', 'newest'],
    ] as const) {
      const expected = await fetchPage(page, 'product', { sort });
      await sortSelect.selectOption({ label });
      await expect(page).toHaveURL(new RegExp(`sort=${sort}`));
      await expect.poll(() => cardNames(page), { message: label }).toEqual(expected.items.map((i) => i.name));

      const prices = await cardPrices(page);
      if (sort === 'price-asc') expect(prices).toEqual([...prices].sort((a, b) => a - b));
      if (sort === 'price-desc') expect(prices).toEqual([...prices].sort((a, b) => b - a));
    }

    const all = await fetchAll(page, 'product');
    await sortSelect.selectOption({ label: 'Price low to high' });
    await expect.poll(async () => (await cardPrices(page))[0]).toBe(Math.min(...all.map((p) => Number(p.price))));
  });

  test('paginates with numbered, Next and Previous buttons; a filter change returns to page 1', async ({ page }) => {
    await page.goto('/products');
    const [first, second] = [await fetchPage(page, 'product'), await fetchPage(page, 'product', { page: 2 })];
    await expect.poll(() => cardNames(page)).toEqual(first.items.map((i) => i.name));
    await expect(pagination(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pagination(page).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await pagination(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(() => cardNames(page)).toEqual(second.items.map((i) => i.name));
    expect(second.items[0].name).not.toBe(first.items[0].name);
    await expect(pagination(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // Focus moves to the top of the new results.
    await expect(main(page).getByRole('heading', { level: 2, name: 'All Products' })).toBeFocused();

    await pagination(page).getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has('page'));
    await expect.poll(() => cardNames(page)).toEqual(first.items.map((i) => i.name));

    await pagination(page).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await main(page).getByLabel('Sort by').selectOption({ label: 'Newest' });
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'newest' && !url.searchParams.has('page'));

    // The page lives in the URL, so a reload or a shared link lands on it.
    await page.goto('/products?page=2');
    await expect.poll(() => cardNames(page)).toEqual(second.items.map((i) => i.name));
  });

  test('switches between grid and list view', async ({ page }) => {
    await page.goto('/products');
    const list = main(page).getByRole('list', { name: 'Products' });
    const layout = main(page).getByRole('group', { name: 'Layout' });
    await expect(list).toHaveAttribute('data-view', 'grid');
    await expect(layout.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');

    await layout.getByRole('button', { name: 'List view' }).click();
    await expect(list).toHaveAttribute('data-view', 'list');
    await expect(layout.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    const [a, b] = [await storeCards(page).nth(0).boundingBox(), await storeCards(page).nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);

    await page.reload();
    await expect(list).toHaveAttribute('data-view', 'list');
    await layout.getByRole('button', { name: 'Grid view' }).click();
    await expect(list).toHaveAttribute('data-view', 'grid');
  });
});

test.describe('store states', () => {
  test('shows an error with a retry when the list cannot load', async ({ page }) => {
    let fail = true;
    await page.route('**/api/products?**', (route) => (fail ? route.abort('failed') : route.fallback()));
    await page.goto('/products');
    const alert = main(page).getByRole('alert');
    await expect(alert).toContainText("We couldn't load the products.");
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(storeCards(page)).toHaveCount(12);
  });
});

test.describe('item details', () => {
  test('the dialog shows an out-of-stock product with Add to Cart disabled', async ({ page }) => {
    await page.goto('/products');
    const outOfStock = (await fetchAll(page, 'product')).find((p) => !p.inStock);
    expect(outOfStock, 'the demo seed has an out-of-stock product').toBeTruthy();
    const item = outOfStock!;

    await searchBox(page).fill(item.name);
    const card = cardNamed(page, item.name);
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: /Add to Cart/ })).toBeDisabled();

    await card.getByRole('button', { name: item.name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: item.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`$${item.price}`)).toBeVisible();
    await expect(dialog.getByText(item.category, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Out of Stock')).toBeVisible();
    for (const tag of item.tags) await expect(dialog.getByRole('list', { name: 'Tags' }).getByText(tag, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus goes back to the card that opened it.
    await expect(card.getByRole('button', { name: item.name, exact: true })).toBeFocused();
  });

  test('an in-stock product can be added from its dialog; services show availability', async ({ page }) => {
    await page.goto('/products');
    const item = (await fetchPage(page, 'product')).items.find((p) => p.inStock)!;
    await cardNamed(page, item.name).getByRole('button', { name: item.name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: item.name });
    await expect(dialog.getByText('In Stock', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(dialog).toBeHidden();
    await expect(cart(page)).toBeVisible();
    await expect(cart(page).getByRole('listitem', { name: item.name })).toBeVisible();
    await cart(page).getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(cart(page)).toBeHidden();
    await expect(cardNamed(page, item.name).getByRole('button', { name: item.name, exact: true })).toBeFocused();

    await kindButton(page, 'Services').click();
    const service = (await fetchPage(page, 'service')).items[0];
    await expect.poll(() => cardNames(page)).toContain(service.name);
    await cardNamed(page, service.name).getByRole('button', { name: service.name, exact: true }).click();
    const serviceDialog = page.getByRole('dialog', { name: service.name });
    await expect(serviceDialog.getByText(service.inStock ? 'Available' : 'Unavailable', { exact: true })).toBeVisible();
    await expect(serviceDialog.getByText(/In Stock|Out of Stock/)).toHaveCount(0);
  });
});

test.describe('cart', () => {
  test('adds items, changes quantities, totals, persists across a reload and empties', async ({ page }) => {
    await page.goto('/products');
    const [a, b] = (await fetchPage(page, 'product')).items.filter((p) => p.inStock);
    await expect.poll(() => cardNames(page)).toContain(b.name);

    await cardNamed(page, a.name)
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await expect(toasts(page).getByText('Added to cart', { exact: true })).toBeVisible();
    await expect(cart(page)).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText(/^1/);
    await cart(page).getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(cart(page)).toBeHidden();

    await cardNamed(page, b.name)
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await expect(cart(page)).toBeVisible();
    const lineA = cart(page).getByRole('listitem', { name: a.name });
    const lineB = cart(page).getByRole('listitem', { name: b.name });
    await expect(lineA.getByText(`$${a.price}`, { exact: true })).toBeVisible();

    await expect(lineA.getByRole('button', { name: /Decrease quantity/ })).toBeDisabled();
    await lineA.getByRole('button', { name: /Increase quantity/ }).click();
    await lineA.getByRole('button', { name: /Increase quantity/ }).click();
    await expect(lineA.getByTestId('cart-quantity')).toHaveText('3');
    await lineA.getByRole('button', { name: /Decrease quantity/ }).click();
    await expect(lineA.getByTestId('cart-quantity')).toHaveText('2');
    await expect(lineB.getByTestId('cart-quantity')).toHaveText('1');
    await expect(lineB.getByRole('button', { name: /Decrease quantity/ })).toBeDisabled();

    const total = toCents(a.price) * 2 + toCents(b.price);
    await expect(lineA.getByTestId('cart-line-total')).toHaveText(money(toCents(a.price) * 2));
    await expect(cart(page).getByTestId('cart-total')).toHaveText(money(total));
    await expect(page.getByTestId('cart-count')).toHaveText(/^3/);

    // The cart is persisted (kingdom-cart-storage), but a reload starts with it closed.
    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveText(/^3/);
    await expect(cart(page)).toBeHidden();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kingdom-cart-storage') ?? '{}'));
    expect(stored).toEqual({
      items: [
        { productId: a.id, name: a.name, price: a.price, imageUrl: a.imageUrl ?? '', quantity: 2 },
        { productId: b.id, name: b.name, price: b.price, imageUrl: b.imageUrl ?? '', quantity: 1 },
      ],
    });

    await page.getByRole('button', { name: 'Open cart' }).click();
    await expect(cart(page).getByTestId('cart-total')).toHaveText(money(total));
    await cart(page)
      .getByRole('listitem', { name: a.name })
      .getByRole('button', { name: /Remove/ })
      .click();
    await expect(cart(page).getByRole('listitem', { name: a.name })).toHaveCount(0);
    await expect(cart(page).getByTestId('cart-total')).toHaveText(money(toCents(b.price)));

    await cart(page).getByRole('button', { name: 'Secure Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(cart(page)).toBeHidden();

    await page.getByRole('button', { name: 'Open cart' }).click();
    await cart(page)
      .getByRole('listitem', { name: b.name })
      .getByRole('button', { name: /Remove/ })
      .click();
    await expect(cart(page).getByText('Your cart is empty').first()).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await cart(page).getByRole('button', { name: 'Shop Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(cart(page)).toBeHidden();
  });

  test('the cart closes with Escape and the close button, returning focus', async ({ page }) => {
    await page.goto('/products');
    const opener = page.getByRole('button', { name: 'Open cart' });
    await opener.click();
    await expect(cart(page)).toBeVisible();
    await expect(cart(page).getByRole('button', { name: 'Shop Products' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cart(page)).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await cart(page).getByRole('button', { name: 'Close cart' }).click();
    await expect(cart(page)).toBeHidden();
  });
});

test.describe('store admin', () => {
  test('visitors see no admin form or controls', async ({ page }) => {
    await page.goto('/products');
    await expect(storeCards(page).first()).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Add New Product' })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  });

  test('an admin adds a product with an image, edits its price and deletes it', async ({ page }) => {
    const name = `E2E Devotional ${Date.now().toString(36)}`;
    let createdId: string | undefined;
    await signInAsAdmin(page);
    try {
      await page.goto('/products');
      const form = main(page).getByRole('form', { name: 'Add New Product' });
      await expect(form).toBeVisible();
      await expect(form.getByLabel('Image')).toHaveAttribute('required', '');
      await expect(form.getByLabel('In stock')).toBeChecked();
      await expect(form.getByLabel('Category').locator('option:not([disabled])')).toHaveText([...PRODUCT_CATEGORIES]);

      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Price (USD)').fill('14.50');
      await form.getByLabel('Category').selectOption('Books');
      await form.getByLabel('Tags').fill('devotional, e2e');
      await form.getByLabel('Description').fill('Thirty days of scripture and reflection, written by the test suite.');
      await form.getByLabel('Image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });

      const created = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/api/products'));
      await form.getByRole('button', { name: 'Add Product' }).click();
      const res = await created;
      expect(res.status(), await res.text()).toBe(201);
      createdId = ((await res.json()) as { id: string }).id;
      await expect(toasts(page).getByText('Product added')).toBeVisible();
      await expect(form.getByLabel('Name')).toHaveValue('');

      await searchBox(page).fill(name);
      const card = cardNamed(page, name);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('item-price')).toHaveText('$14.50');
      await expect(card.getByRole('img', { name, exact: true })).toHaveAttribute('src', /^\/media\/catalog\//);

      await card.getByRole('button', { name: /^Edit/ }).click();
      const editForm = main(page).getByRole('form', { name: 'Edit Product' });
      await expect(editForm).toBeVisible();
      await expect(editForm.getByLabel('Name')).toHaveValue(name);
      await expect(editForm.getByLabel('Name')).toBeFocused();
      await expect(editForm.getByLabel('Price (USD)')).toHaveValue('14.50');
      await expect(editForm.getByLabel('Category')).toHaveValue('Books');
      await expect(editForm.getByLabel('Tags')).toHaveValue('devotional, e2e');
      await expect(editForm.getByLabel('Image')).not.toHaveAttribute('required', '');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);

      await editForm.getByLabel('Price (USD)').fill('9.99');
      const updated = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/products/${createdId}`));
      await editForm.getByRole('button', { name: 'Update Product' }).click();
      expect((await updated).status()).toBe(200);
      await expect(toasts(page).getByText('Product updated')).toBeVisible();
      await expect(main(page).getByRole('form', { name: 'Add New Product' })).toBeVisible();
      await expect(card.getByTestId('item-price')).toHaveText('$9.99');

      await card.getByRole('button', { name: /^Delete/ }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this product?' });
      await expect(confirm).toContainText(name);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toasts(page).getByText('Product deleted')).toBeVisible();
      await expect(main(page).getByText('No products found')).toBeVisible();
      createdId = undefined;
    } finally {
      if (createdId) await apiDelete(page, `/api/products/${createdId}`);
    }
  });

  test('failed saves and deletes show the spec messages', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/products');
    const failure = { status: 500, contentType: 'application/json', body: '{"statusCode":500,"code":"internal","message":"boom"}' };

    await page.route('**/api/products', (route) => (route.request().method() === 'POST' ? route.fulfill(failure) : route.fallback()));
    const form = main(page).getByRole('form', { name: 'Add New Product' });
    await form.getByLabel('Name').fill('Never saved');
    await form.getByLabel('Price (USD)').fill('1');
    await form.getByLabel('Category').selectOption('Gifts');
    await form.getByLabel('Description').fill('This request is answered by the test.');
    await form.getByLabel('Image').setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(toasts(page).getByText('Upload failed', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('There was an error adding or updating your product or service.', { exact: true })).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('Never saved');

    const first = storeCards(page).first();
    const id = (await fetchPage(page, 'product')).items[0].id;
    await page.route(`**/api/products/${id}`, (route) => (route.request().method() === 'PUT' ? route.fulfill(failure) : route.fallback()));
    await first.getByRole('button', { name: /^Edit/ }).click();
    await main(page).getByRole('form', { name: 'Edit Product' }).getByRole('button', { name: 'Update Product' }).click();
    await expect(toasts(page).getByText('Update failed', { exact: true })).toBeVisible();

    await page.route(`**/api/products/${id}`, (route) => (route.request().method() === 'DELETE' ? route.fulfill(failure) : route.fallback()));
    await first.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page).getByText('Error', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('Failed to delete product', { exact: true })).toBeVisible();

    await kindButton(page, 'Services').click();
    const serviceId = (await fetchPage(page, 'service')).items[0].id;
    await page.route(`**/api/services/${serviceId}`, (route) => (route.request().method() === 'DELETE' ? route.fulfill(failure) : route.fallback()));
    await storeCards(page)
      .first()
      .getByRole('button', { name: /^Delete/ })
      .click();
    await page.getByRole('alertdialog', { name: 'Delete this service?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page).getByText('Failed to delete service. Please try again.', { exact: true })).toBeVisible();
  });
});

test.describe('home', () => {
  test('shows the featured product and links to the store', async ({ page }) => {
    await page.goto('/');
    const res = await page.request.get('/api/products/featured');
    expect(res.ok()).toBe(true);
    const featured = (await res.json()) as CatalogItem;

    for (const title of ['Faith-Centered', 'Community Driven', 'Purpose Fulfilled']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    const card = page.getByRole('article', { name: featured.name });
    await expect(card.getByText('Featured', { exact: true })).toBeVisible();
    await expect(card.getByText(`$${featured.price}`)).toBeVisible();
    await expect(card.getByText(featured.description)).toHaveClass(/line-clamp-3/);

    await card.getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Shop All Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await page.goBack();
    // Latest Podcast links to the podcast page: Listen Now under the latest episode, or View Podcast Page when there is none
    const episodes = (await (await page.request.get('/api/podcast-episodes?page=1&pageSize=1')).json()) as EpisodePage;
    const podcastLink =
      episodes.total > 0 ? page.getByTestId('latest-episode').getByRole('link', { name: 'Listen Now' }) : page.getByRole('link', { name: 'View Podcast Page' });
    await expect(podcastLink).toHaveAttribute('href', '/podcast');
  });
});

test.describe('store on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fits the screen and the cart fills it', async ({ page }) => {
    await page.goto('/products');
    await expect(storeCards(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const item = (await fetchPage(page, 'product')).items.find((p) => p.inStock)!;
    await cardNamed(page, item.name)
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await expect(cart(page)).toBeVisible();
    const box = await cart(page).boundingBox();
    expect(box?.width).toBeCloseTo(390, 0);
  });
});

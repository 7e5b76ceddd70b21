import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './helpers';
import { cardNamed, fetchPage } from './store-helpers';

// A product's own page (ADR 0044): opened from a shared link it renders at once with its picture and its own head;
// Add to Cart works there; the store's dialog links to it; Back returns to the store where it was.
const cart = (page: Page) => page.getByRole('dialog', { name: 'Shopping Cart' });

test('a shared product link opens its own page with its picture, head and Add to Cart, on a desktop and a phone', async ({ page }, testInfo) => {
  await page.goto('/products');
  const item = (await fetchPage(page, 'product')).items.find((p) => p.inStock && p.imageUrl)!;

  for (const viewport of [
    { width: 1280, height: 900, name: 'desktop' },
    { width: 390, height: 844, name: 'phone' },
  ]) {
    await page.setViewportSize(viewport);
    const res = await page.goto(`/products/${item.slug}`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(`${item.name} | Kingdom Marketplace`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${item.name} | Kingdom Marketplace`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/products/${item.slug}$`));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
    await expect(main.getByRole('img', { name: item.name })).toBeVisible();
    await expect(main.getByText(`$${item.price}`)).toBeVisible();
    await expect(main.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    await page.screenshot({ path: testInfo.outputPath(`product-page-${viewport.name}.png`), fullPage: true });
    await expectAccessible(page);
  }

  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cart(page)).toBeVisible();
  await expect(cart(page).getByRole('listitem', { name: item.name })).toBeVisible();
});

test("every store card links to its item's own page, which a crawler can follow", async ({ page }) => {
  await page.goto('/products');
  const { items } = await fetchPage(page, 'product');
  for (const item of items.slice(0, 3)) {
    await expect(cardNamed(page, item.name).getByRole('link', { name: `View page of ${item.name}` })).toHaveAttribute('href', `/products/${item.slug}`);
  }
  await cardNamed(page, items[0].name)
    .getByRole('link', { name: `View page of ${items[0].name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/products/${items[0].slug}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: items[0].name })).toBeVisible();
});

test("the store's dialog links to the product's page, and Back returns to the store where it was", async ({ page }) => {
  await page.goto('/products?page=2');
  const item = (await fetchPage(page, 'product', { page: 2 })).items[0];
  await cardNamed(page, item.name).getByRole('button', { name: item.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: item.name });
  await dialog.getByRole('link', { name: `View the full page of ${item.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${item.slug}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/products\?page=2$/);
  await expect(cardNamed(page, item.name)).toBeVisible();
});

test("an item's old id address moves to its page; an unknown slug shows the not-found page with a 404", async ({ page }) => {
  await page.goto('/products');
  const item = (await fetchPage(page, 'product')).items[0];
  await page.goto(`/products/${item.id}`);
  await expect(page).toHaveURL(new RegExp(`/products/${item.slug}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: item.name })).toBeVisible();

  const missing = await page.goto('/products/no-such-product');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page).toHaveTitle('404 Page Not Found | Kingdom Marketplace');
});

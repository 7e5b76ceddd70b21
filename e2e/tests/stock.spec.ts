import { randomUUID } from 'node:crypto';
import { type Page } from '@playwright/test';
import { seedCart } from './checkout-helpers';
import { toasts } from './helpers';
import { expect, test } from './fixtures';
import { cardNamed, signInAsAdmin } from './store-helpers';

// ADR 0032: stock that cannot oversell, as a buyer and an admin see it.

const main = (page: Page) => page.getByRole('main');
const searchBox = (page: Page) => main(page).getByRole('searchbox', { name: 'Search products' });
const SHOTS = process.env.KM_SCREENSHOTS;

test.describe('stock in the store', () => {
  test('a product under the threshold says "Only 2 left"; one at 0 is Out of Stock with Add to Cart disabled', async ({ page, makeProduct }) => {
    const tag = randomUUID().slice(0, 6);
    const few = await makeProduct({ name: `Olive Lamp ${tag}`, price: '18.00', stockQuantity: 2 });
    const none = await makeProduct({ name: `Cedar Box ${tag}`, price: '9.00', stockQuantity: 0 });
    await page.goto('/products');
    await searchBox(page).fill(tag);
    const fewCard = cardNamed(page, few.name);
    const noneCard = cardNamed(page, none.name);
    await expect(fewCard.getByTestId('low-stock')).toHaveText('Only 2 left');
    await expect(fewCard.getByRole('button', { name: /Add to Cart/ })).toBeEnabled();
    await expect(noneCard.getByText('Out of Stock')).toBeVisible();
    await expect(noneCard.getByRole('button', { name: /Add to Cart/ })).toBeDisabled();
    if (SHOTS) await main(page).screenshot({ path: `${SHOTS}/store-only-2-left-and-out-of-stock.png` });

    await fewCard.getByRole('button', { name: few.name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: few.name });
    await expect(dialog.getByText('Only 2 left')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/dialog-only-2-left.png` });
    await page.keyboard.press('Escape');

    await noneCard.getByRole('button', { name: none.name, exact: true }).click();
    const noneDialog = page.getByRole('dialog', { name: none.name });
    await expect(noneDialog.getByText('Out of Stock')).toBeVisible();
    await expect(noneDialog.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    if (SHOTS) await noneDialog.screenshot({ path: `${SHOTS}/dialog-out-of-stock.png` });
  });

  test('a buyer who lost the race for the last copy reads why on the checkout page, before any card form', async ({ page, makeProduct }) => {
    const last = await makeProduct({ name: `Last Psalter ${randomUUID().slice(0, 6)}`, price: '30.00', stockQuantity: 1 });
    // Another buyer's checkout holds the last copy.
    await page.goto('/');
    const other = await page.request.post('/api/create-payment-intent', {
      data: { checkoutId: randomUUID(), items: [{ productId: last.id, quantity: 1 }] },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(other.status()).toBe(200);

    await seedCart(page, [{ product: last, quantity: 1 }]);
    await page.goto('/checkout');
    const message = `"${last.name}" just sold out. Remove it from your cart to continue. You have not been charged.`;
    await expect(main(page).getByText(message)).toBeVisible();
    await expect(toasts(page).getByText('Not enough stock for your cart.')).toBeVisible();
    await expect(main(page).getByRole('button', { name: /^Complete Purchase/ })).toBeDisabled();
    if (SHOTS) await main(page).screenshot({ path: `${SHOTS}/checkout-sold-out.png` });
  });
});

test.describe('stock for the admin', () => {
  test("the Stock tab lists a product's movements, newest first, with who made them", async ({ page, makeProduct, adminApi }) => {
    const product = await makeProduct({ name: `Prayer Shawl ${randomUUID().slice(0, 6)}`, price: '40.00', stockQuantity: 5 });
    const edit = await adminApi.put(`/api/products/${product.id}`, {
      multipart: {
        name: product.name,
        price: '40.00',
        description: 'Made by an end-to-end test; deleted when it ends.',
        category: 'Gifts',
        stockQuantity: '12',
        stockQuantityWas: '5',
      },
    });
    expect(edit.status()).toBe(200);
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Stock' }).click();
    await page.getByLabel('Find a product').fill(product.name);
    const picker = page.getByLabel('Product', { exact: true });
    await expect(picker.locator('option', { hasText: product.name })).toHaveCount(1);
    await picker.selectOption({ label: `${product.name} (12 available)` });
    const rows = page.getByTestId('stock-movement-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Manual change');
    await expect(rows.nth(0)).toContainText('+7');
    await expect(rows.nth(0)).toContainText('admin');
    await expect(rows.nth(1)).toContainText('Tracking started');
    await expect(rows.nth(1)).toContainText('+5');
    if (SHOTS) await main(page).screenshot({ path: `${SHOTS}/admin-stock-movements.png` });

    // The product form shows the count and takes a new one.
    await page.goto('/products');
    await searchBox(page).fill(product.name);
    await cardNamed(page, product.name)
      .getByRole('button', { name: `Edit ${product.name}` })
      .click();
    const quantity = page.getByLabel('Stock quantity');
    await expect(quantity).toHaveValue('12');
    if (SHOTS) await page.getByRole('form', { name: `Edit Product` }).screenshot({ path: `${SHOTS}/admin-product-form-stock.png` });
    await quantity.fill('11');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect.poll(async () => (await (await page.request.get(`/api/products/${product.id}`)).json()).stockQuantity).toBe(11);
  });
});

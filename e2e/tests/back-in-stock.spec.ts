import { randomUUID } from 'node:crypto';
import { waitForMail } from './checkout-helpers';
import { expectAccessible } from './helpers';
import { expect, test } from './fixtures';

// ADR 0050: "Email me when it's back" on a sold-out product, on a phone, from the product page and the store's dialog.

const SHOTS = process.env.KM_SCREENSHOTS;

test.describe('"Email me when it\'s back" on a phone', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
  });

  test('the product page offers the form; a bad address is explained under the field; a good one is thanked, and the email comes when it is back', async ({
    page,
    makeProduct,
    adminApi,
  }) => {
    const product = await makeProduct({ name: `Cedar Psalter ${randomUUID().slice(0, 6)}`, price: '22.00', stockQuantity: 0 });
    await page.goto(`/products/${product.slug}`);
    const form = page.getByRole('form', { name: "Email me when it's back" });
    await expect(form).toBeVisible();
    await expectAccessible(page);

    const field = form.getByRole('textbox', { name: 'Your email' });
    await field.fill('lydia');
    await field.press('Enter');
    await expect(form.getByText('Enter an email address like name@example.com.')).toBeVisible();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/back-in-stock-phone-error.png`, fullPage: true });

    const email = `lydia-${randomUUID().slice(0, 8)}@example.com`;
    await field.fill(email);
    // Keyboard only: tab to the button and press it.
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Notify me' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'We will email you once when it is back in stock' })).toBeVisible();
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/back-in-stock-phone-thanks.png`, fullPage: true });

    const restock = await adminApi.put(`/api/products/${product.id}`, {
      multipart: {
        name: product.name,
        price: '22.00',
        description: 'Made by an end-to-end test; deleted when it ends.',
        category: 'Gifts',
        stockQuantity: '3',
        stockQuantityWas: '0',
      },
    });
    expect(restock.status()).toBe(200);
    const mail = await waitForMail(page, email, new RegExp(`^Back in stock: ${product.name}$`));
    expect(mail.text).toContain(`/products/${product.slug}`);
    await page.reload();
    await expect(page.getByRole('form', { name: "Email me when it's back" })).toHaveCount(0);
  });

  test("the store's dialog of a sold-out product has the form; an in-stock product's has none", async ({ page, makeProduct }) => {
    const tag = randomUUID().slice(0, 6);
    const soldOut = await makeProduct({ name: `Olive Cup ${tag}`, price: '9.00', stockQuantity: 0 });
    const inStock = await makeProduct({ name: `Olive Plate ${tag}`, price: '9.00', stockQuantity: 4 });
    await page.goto('/products');
    await page.getByRole('main').getByRole('searchbox', { name: 'Search products' }).fill(tag);
    await page.getByRole('button', { name: soldOut.name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: soldOut.name });
    await expect(dialog.getByRole('form', { name: "Email me when it's back" })).toBeVisible();
    await expectAccessible(page);
    if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/back-in-stock-phone-dialog.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: inStock.name, exact: true }).click();
    await expect(page.getByRole('dialog', { name: inStock.name }).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    await expect(page.getByRole('form', { name: "Email me when it's back" })).toHaveCount(0);
  });
});

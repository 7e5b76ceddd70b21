import { expect, test } from './fixtures';

// Issue 14 / the team's phone rule: the dialogs of /products, /podcast and /admin (Radix Dialog and their forms) are
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

import { adminCredentials, loginThroughDialog, toasts } from './helpers';
import { expect, test } from './fixtures';

// ADR 0024, the team's phone rule: a visitor's pages ask nothing that can only answer 401 (spec §7 keeps that 401
// for /api/auth/me signed out; Chromium logs it as a console error, which costs Lighthouse's best-practices score).
// The gateway marks a page served without a session cookie; the SPA then treats the visitor as signed out.

test("a visitor's pages request neither /api/auth/me nor the member profile, and log no console error", async ({ page }) => {
  const asked: string[] = [];
  const errors: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname === '/api/auth/me' || pathname === '/api/membership/profile') asked.push(pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome to/ })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await page.goto('/member-dashboard');
  await expect(page.getByRole('form', { name: 'Member sign-in' })).toBeVisible();
  await page.goto('/products');
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test('signing in on a page served to a visitor still works without a reload, and the next page load asks who is signed in', async ({ page }) => {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Admin Login' }).click();
  await loginThroughDialog(page, adminCredentials.username, adminCredentials.password);
  await expect(toasts(page).getByText('Login successful')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  const me = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/me');
  await page.reload();
  expect((await me).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Admin Logout' })).toBeVisible();
  await page.getByRole('button', { name: 'Admin Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { adminCredentials, apiPost, createNonAdminUser, currentUser, loginThroughDialog, toasts } from './helpers';

const NAV = [
  { name: 'Home', path: '/' },
  { name: 'Podcast', path: '/podcast' },
  { name: 'Products', path: '/products' },
  { name: 'Marketshare', path: '/marketshare' },
  { name: 'Publishing', path: '/publishing' },
  { name: 'Contact', path: '/contact' },
];

test.describe('global layout', () => {
  test('top navigation reaches every page and marks the active link', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to Kingdom Marketplace');
    const nav = page.getByRole('navigation', { name: 'Main' });

    for (const target of [...NAV.slice(1), NAV[0]]) {
      await nav.getByRole('link', { name: target.name, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === target.path);
      await expect(nav.getByRole('link', { name: target.name, exact: true })).toHaveAttribute('aria-current', 'page');
      for (const other of NAV.filter((link) => link !== target)) {
        await expect(nav.getByRole('link', { name: other.name, exact: true })).not.toHaveAttribute('aria-current');
      }
    }
  });

  test('home hero links to products and podcast', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('A marketplace for Kingdom-minded creators, businesses, and ministries.').first()).toBeVisible();
    await page.getByRole('link', { name: 'Explore Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Listen to Podcast' }).click();
    await expect(page).toHaveURL(/\/podcast$/);
  });

  test('unknown routes show the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('footer links to booking and the policies', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(`© ${new Date().getFullYear()} Kingdom Marketplace. All rights reserved.`)).toBeVisible();
    for (const [name, path, heading] of [
      ['Booking', '/booking', 'Booking'],
      ['Privacy Policy', '/privacy', 'Privacy Policy'],
      ['Terms of Service', '/terms', 'Terms of Service'],
      ['Refund Policy', '/refunds', 'Refund Policy'],
    ]) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });

  test('newsletter rejects an email without an at sign', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Email address').fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toasts(page).getByText('Invalid email')).toBeVisible();
    await expect(toasts(page).getByText('Please enter a valid email address.')).toBeVisible();
  });

  test('cart badge shows the persisted item count', async ({ page }) => {
    await page.goto('/');
    const cart = page.getByRole('button', { name: 'Open cart' });
    await expect(cart).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);

    await page.evaluate(() =>
      localStorage.setItem(
        'kingdom-cart-storage',
        JSON.stringify({
          items: [
            { productId: 'a', name: 'Journal', price: '12.00', imageUrl: '', quantity: 2 },
            { productId: 'b', name: 'Candle', price: '8.50', imageUrl: '', quantity: 1 },
          ],
        }),
      ),
    );
    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveText(/^3/);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens, navigates and closes when a link is clicked', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();

    await menu.getByRole('link', { name: 'Marketshare' }).click();
    await expect(page).toHaveURL(/\/marketshare$/);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(menu.getByRole('link', { name: 'Marketshare' })).toHaveAttribute('aria-current', 'page');
    await toggle.click();
    await expect(menu).toBeHidden();
  });
});

test.describe('admin access', () => {
  test('signed out, /admin asks for an admin login', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin Logout' })).toHaveCount(0);
  });

  test('the login dialog traps focus, requires both fields and closes on Escape', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Admin Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Admin Login' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Username')).toBeFocused();
    await expect(dialog.getByLabel('Username')).toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Password')).toHaveAttribute('required', '');

    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Admin Login' }).click();
    const response = page.waitForResponse((res) => res.url().endsWith('/api/auth/login'));
    const dialog = await loginThroughDialog(page, adminCredentials.username, 'definitely-not-the-password');
    const res = await response;
    expect([401, 429]).toContain(res.status());
    const body = (await res.json()) as { message?: string };

    await expect(toasts(page).getByText('Login failed', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText(body.message || 'Invalid credentials', { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('an admin logs in through the dialog and logs out from the nav', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Admin Login' }).click();
    const dialog = await loginThroughDialog(page, adminCredentials.username, adminCredentials.password);

    await expect(toasts(page).getByText('Login successful')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const logout = page.getByRole('button', { name: 'Admin Logout' });
    await expect(logout).toBeVisible();

    expect(await currentUser(page)).toMatchObject({ username: adminCredentials.username, isAdmin: true });

    await logout.click();
    await expect(toasts(page).getByText('Logged out successfully')).toBeVisible();
    await expect(toasts(page).getByText('You have been logged out of the admin panel.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin Logout' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
    expect(await currentUser(page)).toBeNull();
  });

  test('the podcast page offers the same admin login', async ({ page }) => {
    await page.goto('/podcast');
    await page.getByRole('button', { name: 'Admin Login' }).click();
    await loginThroughDialog(page, adminCredentials.username, adminCredentials.password);
    await expect(toasts(page).getByText('Login successful')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin Logout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin Login' })).toHaveCount(0);
  });

  test('a non-admin is refused at the login dialog', async ({ page }) => {
    await page.goto('/admin');
    const user = await createNonAdminUser(page);
    await page.getByRole('button', { name: 'Admin Login' }).click();
    const dialog = await loginThroughDialog(page, user.username, user.password);

    await expect(toasts(page).getByText('Access denied: Admin access required')).toBeVisible();
    // The dialog stays open so an admin can sign in instead.
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin Logout' })).toHaveCount(0);
    // The refused login must not leave a session behind.
    expect(await currentUser(page)).toBeNull();
  });

  test('a non-admin session on /admin sees Access Denied', async ({ page }) => {
    await page.goto('/');
    const user = await createNonAdminUser(page);
    const login = await apiPost(page, '/api/auth/login', user);
    expect(login.ok()).toBe(true);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to view this page.")).toBeVisible();
    await expect(toasts(page).getByText('Access Denied', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('Admin access required to view this page.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin Logout' })).toHaveCount(0);
  });
});

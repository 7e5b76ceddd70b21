import { expect, test, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { adminCredentials, apiPost, currentUser, expectAccessible, toasts, uniqueUsername } from './helpers';

// ADR 0029: an admin enrols TOTP and signs in with it; an admin signs out everywhere. Every stage is checked with axe.
const PASSWORD = 'mustard-Seed-and-yeast-8';

/** The code of the step `offset` steps (30 s) from now; a code accepted once cannot be used again, so tests move on. */
const totp = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** A new admin made by the seeded one (only the seeded admin may skip TOTP in the test stack). */
async function newAdmin(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/admin');
  expect((await apiPost(page, '/api/auth/login', adminCredentials)).ok()).toBe(true);
  const username = uniqueUsername('admin2fa');
  const res = await apiPost(page, '/api/auth/register', { username, password: PASSWORD, isAdmin: true });
  expect(res.status(), await res.text()).toBe(201);
  await context.close();
  return username;
}

async function openLogin(page: Page, username: string) {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Admin Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin Login' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Login' }).click();
  return dialog;
}

test.describe('admin two-factor authentication', () => {
  test('a new admin must enrol at sign-in (QR code, key, first code, recovery codes), can set it up again from the dashboard, and signs in with a code', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const username = await newAdmin(browser, baseURL!);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();

    // The password is right, but the dialog asks to set up an authenticator app first.
    const dialog = await openLogin(page, username);
    await expect(dialog.getByRole('img', { name: 'QR code to add this account to an authenticator app' })).toBeVisible();
    const secret = ((await dialog.getByTestId('totp-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await currentUser(page)).toBeNull();
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByLabel('6-digit code from the app').fill(await totp(secret));
    await dialog.getByRole('button', { name: 'Turn on and sign in' }).click();
    await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'I saved my codes, continue' }).click();
    await expect(toasts(page).getByText('Login successful', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect((await currentUser(page))?.username).toBe(username);

    // From the dashboard: turn it off (password and a code), then set it up again with a new secret.
    await page.getByRole('tab', { name: 'Account security' }).click();
    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await expect(twoFactor.getByText('On. 10 recovery codes left.')).toBeVisible();
    await expectAccessible(page);
    const off = twoFactor.getByRole('form', { name: 'Turn two-factor authentication off' });
    await off.getByLabel('Current password').fill(PASSWORD);
    await off.getByLabel('Code from the app or a recovery code').fill(await totp(secret, 1));
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(toasts(page).getByText('Two-factor authentication is off', { exact: true })).toBeVisible();
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const newSecret = ((await twoFactor.getByTestId('totp-secret').textContent()) ?? '').trim();
    expect(newSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newSecret).not.toBe(secret);
    await expectAccessible(page);
    await twoFactor.getByLabel('6-digit code from the app').fill(await totp(newSecret));
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await expect(twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expect(twoFactor.getByText('On. 10 recovery codes left.')).toBeVisible();

    // Signed out, the password alone does not sign in: the next code from the app does.
    await page.getByRole('button', { name: 'Admin Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
    const again = await openLogin(page, username);
    await expect(again.getByLabel('Authentication code')).toBeVisible();
    expect(await currentUser(page)).toBeNull();
    await expectAccessible(page, '[role="dialog"]');
    await again.getByLabel('Authentication code').fill(await totp(newSecret, 1));
    await again.getByRole('button', { name: 'Verify' }).click();
    await expect(toasts(page).getByText('Login successful', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect((await currentUser(page))?.username).toBe(username);
    await context.close();
  });

  test('an admin signed in in two browsers (with recovery codes) signs out everywhere: both are signed out', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const username = await newAdmin(browser, baseURL!);
    // Enrolled through the API as the dialog does it, keeping the recovery codes.
    const setupContext = await browser.newContext({ baseURL });
    const setupPage = await setupContext.newPage();
    await setupPage.goto('/admin');
    expect(await (await apiPost(setupPage, '/api/auth/login', { username, password: PASSWORD })).json()).toEqual({ secondFactor: 'totp-enrolment' });
    const { secret } = (await (await apiPost(setupPage, '/api/auth/login/totp/setup')).json()) as { secret: string };
    const done = await apiPost(setupPage, '/api/auth/login/totp', { code: await totp(secret) });
    const { recoveryCodes } = (await done.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);

    const pages: Page[] = [];
    for (const code of recoveryCodes.slice(0, 2)) {
      const page = await (await browser.newContext({ baseURL })).newPage();
      const dialog = await openLogin(page, username);
      await dialog.getByLabel('Authentication code').fill(code);
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
      pages.push(page);
    }
    const [here, there] = pages;
    await here.getByRole('tab', { name: 'Account security' }).click();
    await here.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(here.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
    await expect(toasts(here).getByText('Signed out everywhere', { exact: true })).toBeVisible();
    expect(await currentUser(here)).toBeNull();
    expect(await currentUser(there)).toBeNull();
    expect(await currentUser(setupPage)).toBeNull();
    await there.reload();
    await expect(there.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
    for (const p of [...pages, setupPage]) await p.context().close();
  });
});

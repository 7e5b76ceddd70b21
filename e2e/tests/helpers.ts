import { expect, type APIResponse, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const adminCredentials = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'kingdom-admin-dev',
};

export function uniqueUsername(prefix = 'e2e'): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * POST through the page's request context, which shares the page's cookies. The gateway checks Origin on
 * unsafe methods, so this sends the one the browser would: call it after the page has navigated.
 */
export async function apiPost(page: Page, path: string, data?: unknown): Promise<APIResponse> {
  return page.request.post(path, { data, headers: { Origin: new URL(page.url()).origin } });
}

/** The user the session cookie belongs to, or null when signed out. */
export async function currentUser(page: Page): Promise<{ username: string; isAdmin: boolean } | null> {
  const res = await page.request.get('/api/auth/me');
  if (res.status() === 401) return null;
  expect(res.ok(), `GET /api/auth/me: ${res.status()}`).toBe(true);
  return ((await res.json()) as { user?: { username: string; isAdmin: boolean } | null }).user ?? null;
}

/** Registers an ordinary (non-admin) user and returns its credentials. */
export async function createNonAdminUser(page: Page) {
  const credentials = { username: uniqueUsername('member'), password: 'faithful-steward-42' };
  const res = await apiPost(page, '/api/auth/register', { ...credentials, email: `${credentials.username}@example.com`, isAdmin: false });
  expect(res.ok(), `register failed: ${res.status()} ${await res.text()}`).toBe(true);
  return credentials;
}

/**
 * The toast viewport. Scoping to it skips the copy Radix renders for screen-reader announcements;
 * includeHidden because an open modal dialog marks the rest of the page aria-hidden.
 */
export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/, includeHidden: true });

export async function loginThroughDialog(page: Page, username: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Admin Login' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  return dialog;
}

// Evaluated over the DevTools protocol, which the page's CSP (no inline scripts) rightly does not let a <script> tag do.
const AXE_SOURCE = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

/** No axe-core violation (WCAG 2.x A/AA and best practices) in the page, or in `selector` when given. */
export async function expectAccessible(page: Page, selector?: string) {
  // A dialog fading in is half transparent: on a busy machine axe could measure its colours mid-animation and report a
  // contrast the finished page does not have. Wait for every finite animation (spinners run forever) to end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(context ?? document);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  }, selector);
  expect(violations).toEqual([]);
}

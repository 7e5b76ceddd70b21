import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectMail, runTag, signInAsAdmin } from './forms-helpers';
import { apiPost, expectAccessible, toasts } from './helpers';

// ADR 0042, 0043: the prayer ministry on a phone, from a visitor's request to the praise report, and a prayer session.
const PHONE = { width: 375, height: 812 };

/** A fresh phone browser of its own (its own user agent: the wall counts a prayer per visitor). */
async function phone(browser: Browser, baseURL: string, agent: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    userAgent: `Mozilla/5.0 (Linux; Android 14) PrayerE2E/${agent}`,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

async function approveInAdmin(page: Page, tag: string) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Prayer', exact: true }).click();
  const item = page.getByRole('listitem').filter({ hasText: tag });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: /^Approve/ }).click();
  await expect(toasts(page).getByText('Approved for the wall')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: tag })).toHaveCount(0);
}

test('a shared request is approved, prayed for by three visitors, answered from the digest link, and shows in Praise', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const tag = runTag('prayer');
  const email = `${tag}@example.com`;
  const text = `Please pray for my mother's surgery ${tag}`;

  // The visitor shares a request; the name choice appears only once sharing is ticked.
  await page.goto('/contact#prayer');
  const form = page.getByRole('form', { name: 'Prayer request' });
  await form.getByLabel('First name').fill('Ruth');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Request type').selectOption('health');
  await form.getByLabel('Prayer request').fill(text);
  await expect(form.getByRole('group', { name: 'On the prayer wall, show my name as' })).toHaveCount(0);
  await form.getByLabel('Share my request anonymously with the prayer team').check();
  await form.getByLabel('Show my first initial').check();
  await form.getByLabel(/I accept the privacy policy/).check();
  await expectAccessible(page, 'form[aria-label="Prayer request"]');
  await form.getByRole('button', { name: 'Submit Prayer Request' }).click();
  await expect(toasts(page).getByText('Prayer request submitted')).toBeVisible();

  // Not on the wall until a moderator approves it.
  await page.goto('/prayer');
  await expect(page.getByRole('heading', { level: 1, name: 'Prayer Wall' })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
  await signInAsAdmin(page);
  await approveInAdmin(page, tag);

  // Three visitors pray; each sees the count go up at once.
  for (let i = 1; i <= 3; i++) {
    const visitor = await phone(browser, baseURL!, `visitor-${i}`);
    await visitor.goto('/prayer');
    const card = visitor.getByRole('listitem').filter({ hasText: text });
    await expect(card.getByText('R.', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'I prayed' }).click();
    await expect(card.getByText(`${i} ${i === 1 ? 'person' : 'people'} prayed`)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Prayed' })).toBeVisible();
    if (i === 1) {
      await expectAccessible(visitor);
      await visitor.screenshot({ path: '.artifacts/prayer-wall-phone.png', fullPage: true });
    }
    await visitor.context().close();
  }

  // The digest arrives (the test stack runs it every 5 seconds) and its link opens the requester's page.
  const digest = await expectMail(page, email, 'People are praying for you | Kingdom Marketplace');
  // The run fires every 5 seconds, so it may have counted the first visitors only: one digest a day either way.
  expect(digest.text).toMatch(/Health & healing request of .*: [123] (person|people) prayed for your request this week\./);
  const link = new URL(/Open your prayer requests: (\S+)/.exec(digest.text ?? '')![1]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Prayer Requests' })).toBeVisible();
  const mine = page.getByRole('article').filter({ hasText: text });
  await expect(mine.getByText('3 people have prayed.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await mine.getByRole('button', { name: 'Mark answered' }).click();
  await mine.getByLabel('What happened?').fill(`The surgery went well ${tag}`);
  await expect(mine.getByLabel('Share this as a praise report on the prayer wall')).toBeChecked();
  await mine.getByRole('button', { name: 'Mark answered' }).click();
  await expect(toasts(page).getByText('Praise God! Thank you for telling us')).toBeVisible();
  await expect(mine.getByText('Answered', { exact: true })).toBeVisible();

  // A moderator reads the praise report; then it shows in Praise with what happened.
  await approveInAdmin(page, tag);
  await page.goto('/prayer');
  const praise = page.getByRole('region', { name: 'Praise' }).getByRole('listitem').filter({ hasText: text });
  await expect(praise.getByText(`The surgery went well ${tag}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Prayer requests' }).getByText(text)).toHaveCount(0);
});

test('a prayer-team member sees only the Prayer area and runs a session: urgent first, "I prayed", skip', async ({ page, browser, baseURL }) => {
  await page.setViewportSize(PHONE);
  const tag = runTag('session');
  await page.goto('/');
  // An urgent confidential request: never on the wall, first in the session.
  const urgent = await apiPost(page, '/api/prayer-requests', {
    firstName: 'Anna',
    email: `${tag}@example.com`,
    requestType: 'health',
    prayerRequest: `Urgent: my father is in intensive care ${tag}`,
    isUrgent: true,
    confidentialityAccepted: true,
  });
  expect(urgent.status()).toBe(201);
  await signInAsAdmin(page);
  const username = `team_${tag}`.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60);
  const made = await apiPost(page, '/api/auth/register', { username, password: 'prayer-team-pw-42', roles: ['prayer_team'] });
  expect(made.status(), await made.text()).toBe(201);

  const member = await phone(browser, baseURL!, 'team');
  await member.goto('/');
  expect((await apiPost(member, '/api/auth/login', { username, password: 'prayer-team-pw-42' })).status()).toBe(200);
  await member.goto('/admin');
  await expect(member.getByRole('heading', { level: 1, name: 'Prayer' })).toBeVisible();
  await expect(member.getByRole('tab', { name: 'Orders' })).toHaveCount(0);
  await member.getByRole('button', { name: 'Start praying' }).click();
  const session = member.getByRole('region', { name: 'Prayer session' });
  await expect(session.getByText('Urgent', { exact: true })).toBeVisible();
  await expectAccessible(member);
  await member.screenshot({ path: '.artifacts/prayer-admin-phone.png', fullPage: true });
  const first = await session.locator('p.whitespace-pre-line').textContent();
  await session.getByLabel('Note for the team (optional)').fill('Praying with his church tonight.');
  await session.getByRole('button', { name: 'I prayed' }).click();
  await expect(session.getByText(first!, { exact: true })).toHaveCount(0);
  if (await session.getByRole('button', { name: 'Skip' }).isVisible()) await session.getByRole('button', { name: 'Skip' }).click();
  // The team's own API answers the member; an admin list does not.
  expect((await member.request.get('/api/prayer-requests')).status()).toBe(403);
  await member.context().close();
});

test('a visitor reports a card on a phone: the dialog comes when asked, Cancel returns focus to Report, and a report hides the card', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = runTag('report');
  const text = `Please pray for our village well ${tag}`;
  await page.goto('/');
  const sent = await apiPost(page, '/api/prayer-requests', {
    firstName: 'Naomi',
    email: `${tag}@example.com`,
    requestType: 'other',
    prayerRequest: text,
    preferredContact: 'email',
    allowSharing: true,
    confidentialityAccepted: true,
  });
  expect(sent.status()).toBe(201);
  await signInAsAdmin(page);
  await approveInAdmin(page, tag);

  const visitor = await phone(browser, baseURL!, 'reporter');
  await visitor.goto('/prayer');
  const card = visitor.getByRole('listitem').filter({ hasText: text });
  const report = card.getByRole('button', { name: 'Report this request from Anonymous as inappropriate' });
  await expect(report).toHaveAttribute('aria-haspopup', 'dialog');
  await report.click();
  const dialog = visitor.getByRole('alertdialog', { name: 'Report this request?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(visitor, '[role="alertdialog"]');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(report).toBeFocused();

  await report.click();
  const again = visitor.getByRole('alertdialog', { name: 'Report this request?' });
  // The panel scales in: a click while it still moves can land beside the button on a busy machine.
  await again.evaluate((panel) => Promise.all(panel.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  const flagged = visitor.waitForResponse((res) => res.url().endsWith('/flag') && res.request().method() === 'POST');
  await again.getByRole('button', { name: 'Report' }).click();
  expect((await flagged).status()).toBe(200);
  await expect(toasts(visitor).getByText('Thank you')).toBeVisible();
  await expect(visitor.getByRole('alertdialog')).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByText(text)).toHaveCount(0);
  await visitor.context().close();
});

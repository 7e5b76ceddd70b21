import { expect, test, type Page } from '@playwright/test';
import { Client as Postgres } from 'pg';
import { expectMail } from './forms-helpers';
import { adminCredentials, apiPost, expectAccessible, toasts } from './helpers';

// The newsletter in the browser (ADR 0055 to 0057): double opt-in from the footer, and the admin's Newsletter tab.
const ADMIN_EMAIL = 'admin@kingdom.example';
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const mailApi = () => process.env.E2E_MAIL_API_URL!;

async function signedInAdmin(page: Page) {
  await page.goto('/');
  expect((await apiPost(page, '/api/auth/login', adminCredentials)).ok()).toBe(true);
  await page.goto('/admin');
  await page.getByRole('tablist', { name: 'Submissions' }).getByRole('tab', { name: 'Newsletter' }).click();
  await expect(page.getByRole('form', { name: 'Compose a newsletter' })).toBeVisible({ timeout: 15_000 });
}

test('footer subscribe: the inbox note, the confirmation email, and its button confirms', async ({ page }, testInfo) => {
  const email = `reader.${tag()}@example.com`;
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Email address').fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toasts(page).getByText('Thank you for subscribing to our newsletter.')).toBeVisible();
  await expect(footer.getByRole('status')).toHaveText(`Check your inbox: we sent a link to ${email} to confirm your subscription.`);
  const mail = await expectMail(page, email, 'Please confirm your Kingdom Marketplace newsletter subscription');
  const link = /Confirm my subscription: (\S+)/.exec(mail.text ?? '')![1];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription is confirmed');
  await page.screenshot({ path: testInfo.outputPath('newsletter-confirmed.png') });
  await expectMail(page, email, 'Welcome to the Kingdom Marketplace newsletter');
});

test('an admin composes with a live preview, sends a test, schedules and cancels, sends, and watches it finish', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const databaseUrl = process.env.E2E_FORMS_DATABASE_URL;
  test.skip(!databaseUrl, 'needs E2E_FORMS_DATABASE_URL (npm test sets it) to write confirmed subscribers');
  const run = tag();
  const readers = Array.from({ length: 5 }, (_, i) => `reader${i}.${run}@example.com`);
  const db = new Postgres({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO newsletter_subscriptions (email, unsubscribe_token, source, confirmed_at)
       SELECT e, substr(md5(random()::text) || md5(random()::text), 1, 43), 'footer', now() FROM unnest($1::text[]) AS e`,
      [readers],
    );
  } finally {
    await db.end();
  }

  await signedInAdmin(page);
  const form = page.getByRole('form', { name: 'Compose a newsletter' });
  const subject = `Harvest news ${run}`;
  await form.getByLabel('Subject', { exact: true }).fill(subject);
  await form.getByLabel('Preheader (shown after the subject in the inbox)').fill('Books, podcasts and friends');
  await form.getByLabel('Message (Markdown)').fill('# Harvest time\n\nNew **books** this week.\n\n- Ruth\n- Esther\n\n<script>alert(1)</script>');
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByRole('heading', { name: 'Harvest time' })).toBeVisible({ timeout: 15_000 });
  // Raw HTML is removed by the sanitiser, script and its words (ADR 0072).
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(preview.getByText('alert(1)')).toHaveCount(0);
  await expect(preview.locator('strong', { hasText: 'books' })).toBeVisible();
  await expectAccessible(page, 'form[aria-label="Compose a newsletter"]');
  await page.screenshot({ path: testInfo.outputPath('newsletter-compose.png'), fullPage: true });

  await form.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(toasts(page).getByText(`A test copy is on its way to ${ADMIN_EMAIL}.`)).toBeVisible();
  await expectMail(page, ADMIN_EMAIL, `[Test] ${subject}`);

  // Schedule for tomorrow, shown with its time zone; then cancel it.
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await form.getByLabel(/^Send at \(your time zone: /).fill(local);
  await form.getByRole('button', { name: 'Schedule' }).click();
  const campaigns = page.getByRole('region', { name: 'Campaigns' });
  const scheduledRow = campaigns.getByTestId('campaign-row').filter({ hasText: subject });
  await expect(scheduledRow).toContainText('Scheduled');
  await expect(scheduledRow).toContainText(/[A-Z]{2,5}|GMT/);
  await scheduledRow.getByRole('button', { name: 'Cancel' }).click();
  await expect(scheduledRow).toContainText('Cancelled');

  // A new one, sent now, watched to the end.
  const sentSubject = `Harvest news, sent ${run}`;
  await form.getByLabel('Subject', { exact: true }).fill(sentSubject);
  await form.getByRole('button', { name: 'Send now' }).click();
  const sentRow = campaigns.getByTestId('campaign-row').filter({ hasText: sentSubject });
  await expect(sentRow).toContainText('Sent', { timeout: 60_000 });
  await expect(sentRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  // Bounced addresses are counted apart from the other failures (ADR 0072).
  await expect(campaigns.getByRole('columnheader', { name: 'Bounced' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('newsletter-sent.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('newsletter-phone.png'), fullPage: true });

  // The email as it arrived: it renders in the mail catcher, with its one-click unsubscribe headers.
  await expectMail(page, readers[0], sentSubject);
  const mails = (await (await page.request.get(`${mailApi()}/api/email`)).json()) as {
    id: string;
    subject: string;
    to: { address: string }[];
  }[];
  const arrived = mails.find((m) => m.subject === sentSubject && m.to[0].address === readers[0])!;
  // The raw message, unfolded (RFC 5322): the headers as the receiving mail client reads them.
  const source = `\r\n${(await (await page.request.get(`${mailApi()}/api/email/${arrived.id}/source`)).text()).replace(/\r\n(?=[ \t])/g, '')}`;
  expect(source).toMatch(/\r\nList-Unsubscribe: <http:\/\/localhost:\d+\/api\/newsletter-subscriptions\/unsubscribe\?token=[0-9a-f]{43}>\r\n/);
  expect(source).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
  // The HTML part as the catcher serves it.
  const inCatcher = await page.context().newPage();
  const htmlUrl = [`${mailApi()}/api/email/${arrived.id}/html`, `${mailApi()}/email/${arrived.id}/html`];
  const served = (await Promise.all(htmlUrl.map(async (url) => ((await page.request.get(url)).ok() ? url : null)))).find(Boolean);
  expect(served, 'the mail catcher serves the HTML part').toBeTruthy();
  await inCatcher.goto(served!);
  await expect(inCatcher.getByRole('heading', { name: 'Harvest time' })).toBeVisible();
  await expect(inCatcher.getByRole('link', { name: 'Unsubscribe from the newsletter' })).toBeVisible();
  await inCatcher.screenshot({ path: testInfo.outputPath('newsletter-in-mail-catcher.png'), fullPage: true });
});

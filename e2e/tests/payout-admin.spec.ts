import type { PayoutRun } from '@km/contracts/membership';
import { randomUUID } from 'node:crypto';
import { Client as Postgres } from 'pg';
import { uniqueEmail } from './checkout-helpers';
import { expect, test } from './fixtures';
import { adminCredentials, apiPost, expectAccessible, toasts } from './helpers';
import { joinInNewBrowser, ownPayoutMonth, PAYOUT_MONTH_YEARS, setUpPayouts } from './marketshare-helpers';

/**
 * ADR 0061, 0062: the admin's payout run view (paid, held by reason, failed; each payout with its transfer; retry now),
 * the yearly earnings statement (admin and member, printable), and a member who takes earnings as membership credit.
 */

const PHONE = { width: 390, height: 844 };

/** Owed `amount` in `month`: a referral of a member made for the purpose, its commission pending (written as the join leaves it). */
async function owed(db: Postgres, email: string, amount: string, month: string) {
  const tag = randomUUID().slice(0, 10);
  await db.query(
    `WITH referred AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       VALUES ('Tabitha', 'Joppa', 'tabitha-' || $1 || '@example.com', 'cus_t' || $1, 'sub_t' || $1, 'active', upper('T' || $1)) RETURNING id
     ), ref AS (INSERT INTO referrals (referrer_id, referred_id) SELECT (SELECT id FROM members WHERE email = $2), id FROM referred RETURNING id, referrer_id)
     INSERT INTO commissions (member_id, referral_id, amount, payout_month, payout_date) SELECT referrer_id, id, $3::numeric, $4, ($4 || '-15')::date FROM ref`,
    [tag, email, amount, month],
  );
}

async function runMonth(adminApi: import('@playwright/test').APIRequestContext, month: string) {
  const started = await adminApi.post('/api/admin/payout-runs', { data: { month } });
  expect(started.status(), await started.text()).toBe(202);
  await expect(async () => {
    const runs = (await (await adminApi.get('/api/admin/payout-runs')).json()) as PayoutRun[];
    expect(runs.find((r) => r.month === month)?.status).toBe('completed');
  }).toPass({ timeout: 30_000 });
}

test.describe('payout admin', () => {
  let db: Postgres;
  test.beforeAll(async () => {
    test.skip(!process.env.E2E_MEMBERSHIP_DATABASE_URL, 'needs E2E_MEMBERSHIP_DATABASE_URL (npm test sets it) to owe the members their commissions');
    db = new Postgres({ connectionString: process.env.E2E_MEMBERSHIP_DATABASE_URL });
    await db.connect();
  });
  test.afterAll(async () => {
    await db?.end();
  });

  test('an admin sees a run’s paid and held payouts with their transfers, retries a held one at once, and prints a member’s yearly statement', async ({
    browser,
    baseURL,
    adminApi,
  }, testInfo) => {
    test.setTimeout(180_000);
    const month = ownPayoutMonth(PAYOUT_MONTH_YEARS.adminRun);
    const paidMember = { firstName: 'Phoebe', lastName: 'Cenchreae', email: uniqueEmail('paid') };
    const heldMember = { firstName: 'Chloe', lastName: 'Corinth', email: uniqueEmail('held') };
    const paid = await joinInNewBrowser(browser, baseURL!, paidMember);
    await paid.goto('/member-dashboard');
    await setUpPayouts(paid);
    const held = await joinInNewBrowser(browser, baseURL!, heldMember, { card: '5555 5555 5555 4444' });
    await owed(db, paidMember.email, '1.50', month);
    await owed(db, heldMember.email, '1.25', month);
    await runMonth(adminApi, month);

    const admin = await (await browser.newContext({ baseURL })).newPage();
    await admin.goto('/');
    expect((await apiPost(admin, '/api/auth/login', adminCredentials)).ok()).toBe(true);
    await admin.goto('/admin');
    await admin.getByRole('tablist', { name: 'Submissions' }).getByRole('tab', { name: 'Marketshare' }).click();
    const runs = admin.getByRole('region', { name: 'Payout Runs' });
    const runRow = runs.getByRole('table').getByRole('row').filter({ hasText: month });
    // Month, status, payout date, members, total, paid, held (by reason), failed, …
    await expect(runRow.getByRole('cell').nth(5)).toHaveText('1');
    await expect(runRow.getByRole('cell').nth(6)).toHaveText('1 no account');
    await expect(runRow.getByRole('cell').nth(7)).toHaveText('0');

    await runRow.getByRole('button', { name: `Payouts of ${month}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Payouts of ${month}` });
    const paidRow = dialog.getByTestId('run-payout').filter({ hasText: paidMember.email });
    const heldRow = dialog.getByTestId('run-payout').filter({ hasText: heldMember.email });
    await expect(paidRow).toContainText('Paid');
    await expect(paidRow).toContainText(/tr_\w+/);
    await expect(heldRow).toContainText('No payout account yet');
    await expectAccessible(admin, '[role="dialog"]');
    await admin.screenshot({ path: testInfo.outputPath('admin-run-payouts.png'), fullPage: true });

    // Retry at once while the member has no account: still held, said so.
    await heldRow.getByRole('button', { name: `Retry now: ${heldMember.firstName} ${heldMember.lastName}’s payout` }).click();
    await expect(toasts(admin)).toContainText('Payout still held');
    // The member sets up payouts; the admin's retry now transfers it.
    await held.goto('/member-dashboard');
    await setUpPayouts(held);
    await heldRow.getByRole('button', { name: `Retry now: ${heldMember.firstName} ${heldMember.lastName}’s payout` }).click();
    await expect(toasts(admin)).toContainText('Payout transferred');
    await expect(heldRow).toContainText('Paid');
    await expect(heldRow).toContainText(/tr_\w+/);
    await admin.setViewportSize(PHONE);
    await expectAccessible(admin, '[role="dialog"]');
    await admin.screenshot({ path: testInfo.outputPath('admin-run-payouts-phone.png'), fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(runRow.getByRole('cell').nth(5)).toHaveText('2');

    // The paid member's statement of this year, to print.
    const year = String(new Date().getFullYear());
    await expect(admin.getByRole('region', { name: 'Yearly Earnings' }).getByRole('link', { name: /earnings CSV/ })).toHaveAttribute(
      'href',
      /\/api\/admin\/earnings\/\d{4}\.csv/,
    );
    await runRow.getByRole('button', { name: `Payouts of ${month}` }).click();
    await dialog.getByRole('link', { name: `${paidMember.firstName} ${paidMember.lastName}’s ${month.slice(0, 4)} statement` }).click();
    await expect(admin).toHaveURL(/\/admin\/earnings-statement\?member=/);
    await admin.getByLabel('Year').selectOption(year);
    await expect(admin.getByRole('heading', { name: `Earnings statement ${year}` })).toBeVisible();
    await expect(admin.getByRole('table')).toContainText(`Referral commissions of ${month}`);
    await expect(admin.getByTestId('statement-total')).toHaveText('$1.50');
    await expect(admin.getByTestId('statement-1099')).toContainText('No 1099-NEC');
    await expectAccessible(admin);
    await admin.screenshot({ path: testInfo.outputPath('admin-statement.png'), fullPage: true });
    await admin.setViewportSize(PHONE);
    await expectAccessible(admin);
    await admin.screenshot({ path: testInfo.outputPath('admin-statement-phone.png'), fullPage: true });
    await Promise.all([admin.context().close(), paid.context().close(), held.context().close()]);
  });

  test('a member takes earnings as membership credit: chosen on the dashboard, shown in Commissions, Member Savings and the yearly statement', async ({
    browser,
    baseURL,
    adminApi,
  }, testInfo) => {
    test.setTimeout(120_000);
    const month = ownPayoutMonth(PAYOUT_MONTH_YEARS.credit);
    const who = { firstName: 'Lois', lastName: 'Lystra', email: uniqueEmail('credit') };
    const page = await joinInNewBrowser(browser, baseURL!, who);
    await page.goto('/member-dashboard');
    const payouts = page.getByRole('region', { name: 'Payouts' });
    await payouts.getByRole('radio', { name: /Off my membership/ }).check();
    await expect(toasts(page)).toContainText('Earnings go to your membership');
    await expect(payouts).toContainText('Membership credit');
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('member-credit-chosen.png'), fullPage: true });

    await owed(db, who.email, '2.00', month);
    await runMonth(adminApi, month);
    await page.reload();
    const savings = page.getByRole('region', { name: 'Member Savings', exact: true });
    await expect(savings).toContainText('$2.00');
    await expect(savings).toContainText('$2.00 of earnings off your membership');
    await page.getByRole('tab', { name: 'Commissions' }).click();
    await expect(page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: '$2.00' })).toContainText('applied to your membership');
    await page.setViewportSize(PHONE);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('member-credit-phone.png'), fullPage: true });

    await page.getByRole('region', { name: 'Payouts' }).getByRole('link', { name: 'Yearly statement' }).click();
    await expect(page).toHaveURL(/\/member-dashboard\/statement\?year=\d{4}$/);
    await expect(page.getByRole('table')).toContainText(`Referral commissions of ${month}, applied to the membership`);
    await expect(page.getByTestId('statement-total')).toHaveText('$2.00');
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('member-statement-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('member-statement.png'), fullPage: true });
    await page.context().close();
  });
});

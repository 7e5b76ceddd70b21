import type { PayoutRun, ProfitBonusPeriodDue } from '@km/contracts/membership';
import { expect, test, type Browser } from '@playwright/test';
import { joinInNewBrowser, ownPayoutMonth, PAYOUT_MONTH_YEARS } from './marketshare-helpers';
import { Client as Postgres } from 'pg';
import { adminCredentials, apiPost } from './helpers';

const uniqueEmail = (tag: string) => `payout.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

const join = (browser: Browser, baseURL: string, who: { firstName: string; email: string }, ref?: string, card?: string) =>
  joinInNewBrowser(browser, baseURL, { ...who, lastName: 'Thessalonica' }, { ref, card });

test.describe('monthly payouts', () => {
  test('after the payout run the dashboard shows the commission paid with its date and Pending Earnings $0.00', async ({ browser, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const databaseUrl = process.env.E2E_MEMBERSHIP_DATABASE_URL;
    test.skip(!databaseUrl, 'needs E2E_MEMBERSHIP_DATABASE_URL (npm test sets it) to date the referral back');
    const referrer = { firstName: 'Jason', email: uniqueEmail('referrer') };
    const a = await join(browser, baseURL!, referrer);
    const code = (await a.getByTestId('referral-code').textContent())?.trim() ?? '';
    // Another person, another card: one card for both would be held for review as self-referral (ADR 0028).
    const b = await join(browser, baseURL!, { firstName: 'Damaris', email: uniqueEmail('referred') }, code, '5555 5555 5555 4444');
    await b.context().close();

    // The referral happened just now, so it is payable next month; as if it had happened the month before a past
    // payout month (a month of its own, so no other test's run pays or closes it).
    const month = ownPayoutMonth(PAYOUT_MONTH_YEARS.dashboard);
    const db = new Postgres({ connectionString: databaseUrl });
    await db.connect();
    try {
      const updated = await db.query(
        `UPDATE commissions SET payout_month = $1, payout_date = ($1 || '-15')::date, created_at = ($1 || '-01')::date - interval '10 days'
         WHERE member_id = (SELECT id FROM members WHERE email = $2)`,
        [month, referrer.email],
      );
      expect(updated.rowCount).toBe(1);
    } finally {
      await db.end();
    }

    await a.goto('/member-dashboard');
    const card = (label: string) => a.getByRole('region', { name: label, exact: true });
    await expect(card('Pending Earnings')).toContainText('$1.00');

    // The admin starts the month's run, as the schedule does on the 15th.
    const admin = await (await browser.newContext({ baseURL })).newPage();
    await admin.goto('/');
    expect((await apiPost(admin, '/api/auth/login', adminCredentials)).ok()).toBe(true);
    const started = await apiPost(admin, '/api/admin/payout-runs', { month });
    expect(started.status(), await started.text()).toBe(202);
    await expect(async () => {
      const runs = (await (await admin.request.get('/api/admin/payout-runs')).json()) as PayoutRun[];
      expect(runs.find((r) => r.month === month)).toMatchObject({ status: 'completed', memberCount: 1 });
    }).toPass({ timeout: 20_000 });
    // The admin's Marketshare tab shows the run with its totals and the CSV.
    await admin.goto('/admin');
    await admin.getByRole('tablist', { name: 'Submissions' }).getByRole('tab', { name: 'Marketshare' }).click();
    const runRow = admin.getByRole('region', { name: 'Payout Runs' }).getByRole('table').getByRole('row').filter({ hasText: month });
    await expect(runRow).toContainText('Completed');
    await expect(runRow).toContainText(`${month}-15`);
    await expect(runRow).toContainText('$1.00');
    await expect(runRow.getByRole('link', { name: 'CSV' })).toHaveAttribute('href', `/api/admin/payout-runs/${month}.csv`);
    // Beside the runs: the members with status, referrals, pending and paid totals, and the profit bonus periods.
    const memberRow = admin.getByRole('region', { name: 'Members' }).getByRole('row').filter({ hasText: referrer.email });
    await expect(memberRow.getByRole('cell')).toHaveText([`${referrer.firstName} Thessalonica${referrer.email}`, 'active', '1', '$0.00', '$1.00', 'Statement']);
    const bonusPeriods = admin.getByRole('region', { name: 'Profit Bonus Periods' });
    await expect(bonusPeriods.getByRole('button', { name: 'Start Profit Bonus Run' })).toBeVisible();
    // The form's default is the period the server says is due (in its payout time zone), not one from the browser's clock.
    const due = (await (await admin.request.get('/api/admin/profit-bonus-periods/due')).json()) as ProfitBonusPeriodDue;
    expect(due.period).toMatch(/^[0-9]{4}-H[12]$/);
    await expect(bonusPeriods.getByRole('textbox', { name: 'Period' })).toHaveValue(due.period);
    await admin.screenshot({ path: testInfo.outputPath('admin-payout-runs.png'), fullPage: true });
    await admin.context().close();

    await a.reload();
    await expect(card('Pending Earnings')).toContainText('$0.00');
    await expect(card('Total Commissions')).toContainText('$1.00');
    await a.getByRole('tab', { name: 'Commissions' }).click();
    const paidDate = new Date(`${month}-15T12:00:00`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    const row = a.getByRole('tabpanel').getByRole('listitem').filter({ hasText: '$1.00' });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(paidDate);
    await a.screenshot({ path: testInfo.outputPath('member-commission-paid.png'), fullPage: true });
    await a.context().close();
  });
});

import { expect, test, type Browser, type Page } from '@playwright/test';
import { waitForMail } from './checkout-helpers';
import { payMembership } from './marketshare-helpers';
import { apiPost, toasts } from './helpers';

const REFERRAL_CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;
const uniqueEmail = (tag: string) => `member.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A fresh visitor whose clipboard the page may use, and without a native share sheet (desktop Chromium has none to drive). */
async function visitor(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await context.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  return context.newPage();
}

async function join(page: Page, who: { firstName: string; email: string }, card?: string) {
  const form = page.getByRole('form', { name: 'Join Marketshare' });
  await form.getByLabel('First Name *').fill(who.firstName);
  await form.getByLabel('Last Name *').fill('Philippi');
  await form.getByLabel('Email *').fill(who.email);
  await form.getByLabel('Phone').fill('555-0123');
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await payMembership(page, card);
  await expect(page.getByRole('heading', { name: `Welcome to Marketshare, ${who.firstName}!` })).toBeVisible({ timeout: 15_000 });
  await expect(toasts(page).getByText('Welcome to Marketshare', { exact: true })).toBeVisible();
  const code = (await page.getByTestId('referral-code').textContent())?.trim() ?? '';
  expect(code).toMatch(REFERRAL_CODE);
  return code;
}

test.describe('Marketshare', () => {
  test('join with 4242…, a referred second member, then the first signs in by emailed link and sees the referral', async ({ browser, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const first = { firstName: 'Lydia', email: uniqueEmail('first') };
    const second = { firstName: 'Priscilla', email: uniqueEmail('second') };

    // The page says what membership is (spec §9) and joins with the Payment Element.
    const a = await visitor(browser, baseURL!);
    await a.goto('/marketshare');
    for (const text of [
      '$5.00 per month',
      '$1 per referral signup',
      'Payouts monthly on the 15th',
      '5% off all purchases',
      'Profit bonuses every 6 months',
      'VIP at 10 referrals',
    ])
      await expect(a.getByText(text).first()).toBeVisible();
    await expect(a.getByText(/cancel anytime/).first()).toBeVisible();
    // Back from the payment step keeps what was typed.
    const form = a.getByRole('form', { name: 'Join Marketshare' });
    await form.getByLabel('First Name *').fill(first.firstName);
    await form.getByLabel('Last Name *').fill('Philippi');
    await form.getByLabel('Email *').fill(first.email);
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await a.getByRole('form', { name: 'Membership payment' }).getByRole('button', { name: 'Back' }).click();
    await expect(a.getByRole('form', { name: 'Join Marketshare' }).getByLabel('Email *')).toHaveValue(first.email);
    await a.getByRole('form', { name: 'Join Marketshare' }).getByRole('button', { name: 'Continue to Payment' }).click();
    await payMembership(a);
    await expect(a.getByRole('heading', { name: `Welcome to Marketshare, ${first.firstName}!` })).toBeVisible({ timeout: 15_000 });
    const code = (await a.getByTestId('referral-code').textContent())?.trim() ?? '';
    expect(code).toMatch(REFERRAL_CODE);
    await expect(a.getByRole('link', { name: 'Go to your Member Dashboard' })).toHaveAttribute('href', '/member-dashboard');
    await a.screenshot({ path: testInfo.outputPath('marketshare-welcome.png'), fullPage: true });
    await a.context().close();

    // A second visitor follows the share link.
    const b = await visitor(browser, baseURL!);
    await b.goto(`/marketshare?ref=${code}`);
    await expect(toasts(b).getByText('Referral applied', { exact: true })).toBeVisible();
    await expect(b.getByRole('form', { name: 'Join Marketshare' }).getByLabel('Referral Code')).toHaveValue(code);
    // Another person, another card: one card for both would be held for review as self-referral (ADR 0028).
    const secondCode = await join(b, second, '5555 5555 5555 4444');
    expect(secondCode).not.toBe(code);
    await b.context().close();

    // The first member, signed out, asks for a link and uses it.
    const c = await visitor(browser, baseURL!);
    await c.goto('/member-dashboard');
    const signIn = c.getByRole('form', { name: 'Member sign-in' });
    await signIn.getByLabel('Email').fill(first.email);
    await signIn.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(c.getByText(/a sign-in link is on its way/)).toBeVisible();
    const mail = await waitForMail(c, first.email, /^Your Marketshare sign-in code: \d{6}$/);
    const link = /(http\S+#signin=[\w%-]+)/.exec(mail.text ?? '')?.[1];
    expect(link, 'the mail carries the sign-in link').toBeTruthy();
    // As a mail client opens it: a fresh page load (not a same-page hash change).
    await c.goto('about:blank');
    await c.goto(new URL(link!).pathname + new URL(link!).hash);

    await expect(c.getByRole('heading', { name: `Welcome back, ${first.firstName}!` })).toBeVisible({ timeout: 15_000 });
    await expect(c.getByText(/^Member since /)).toBeVisible();
    await expect(c.getByText('Active Member', { exact: true })).toBeVisible();
    const card = (label: string) => c.getByRole('region', { name: label, exact: true });
    await expect(card('Total Referrals')).toContainText('Total Referrals1');
    await expect(card('Pending Earnings')).toContainText('$1.00');
    await expect(card('Total Commissions')).toContainText('$1.00');
    await expect(card('Member Savings')).toContainText('5%');
    await expect(c.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    await expect(c.getByText('9 more referrals to unlock VIP benefits')).toBeVisible();
    await expect(c.getByRole('tabpanel').getByText(`${second.firstName} Philippi`)).toBeVisible();
    await expect(c.getByRole('tabpanel').getByText('Pending', { exact: true })).toBeVisible();

    await c.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(c.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(toasts(c).getByText('Your referral code has been copied to clipboard.')).toBeVisible();
    expect(await c.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(c.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({ timeout: 4000 });
    await c.getByRole('button', { name: 'Share Link' }).click();
    await expect(toasts(c).getByText('Your referral link has been copied to clipboard.')).toBeVisible();
    expect(await c.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(baseURL!).origin}/marketshare?ref=${code}`);
    await c.screenshot({ path: testInfo.outputPath('member-dashboard.png'), fullPage: true });

    await c.getByRole('tab', { name: 'Commissions' }).click();
    await expect(c.getByText('Next Payout')).toBeVisible();
    await c.getByRole('tab', { name: 'Profile' }).click();
    const profile = c.getByRole('form', { name: 'Profile' });
    await expect(profile.getByLabel('Email')).toHaveValue(first.email);
    await expect(profile.getByLabel('Email')).toBeDisabled();
    await expect(c.getByText('Contact support to change your email address.')).toBeVisible();
    await profile.getByLabel('First Name').fill('Lydia Ruth');
    await profile.getByLabel('Phone').fill('555-0177');
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toasts(c).getByText('Your profile has been updated successfully.')).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Welcome back, Lydia Ruth!' })).toBeVisible();
    await c.screenshot({ path: testInfo.outputPath('member-profile.png'), fullPage: true });

    // Spec §9 "cancel anytime": at the period's end, and it can be taken back before then.
    await c.getByRole('button', { name: 'Cancel Membership' }).click();
    // The reason is optional (ADR 0059): cancelling without one.
    await c.getByRole('dialog', { name: 'Cancel your membership?' }).getByRole('button', { name: 'Cancel Membership' }).click();
    await expect(toasts(c).getByText('Membership cancelled', { exact: true })).toBeVisible();
    await expect(c.getByText(/Your membership is cancelled and ends on /)).toBeVisible();
    await expect(c.getByText('Active Member', { exact: true })).toBeVisible();
    await c.getByRole('button', { name: 'Resume Membership' }).click();
    await expect(toasts(c).getByText('Membership resumed', { exact: true })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Cancel Membership' })).toBeVisible();
  });

  test('ADR 0026: joining with an email that already has an account shows the welcome and the code, signs nobody in, and the dashboard opens only after the mailed link; the code signs in on another device', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const who = { firstName: 'Joanna', email: uniqueEmail('owner') };
    const owner = await visitor(browser, baseURL!);
    await owner.goto('/');
    const registered = await apiPost(owner, '/api/auth/register', {
      username: `owner_${Date.now().toString(36)}`,
      password: 'faithful-steward-42',
      email: who.email,
    });
    expect(registered.status()).toBe(202);
    await owner.context().close();

    // Someone (perhaps the owner on a shared computer) joins with that email.
    const payer = await visitor(browser, baseURL!);
    await payer.goto('/marketshare');
    const form = payer.getByRole('form', { name: 'Join Marketshare' });
    await form.getByLabel('First Name *').fill(who.firstName);
    await form.getByLabel('Last Name *').fill('Chuza');
    await form.getByLabel('Email *').fill(who.email);
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await payMembership(payer);
    await expect(payer.getByRole('heading', { name: `Welcome to Marketshare, ${who.firstName}!` })).toBeVisible({ timeout: 15_000 });
    expect((await payer.getByTestId('referral-code').textContent())?.trim()).toMatch(REFERRAL_CODE);
    await expect(payer.getByRole('status').filter({ hasText: `we sent a sign-in link to ${who.email}` })).toBeVisible();
    await expect(payer.getByRole('link', { name: 'Go to your Member Dashboard' })).toHaveCount(0);
    await payer.screenshot({ path: testInfo.outputPath('marketshare-welcome-link-sent.png'), fullPage: true });
    // No session: the member dashboard asks to sign in.
    await payer.goto('/member-dashboard');
    await expect(payer.getByRole('form', { name: 'Member sign-in' })).toBeVisible();
    await payer.context().close();

    // The owner opens the mailed link: now the dashboard is theirs.
    const inbox = await visitor(browser, baseURL!);
    const mail = await waitForMail(inbox, who.email, /^Your Marketshare membership is ready/);
    const link = /(http\S+#signin=[\w%-]+)/.exec(mail.text ?? '')?.[1];
    expect(link, 'the mail carries the sign-in link').toBeTruthy();
    await inbox.goto(new URL(link!).pathname + new URL(link!).hash);
    await expect(inbox.getByRole('heading', { name: `Welcome back, ${who.firstName}!` })).toBeVisible({ timeout: 15_000 });

    // On a phone whose mail app opens links elsewhere: ask for a link, then type the code from the same email.
    const phone = await visitor(browser, baseURL!);
    await phone.goto('/member-dashboard');
    const signIn = phone.getByRole('form', { name: 'Member sign-in' });
    await signIn.getByLabel('Email').fill(who.email);
    await signIn.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(phone.getByText(/a sign-in link is on its way/)).toBeVisible();
    const codeMail = await waitForMail(phone, who.email, /^Your Marketshare sign-in code: \d{6}$/);
    const code = /: (\d{6})$/.exec(codeMail.subject)![1];
    const byCode = phone.getByRole('form', { name: 'Sign in with a code' });
    await byCode.getByLabel('Six-digit code').fill(code);
    await byCode.getByRole('button', { name: 'Sign in with code' }).click();
    await expect(phone.getByRole('heading', { name: `Welcome back, ${who.firstName}!` })).toBeVisible({ timeout: 15_000 });
    await phone.screenshot({ path: testInfo.outputPath('member-dashboard-by-code.png'), fullPage: true });

    // Sign out everywhere from the phone ends the first browser's session too.
    await phone.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(toasts(phone).getByText('Signed out everywhere', { exact: true })).toBeVisible();
    await expect(phone.getByRole('form', { name: 'Member sign-in' })).toBeVisible();
    expect((await inbox.request.get('/api/auth/me')).status()).toBe(401);
    await inbox.reload();
    await expect(inbox.getByRole('form', { name: 'Member sign-in' })).toBeVisible();
  });
});

import { expect, test } from '@playwright/test';
import { expectMail, runTag, signInAsAdmin } from './forms-helpers';
import { expectAccessible, loginThroughDialog, toasts } from './helpers';

// ADR 0052: an admin invites a prayer-team member from the Team area; the invitee sets a password from the mailed link,
// signs in and sees the Prayer area alone; removing the account signs it out at once.
const PHONE = { width: 375, height: 812 };
const PASSWORD = 'prayer-Warrior-2026';

test('an admin invites a prayer-team member, who sets a password from the mail, signs in and sees only the Prayer area; removal signs them out', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = runTag('team');
  const username = `intercessor_${tag}`;
  const email = `${tag}@example.com`;

  // The admin's Team area, on a desktop screen.
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Team', exact: true }).click();
  const invite = page.getByRole('form', { name: 'Invite a team member' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Username').fill(username);
  await expect(invite.getByLabel('Role')).toHaveValue('prayer_team');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toasts(page).getByText('Invitation sent')).toBeVisible();
  const row = page.getByRole('list', { name: 'Staff accounts' }).getByRole('listitem').filter({ hasText: username });
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  await expect(row.getByLabel(`Role of ${username}`)).toHaveValue('prayer_team');
  // The admin's own account has no controls: another admin changes it.
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: 'You' })
      .getByRole('button', { name: /Remove/ }),
  ).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: '.artifacts/staff-team-desktop.png', fullPage: true });

  // The first mail went astray: the invitation is sent again, and the second mail's link is the one that works.
  await expectMail(page, email, 'You are invited to the Kingdom Marketplace team');
  await row.getByRole('button', { name: `Resend invitation to ${username}` }).click();
  await expect(toasts(page).getByText('Invitation sent again')).toBeVisible();

  // The invitation, and its link opened on the invitee's phone.
  const mail = await expectMail(page, email, 'You are invited to the Kingdom Marketplace team', 2);
  expect(mail.text).toContain(`Username: ${username}`);
  const link = new URL(/Set my password: (\S+)/.exec(mail.text ?? '')![1]);
  const phone = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const member = await phone.newPage();
  await member.goto(`${link.pathname}${link.hash}`);
  await expect(member.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible();
  // The token leaves the address bar once read.
  await expect.poll(() => new URL(member.url()).hash).toBe('');
  const form = member.getByRole('form', { name: 'Set your password' });
  await form.getByLabel('New password').fill('too-short');
  await form.getByLabel('Repeat the password').fill('too-short');
  await form.getByRole('button', { name: 'Set my password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Passwords must be at least 12 characters long.');
  await expectAccessible(member);
  await form.getByLabel('New password').fill(PASSWORD);
  await form.getByLabel('Repeat the password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Set my password' }).click();
  await expect(member.getByRole('main').getByRole('status')).toContainText(`Sign in as ${username} on the admin page.`);
  // A long username wraps: nothing is wider than the phone.
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(member);
  await member.screenshot({ path: '.artifacts/staff-invitation-phone.png', fullPage: true });

  // Signed in from /admin's own dialog: the Prayer area, and no admin tab.
  await member.getByRole('link', { name: 'Go to sign in' }).click();
  await member.getByRole('button', { name: 'Admin Login' }).click();
  await loginThroughDialog(member, username, PASSWORD);
  await expect(member.getByRole('heading', { level: 1, name: 'Prayer' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Start praying' })).toBeVisible();
  for (const tab of ['Team', 'Orders', 'Prayer']) await expect(member.getByRole('tab', { name: tab })).toHaveCount(0);
  expect((await member.request.get('/api/staff')).status()).toBe(403);
  await expectAccessible(member);
  await member.screenshot({ path: '.artifacts/staff-prayer-area-phone.png', fullPage: true });

  // The Team area on a phone: the member is active now; removing them ends their session at once.
  await page.setViewportSize(PHONE);
  await page.reload();
  await page.getByRole('tab', { name: 'Team', exact: true }).click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '.artifacts/staff-team-phone.png', fullPage: true });
  await row.getByRole('button', { name: `Remove ${username}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${username}?` });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Remove account' }).click();
  await expect(toasts(page).getByText('Account removed')).toBeVisible();
  await expect(row.getByText('Removed', { exact: true })).toBeVisible();
  expect((await member.request.get('/api/prayer-team/moderation')).status()).toBe(401);
  await member.reload();
  await expect(member.getByRole('heading', { level: 1, name: 'Admin Access Required' })).toBeVisible();
  await phone.close();
});

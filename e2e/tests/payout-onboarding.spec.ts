import { uniqueEmail } from './checkout-helpers';
import { expect, test } from './fixtures';
import { payMembership, setUpPayouts } from './marketshare-helpers';
import { expectAccessible } from './helpers';

/** ADR 0048: a member sets up payouts from the dashboard through Stripe's onboarding (the emulator's page) and comes back to "Payouts active". */
test('a member sets up payouts: what is missing, Stripe onboarding, back on the dashboard with Payouts active', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/marketshare');
  const form = page.getByRole('form', { name: 'Join Marketshare' });
  await form.getByLabel('First Name *').fill('Lydia');
  await form.getByLabel('Last Name *').fill('Thyatira');
  await form.getByLabel('Email *').fill(uniqueEmail('payouts'));
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await payMembership(page);
  await expect(page.getByRole('heading', { name: 'Welcome to Marketshare, Lydia!' })).toBeVisible({ timeout: 15_000 });

  await page.goto('/member-dashboard');
  const payouts = page.getByRole('region', { name: 'Payouts' });
  await expect(payouts).toContainText('You will need your date of birth, the last 4 digits of your SSN and a bank account.');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('payouts-set-up.png'), fullPage: true });

  await setUpPayouts(page, () => page.screenshot({ path: testInfo.outputPath('payouts-onboarding.png'), fullPage: true }).then(() => undefined));
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('payouts-active.png'), fullPage: true });
});

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, expectAccessible, useBrowser } from '../support/browser';
import { buyViaApi, expectHeading, finishTestViaApi, latestMail } from '../support/checkout';

const signedInEmail = async (page: Page) =>
  ((await (await page.request.get('/api/user/get')).json()).data.user?.email as string | undefined) ?? null;

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

describeBrowser('accounts: the buyer’s account and the personal centre', () => {
  const b = useBrowser();

  it('buy as a visitor, sign in from the e-mail, set a password, find the report; log out and in; forgot and change password; personal info; delete', async () => {
    const email = `account-${Date.now()}@example.com`;
    const buyer = await b.newPage();
    const orderNumber = await finishTestViaApi(buyer, 'en', email);
    await buyViaApi(buyer, orderNumber, email);

    // The report e-mail carries a one-time sign-in link (and never a password).
    const mail = await latestMail(buyer, email, /report is ready/i);
    const link = /https?:\/\/\S+\/user\/login\/IQB-1799\?\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    // Another browser (no test cookie): the link signs in and asks for a password.
    const page = await b.newPage();
    await page.goto(link as string);
    await expectHeading(page, 'Set your password');
    await expectAccessible(page, 'set password');
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Save password' }).click();
    expect(await page.getByText('Your password needs at least 8 characters.').count()).toBe(1);
    const password = 'a buyer passphrase';
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText(/Your password has been changed/).waitFor();
    // The link worked once.
    const again = await b.newPage();
    await again.goto(link as string);
    await again.getByText('This sign-in link no longer works').waitFor();
    await expectAccessible(again, 'used sign-in link');

    // The personal centre lists the report; the account alone opens it.
    await page.getByRole('link', { name: 'Go to my personal centre' }).click();
    await expectHeading(page, 'Personal centre');
    await page.getByText(`Order ${orderNumber}`).waitFor();
    expect(await page.locator('.account-order').first().getByText('Completed', { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'personal centre');
    await page.getByRole('link', { name: 'View', exact: true }).click();
    await page.locator('[data-testid="report-iq"]').waitFor();

    // Log out from the header's menu (on a phone, the account items are in the main menu); the centre then
    // asks to log in, and comes back after it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Log out' }).click();
    await expectHeading(page, 'Log in');
    expect(await signedInEmail(page)).toBeNull();
    await page.goto('/user/info/IQB-1799');
    await expectHeading(page, 'Log in');
    await expectAccessible(page, 'login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    expect(await page.getByText('Please input email address').count()).toBe(1);
    expect(await page.getByText('Please enter your password').count()).toBe(1);
    await logIn(page, 'not-an-email', 'x');
    expect(await page.getByText('Incorrect email format').count()).toBe(1);
    await logIn(page, email, 'wrong passphrase');
    await page.getByText('Incorrect e-mail or password.').waitFor();
    await logIn(page, email, password);
    await expectHeading(page, 'Personal centre');
    expect(new URL(page.url()).pathname).toBe('/user/info/IQB-1799');
    expect(await page.getByText('Login success').count()).toBe(1);

    // Personal info: a bad birthday is refused with the spec's message, a good one is saved.
    await page.getByLabel('Nickname').fill('Ada');
    await page.getByLabel('Birthday').fill('2020-02-30');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await page.getByText('Invalid date (e.g., 2020-01-01)').count()).toBe(1);
    await page.getByLabel('Birthday').fill('2020-01-01');
    await page.getByLabel('Confidential').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Save success').waitFor();
    await expectAccessible(page, 'personal info saved');
    await page.reload();
    await page.getByLabel('Birthday').waitFor();
    expect(await page.getByLabel('Birthday').inputValue()).toBe('2020-01-01');
    expect(await page.getByLabel('Confidential').isChecked()).toBe(true);

    // Forgot password, in another browser, with the e-mailed code.
    const forgot = await b.newPage();
    await forgot.goto('/user/forgot-password/IQB-1799');
    await expectHeading(forgot, 'Forgot password');
    await expectAccessible(forgot, 'forgot password');
    await forgot.getByLabel(/^E-mail/).fill(email);
    await forgot.getByRole('button', { name: 'Send code' }).click();
    await forgot.getByText('Code sent').waitFor();
    const codeMail = await latestMail(forgot, email, /code for a new password/i);
    const code = /\b\d{6}\b/.exec(codeMail.text)?.[0] ?? '';
    await forgot.getByRole('button', { name: 'Continue' }).click();
    expect(await forgot.getByText('Please enter the verification code').count()).toBe(1);
    await forgot.getByLabel('Verification code').fill(code);
    await forgot.getByRole('button', { name: 'Continue' }).click();
    const reset = 'a reset passphrase';
    await forgot.getByLabel(/^New password/).fill(reset);
    await forgot.getByLabel('Confirm new password').fill('something else');
    await forgot.getByRole('button', { name: 'Reset password' }).click();
    expect(await forgot.getByText('Passwords do not match').count()).toBe(1);
    await forgot.getByLabel('Confirm new password').fill(reset);
    await forgot.getByRole('button', { name: 'Reset password' }).click();
    await forgot.getByText('Password reset success').waitFor();
    // Every session ended with the reset, the first browser's too.
    expect(await signedInEmail(page)).toBeNull();
    await forgot.getByRole('link', { name: 'Log in', exact: true }).click();
    await logIn(forgot, email, reset);
    await expectHeading(forgot, 'Personal centre');

    // Change password: the other browser's session ends.
    await page.goto('/user/login/IQB-1799');
    await logIn(page, email, reset);
    await expectHeading(page, 'Personal centre');
    expect(await signedInEmail(forgot)).toBe(email);
    await page.goto('/user/edit-password/IQB-1799');
    await expectHeading(page, 'Change password');
    await expectAccessible(page, 'change password');
    await page.getByLabel('Current password').fill(reset);
    await page.getByLabel(/^New password/).fill('the final passphrase');
    await page.getByLabel('Confirm new password').fill('the final passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/1 other session was ended/).waitFor();
    expect(await signedInEmail(forgot)).toBeNull();
    expect(await signedInEmail(page)).toBe(email);

    // Delete the account: what happens to paid orders is said first.
    await page.goto('/user/setting/IQB-1799');
    await expectHeading(page, 'Settings');
    expect(await page.getByText(/Your paid reports are not erased/).count()).toBe(1);
    await expectAccessible(page, 'settings');
    await page.getByLabel('Your password, to confirm').fill('the final passphrase');
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.getByText('Your account has been deleted.').waitFor();
    expect(await signedInEmail(page)).toBeNull();
    const login = await page.request.post('/api/user/login', {
      data: { account: email, password: 'the final passphrase' },
    });
    expect(login.status()).toBe(401);
  });

  it('registers with the spec’s messages and the e-mailed code', async () => {
    const page = await b.newPage();
    await page.goto('/user/register/IQB-1799?hl=en');
    await expectHeading(page, 'Create an account');
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const message of [
      'Please enter your name',
      'Please input email address',
      'Please enter your password',
      'Please agree to the privacy policy',
    ])
      expect(await page.getByText(message).count(), message).toBe(1);
    await expectAccessible(page, 'register with errors');
    const email = `register-${Date.now()}@example.com`;
    await page.getByLabel('Name').fill('Grace');
    await page.getByLabel(/^E-mail/).fill('grace@');
    await page.getByLabel(/^Password/).fill('a grace passphrase');
    await page.getByLabel('Confirm password').fill('another one');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await page.getByText('Please input correct email address').count()).toBe(1);
    expect(await page.getByText('Passwords do not match').count()).toBe(1);
    await page.getByLabel(/^E-mail/).fill(email);
    await page.getByLabel('Confirm password').fill('a grace passphrase');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectHeading(page, 'Check your e-mail');
    const mail = await latestMail(page, email, /confirmation code/i);
    await page.getByLabel('Verification code').fill(/\b\d{6}\b/.exec(mail.text)?.[0] ?? '');
    await page.getByRole('button', { name: 'Confirm and log in' }).click();
    await expectHeading(page, 'Personal centre');
    expect(await signedInEmail(page)).toBe(email);
    await expectAccessible(page, 'personal centre, new account');
  });
});

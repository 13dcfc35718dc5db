import { describe, expect, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { newEmail, registerAccount, signInWithForm } from './auth-helpers.ts';
import { linkIn, waitForMail } from './outbox.ts';

const browser = useBrowser();

describe('accounts in a browser', () => {
  it('registers, confirms from the outbox, signs in, reaches the dashboard and logs out', async () => {
    const { page, problems } = await browser.open('/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'auth-register-desktop');

    const email = newEmail();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('different');
    await page.getByRole('button', { name: 'Create Account & Start Application' }).click();
    await page.getByText(authMessages.passwordTooShort).waitFor();
    await page.getByText(authMessages.passwordsDoNotMatch).waitFor();

    // D13: a password from the list of common ones is refused by the server, with its own message.
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await page.getByLabel('Confirm password', { exact: true }).fill('password1');
    await page.getByRole('button', { name: 'Create Account & Start Application' }).click();
    await page.getByText(authMessages.passwordTooCommon).waitFor();

    // After a first submit, each message goes as soon as its field is right (item 5 of issue 15).
    await page.getByLabel('Password', { exact: true }).fill('secret-e2e-1');
    await expect.poll(() => page.getByText(authMessages.passwordTooShort).count()).toBe(0);
    await page.getByText(authMessages.passwordsDoNotMatch).waitFor();
    await page.getByRole('button', { name: 'Show password', exact: true }).click();
    await expect
      .poll(() => page.getByLabel('Password', { exact: true }).getAttribute('type'))
      .toBe('text');
    await page.getByLabel('Confirm password', { exact: true }).fill('secret-e2e-1');
    await expect.poll(() => page.getByText(authMessages.passwordsDoNotMatch).count()).toBe(0);
    await page.getByRole('button', { name: 'Create Account & Start Application' }).click();
    await page.waitForURL('**/universities');
    await page.getByText('Check your inbox').waitFor();

    const mail = await waitForMail(email, /confirm/i);
    expect(mail.html).toContain('UK Study Portal');
    await page.goto(linkIn(mail));
    await page.waitForURL('**/login?confirmed=1');
    await page.getByText(authMessages.emailConfirmed).waitFor();

    await signInWithForm(page, email, 'secret-e2e-1');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'My Applications', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'My Applications' }).waitFor();
    const session = (await page.context().cookies()).find(
      (c) => c.name === 'portal.session_token',
    )!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.expires).toBe(-1);

    await nav.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    // The one 400: the common password refused above.
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
  });

  it('says the address is not confirmed, and can send a new confirmation', async () => {
    const { email, password } = await registerAccount({ confirm: false });
    const { page, problems } = await browser.open('/login');
    await signInWithForm(page, email, password);
    const alert = page.getByRole('alert');
    await alert.getByText(authMessages.notConfirmed).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'auth-login-not-confirmed-desktop');
    const sentBefore = new Date().toISOString();
    await alert.getByRole('button', { name: 'Resend confirmation' }).click();
    await alert.getByText(authMessages.confirmationResent).waitFor();
    await waitForMail(email, /confirm/i, { after: sentBefore });
    expect(problems.filter((p) => !p.includes('403'))).toEqual([]);
  });

  it('says once, above the form, that both login fields are needed, and forgets it once they are filled', async () => {
    const { page } = await browser.open('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText(authMessages.credentialsRequired).waitFor();
    expect(await page.getByText(authMessages.credentialsRequired).count()).toBe(1);
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'auth-login-empty-desktop');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('anything');
    await expect.poll(() => page.getByText(authMessages.credentialsRequired).count()).toBe(0);
  });

  it('shows the invalid-credentials message for a wrong password', async () => {
    const { email } = await registerAccount();
    const { page } = await browser.open('/login');
    await signInWithForm(page, email, 'not-my-password');
    await page.getByRole('alert').getByText(authMessages.invalidCredentials).waitFor();
    expect(page.url()).toContain('/login');
  });

  it('resets a forgotten password from /login through /reset-password to /dashboard', async () => {
    const { email } = await registerAccount();
    const { page, problems } = await browser.open('/login', 'phone');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByText(authMessages.resetEmailRequired).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByText(authMessages.resetSent).waitFor();
    await screenshot(page, 'auth-login-reset-sent-phone');

    const link = linkIn(await waitForMail(email, /reset/i));
    expect(new URL(link).pathname).toBe('/reset-password');
    expect(new URL(link).search).toBe('');
    // A link of the old format (the token in the query) no longer works (decision 0032).
    await page.goto(`/reset-password?${new URL(link).hash.slice(1)}`);
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'auth-reset-password-phone');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-e2e');
    await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-e2e');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    // Decision 0032: the other ways into the account come next; with none, straight on.
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'My Applications', level: 1 }).waitFor();

    await page.goto(link);
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await page.getByText(authMessages.resetLinkInvalid).waitFor();
    await page.getByRole('button', { name: 'Send me a new link' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('sends a signed-out visitor from /dashboard to /login and back after signing in, remembered if asked', async () => {
    const { email, password } = await registerAccount();
    const { page, context, problems } = await browser.open('/dashboard');
    await page.waitForURL('**/login');
    await page.getByText(authMessages.signInRequired).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'auth-login-desktop');
    await signInWithForm(page, email, password, { rememberMe: true });
    await page.waitForURL('**/dashboard');
    const session = (await context.cookies()).find((c) => c.name === 'portal.session_token')!;
    expect(session.expires * 1000).toBeGreaterThan(Date.now() + 7 * 24 * 3600 * 1000);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'auth-dashboard-desktop');
    expect(problems).toEqual([]);
  });

  it('signs out everywhere from the dashboard', async () => {
    const { email, password } = await registerAccount();
    const first = await browser.open('/login', 'phone');
    await signInWithForm(first.page, email, password);
    await first.page.waitForURL('**/dashboard');
    const second = await browser.open('/login');
    await signInWithForm(second.page, email, password);
    await second.page.waitForURL('**/dashboard');
    await screenshot(first.page, 'auth-dashboard-phone');

    await second.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await second.page.waitForURL('**/login');
    await second.page.getByText('You have been signed out on every device.').waitFor();

    await first.page.reload();
    await first.page.waitForURL('**/login');
  });

  it('shows the register and login pages on a phone', async () => {
    const { page } = await browser.open('/register', 'phone');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await screenshot(page, 'auth-register-phone');
    await page.getByRole('link', { name: 'Login' }).last().click();
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText(authMessages.credentialsRequired).waitFor();
    await screenshot(page, 'auth-login-phone');
    await expectNoSeriousAxeViolations(page);
  });
});

import { describe, expect, it } from 'vitest';
import {
  codeFor,
  registerAccount,
  setUpTotpOnAccountPage,
  signInWithForm,
} from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { linkIn, waitForMail } from './outbox.ts';

const { open } = useBrowser();

describe('two-step verification, sign-in codes and sessions (issue 10)', () => {
  it('sets up an authenticator app on /account from the key text, signs out, and signs in again with a code', async () => {
    const { email, password } = await registerAccount();
    const visitor = await open('/login');
    await signInWithForm(visitor.page, email, password);
    await visitor.page.waitForURL('**/dashboard');
    await visitor.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My account' })
      .click();
    await visitor.page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();

    const card = visitor.page.getByRole('region', { name: 'Two-step verification' });
    await card.getByLabel('Your password', { exact: true }).fill(password);
    await card.getByRole('button', { name: 'Set up two-step verification' }).click();
    await card.getByRole('img', { name: /QR code/ }).waitFor();
    await screenshot(visitor.page, 'account-two-factor-setup-1280');
    await expectNoSeriousAxeViolations(visitor.page);
    // Back out of the half-done set-up: the page reloads it from scratch.
    await visitor.page.reload();
    const codes = await setUpTotpOnAccountPage(visitor.page, email, password);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    await card.getByText(/^On\./).waitFor();

    await visitor.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Log Out' })
      .click();
    await visitor.page.waitForURL((url) => url.pathname === '/');
    await visitor.page.goto('/login');
    await signInWithForm(visitor.page, email, password);
    await visitor.page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await screenshot(visitor.page, 'login-second-factor-1280');
    await expectNoSeriousAxeViolations(visitor.page);
    await visitor.page
      .getByLabel('Code from your authenticator app')
      .fill(codeFor(email) === '000000' ? '111111' : '000000');
    await visitor.page.getByRole('button', { name: 'Verify' }).click();
    await visitor.page.getByText('That code is not right.', { exact: false }).waitFor();
    await visitor.page.getByLabel('Code from your authenticator app').fill(codeFor(email));
    await visitor.page.getByRole('button', { name: 'Verify' }).click();
    await visitor.page.waitForURL('**/dashboard');
    expect(visitor.problems.filter((p) => !/40[01]/.test(p))).toEqual([]);
  });

  it('gets new backup codes after confirming with a code: shown once, the old ones stop working', async () => {
    const { email, password } = await registerAccount();
    const visitor = await open('/login', 'phone');
    await signInWithForm(visitor.page, email, password);
    await visitor.page.waitForURL('**/dashboard');
    await visitor.page.goto('/account');
    const old = await setUpTotpOnAccountPage(visitor.page, email, password);
    const card = visitor.page.getByRole('region', { name: 'Two-step verification' });
    await card.getByRole('button', { name: 'Get new backup codes' }).click();

    const dialog = visitor.page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.getByRole('button', { name: 'Use a code instead' }).click();
    await dialog.getByLabel('Code').fill(codeFor(email));
    await expectNoSeriousAxeViolations(visitor.page);
    await screenshot(visitor.page, 'account-reauth-dialog-code-390');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText('New backup codes are ready').waitFor();
    const fresh = await card
      .getByRole('list', { name: 'Backup codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    const [download] = await Promise.all([
      visitor.page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download backup codes' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('uk-study-portal-backup-codes.txt');
    await screenshot(visitor.page, 'account-new-backup-codes-390');
    await card.getByRole('button', { name: 'I have saved my codes' }).click();

    // An old code no longer signs in; a new one does.
    const other = await open('/login');
    await signInWithForm(other.page, email, password);
    await other.page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await other.page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await other.page.getByLabel('Backup code').fill(old[0]!);
    await other.page.getByRole('button', { name: 'Verify' }).click();
    await other.page.getByText('That backup code', { exact: false }).waitFor();
    await other.page.getByLabel('Backup code').fill(fresh[0]!);
    await other.page.getByRole('button', { name: 'Verify' }).click();
    await other.page.waitForURL('**/dashboard');
    expect(visitor.problems.filter((p) => !/40[013]/.test(p))).toEqual([]);
  });

  it('signs in with a code e-mailed to the address, read from the outbox', async () => {
    const { email } = await registerAccount();
    const visitor = await open('/login', 'phone');
    const after = new Date().toISOString();
    await visitor.page.getByLabel('Email').fill(email);
    await visitor.page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await visitor.page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await screenshot(visitor.page, 'login-email-code-390');
    await expectNoSeriousAxeViolations(visitor.page);
    const mail = await waitForMail(email, /sign-in code/i, { after });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The link carries its token in the fragment, never in a query string.
    expect(new URL(linkIn(mail)).search).toBe('');
    await visitor.page.getByLabel('Code from the e-mail').fill(code!);
    await visitor.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visitor.page.waitForURL('**/dashboard');
  });

  it('lists both browsers; "Sign out of other devices" ends the other, whose open tab goes to /login', async () => {
    const { email, password } = await registerAccount();
    const laptop = await open('/login');
    await signInWithForm(laptop.page, email, password);
    await laptop.page.waitForURL('**/dashboard');
    const phone = await open('/login', 'phone');
    await signInWithForm(phone.page, email, password);
    await phone.page.waitForURL('**/dashboard');

    await laptop.page.goto('/account');
    const devices = laptop.page.getByRole('list', { name: 'Signed-in devices' });
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
    await devices.getByRole('listitem', { name: /this device/ }).waitFor();
    await screenshot(laptop.page, 'account-sessions-1280');
    await expectNoSeriousAxeViolations(laptop.page);

    await laptop.page.getByRole('button', { name: 'Sign out of other devices' }).click();
    await laptop.page.getByText('Your other devices are signed out.').waitFor();
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);

    // The phone's open tab hears it from the server and goes to /login with a message.
    await phone.page.waitForURL('**/login');
    await phone.page.getByText('You have been signed out').waitFor();
    await screenshot(phone.page, 'login-session-ended-390');
  });

  it('a sign-out in one tab shows at once in the other tabs of the browser', async () => {
    const { email, password } = await registerAccount();
    const first = await open('/login');
    await signInWithForm(first.page, email, password);
    await first.page.waitForURL('**/dashboard');
    const second = await first.context.newPage();
    await second.goto('/account');
    await second.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await first.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Log Out' })
      .click();
    await second.waitForURL('**/login');
  });
});

import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { readZip } from '../factories/zip.ts';
import { registerAccount, signInWithForm } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { waitForMail } from './outbox.ts';

// Issue 10: an account with neither password nor passkey (made by a provider, or signing in by
// e-mailed code) confirms it is them with a code e-mailed to its address (decision 0023).
const browser = useBrowser();
const baseUrl = () => inject('baseUrl');

describe('confirming it is you with an e-mailed code', () => {
  it('an account without a password or passkey confirms by e-mail code, downloads its data, then sets up the authenticator app', async () => {
    const { email, password } = await registerAccount();
    const { page, problems } = await browser.open('/login', 'phone');
    await signInWithForm(page, email, password);
    await page.waitForURL('**/dashboard');
    // The account stops having a password, as one made through a provider never had one.
    const origin = baseUrl();
    const dropped = await fetch(`${origin}/api/test/drop-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email }),
    });
    expect(dropped.status).toBe(204);
    await page.goto('/account');
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();

    const data = page.getByRole('heading', { name: 'Download my data' }).locator('..');
    // Once the ways to sign in are known, no password is asked for.
    await data.getByLabel('Your password', { exact: true }).waitFor({ state: 'detached' });
    await data.getByRole('button', { name: 'Download my data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog
      .getByText('For your safety, confirm with a 6-digit code that we e-mail to')
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Use my password instead' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'account-reauth-email-code-390');

    const asked = new Date().toISOString();
    await dialog.getByRole('button', { name: 'E-mail me a code' }).click();
    await dialog.getByText('We have sent a 6-digit code to').waitFor();
    const mail = await waitForMail(email, /security code/i, { after: asked });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();

    await dialog.getByLabel('Code from the e-mail').fill('000000' === code ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('That code is not right, or it has expired or been used.').waitFor();
    await screenshot(page, 'account-reauth-email-code-wrong-390');

    await dialog.getByLabel('Code from the e-mail').fill(code!);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Confirm' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('uk-study-portal-my-data.zip');
    const zip = await readZip(await readFile(await download.path()));
    expect(JSON.parse(zip.get('data.json')!.toString('utf8')).account.email).toBe(email);
    await page.getByText('Your file uk-study-portal-my-data.zip is downloading.').waitFor();

    // Within the 5 minutes, the authenticator app is set up without a password.
    const twoStep = page.getByRole('region', { name: 'Two-step verification' });
    expect(await twoStep.getByLabel('Your password', { exact: true }).count()).toBe(0);
    await twoStep.getByRole('button', { name: 'Set up two-step verification' }).click();
    await twoStep.getByTestId('totp-key').waitFor();
    await screenshot(page, 'account-two-factor-passwordless-390');
    expect(problems.filter((p) => !/40[03]/.test(p))).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from 'playwright-core';
import { keyOfUri, totpCode } from '../support/totp.ts';
import { inject } from 'vitest';
import { confirmByLink, linkIn, waitForMail } from './outbox.ts';

export const newEmail = (prefix = 'e2e') => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

/** Registers through the API (as the register page does) and, unless told not to, opens the confirmation link. */
export async function registerAccount({ confirm = true, password = 'secret-e2e-1' } = {}) {
  const baseUrl = inject('baseUrl');
  const email = newEmail();
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password, confirmPassword: password }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  if (confirm) {
    const link = linkIn(await waitForMail(email, /confirm/i));
    const confirmed = await confirmByLink(link);
    if (confirmed.status !== 200) throw new Error(`confirmation answered ${confirmed.status}`);
  }
  return { email, password };
}

/** Fills the login form and submits it. */
export async function signInWithForm(
  page: Page,
  email: string,
  password: string,
  { rememberMe = false } = {},
) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The authenticator keys (base32) e2e tests set up, by address: the test's authenticator app. */
export const totpKeys = new Map<string, string>();

/**
 * On /account: sets up two-step verification as a person does: the password, then the key shown as
 * text (read off the page and computed into a code, as an authenticator app would), then the ten
 * backup codes. Returns the backup codes.
 */
export async function setUpTotpOnAccountPage(
  page: Page,
  email: string,
  password: string,
): Promise<string[]> {
  const card = page.getByRole('region', { name: 'Two-step verification' });
  await card.getByLabel('Your password', { exact: true }).fill(password);
  await card.getByRole('button', { name: 'Set up two-step verification' }).click();
  const keyText = (await page.getByTestId('totp-key').textContent()) ?? '';
  const key = keyText.replace(/\s+/g, '');
  totpKeys.set(email.toLowerCase(), key);
  await page.getByLabel('Code from your authenticator app').fill(totpCode(key));
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await page.getByText('Two-step verification is on').waitFor();
  const codes = await page
    .getByRole('list', { name: 'Backup codes' })
    .getByRole('listitem')
    .allTextContents();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  return codes;
}

/** The code the test's authenticator app shows now for `email`. */
export function codeFor(email: string): string {
  const key = totpKeys.get(email.toLowerCase());
  if (!key) throw new Error(`no authenticator key for ${email}`);
  return totpCode(key);
}

/**
 * Signs a browser context in through the API as the login page does, answering the second step
 * with a computed code when the account has one; `enroll` sets one up first if it has none.
 */
export async function signInByApi(
  request: APIRequestContext,
  email: string,
  password: string,
  { enroll = false } = {},
) {
  const origin = inject('baseUrl');
  const res = await request.post('/api/auth/sign-in/email', {
    data: { email, password, rememberMe: false },
    headers: { origin },
  });
  if (!res.ok()) throw new Error(`sign-in answered ${res.status()}`);
  const body = (await res.json()) as { twoFactorRedirect?: boolean };
  if (body.twoFactorRedirect) {
    const step = await request.post('/api/auth/two-factor/verify-totp', {
      data: { code: codeFor(email) },
      headers: { origin },
    });
    if (!step.ok()) throw new Error(`the second step answered ${step.status()}`);
    return;
  }
  if (!enroll) return;
  const enabled = await request.post('/api/auth/two-factor/enable', {
    data: { password },
    headers: { origin },
  });
  if (!enabled.ok()) throw new Error(`two-factor/enable answered ${enabled.status()}`);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  totpKeys.set(email.toLowerCase(), keyOfUri(totpURI));
  const confirmed = await request.post('/api/auth/two-factor/verify-totp', {
    data: { code: codeFor(email) },
    headers: { origin },
  });
  if (!confirmed.ok()) throw new Error(`the first code answered ${confirmed.status()}`);
}

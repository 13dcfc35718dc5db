import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { linkIn, waitForMail } from './outbox.ts';

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
    const confirmed = await fetch(link, { redirect: 'manual' });
    if (confirmed.status !== 302) throw new Error(`confirmation answered ${confirmed.status}`);
  }
  return { email, password };
}

/** Fills the login form and submits it. */
export async function signInWithForm(page: Page, email: string, password: string, { rememberMe = false } = {}) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

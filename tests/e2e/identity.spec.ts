import { describe, expect, inject, it } from 'vitest';
import { identityMessages } from '../../tests/account-words.ts';
import { newEmail, registerAccount, signInWithForm } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();

// "University SSO" is a local oidc-provider (tests/support/oidc-provider.ts) standing in for a
// third party we cannot reach from tests.
describe('sign-in with another provider', () => {
  it('signs in with OpenID Connect against the local provider, and a new account is made', async () => {
    const { page, problems } = await browser.open('/login');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'login-providers-1280');
    await page.getByRole('button', { name: 'Continue with University SSO' }).click();
    await page.waitForURL(`${inject('oidcIssuer')}/interaction/**`);
    const email = newEmail('sso');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/dashboard');
    const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
    expect(session.user).toMatchObject({ email, emailVerified: true });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('a cancelled sign-in at the provider comes back to /login in plain words', async () => {
    const { page } = await browser.open('/login', 'phone');
    await page.getByRole('button', { name: 'Continue with University SSO' }).click();
    await page.waitForURL(`${inject('oidcIssuer')}/interaction/**`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/login?sso_error=access_denied');
    await page.getByRole('alert').filter({ hasText: identityMessages.cancelled }).waitFor();
    expect(page.url()).not.toContain('error_description');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'login-provider-error-390');
  });
});

describe('ways to sign in on /account', () => {
  it('links the university SSO to a password account, then unlinks it', async () => {
    const { email, password } = await registerAccount();
    const { page, problems } = await browser.open('/login', 'phone');
    await signInWithForm(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.goto('/account');
    const card = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'Ways to sign in' }) })
      .last();
    // exact: the card's description ('Your email and password, and…') holds the words too
    await card.getByText('Email and password', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Link University SSO' }).click();
    await page.waitForURL(`${inject('oidcIssuer')}/interaction/**`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/account?linked=1');
    await page.getByText(identityMessages.linked).waitFor();
    const list = page.getByRole('list', { name: 'Linked sign-ins' });
    await list.getByText('University SSO').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'account-linked-390');
    await page.getByRole('button', { name: 'Unlink University SSO' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
    await confirm.getByLabel('Your password', { exact: true }).fill(password);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'account-unlink-reauth-390');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('University SSO is no longer linked.').waitFor();
    await expect.poll(() => list.getByText('University SSO').count()).toBe(0);
    // the 403 that asked for the password again is the only thing the console reports
    expect(problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
  });
});

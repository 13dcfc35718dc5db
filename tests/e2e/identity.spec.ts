import { describe, expect, inject, it } from 'vitest';
import { identityMessages } from '../../shared/identity-messages.ts';
import { newEmail } from './auth-helpers.ts';
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
    expect(problems, problems.join("\n")).toEqual([]);
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

import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';
import { expect, inject } from 'vitest';
import { createPartnershipInput } from '../factories/referral.ts';
import {
  codeFor,
  registerAccount,
  setUpTotpOnAccountPage,
  signInByApi,
  signInWithForm,
} from './auth-helpers.ts';
import type { E2ePage, useBrowser } from './browser.ts';
import { linkIn, waitForMail } from './outbox.ts';

/** The agency's network (issue 28): partnership requests, an admin, partners with their factor. */
export function networkPages({ open }: ReturnType<typeof useBrowser>) {
  const baseUrl = inject('baseUrl');
  const password = 'partner-e2e-password';

  /** A partnership request as the /refer form sends it; its id. */
  async function requestPartnership(businessName: string) {
    const input = createPartnershipInput({ businessName });
    const res = await fetch(`${baseUrl}/api/partnerships?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(input),
    });
    expect(res.status).toBe(201);
    return { id: ((await res.json()) as { id: string }).id, email: input.email };
  }

  /** An admin (the test-only route gives a registered account the role), signed in with its factor. */
  async function adminAt(at: string): Promise<E2ePage> {
    const { email, password: adminPassword } = await registerAccount();
    const made = await fetch(`${baseUrl}/api/test/staff-role`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, role: 'admin' }),
    });
    expect(made.status).toBe(204);
    const admin = await open('/');
    await signInByApi(admin.context.request, email, adminPassword, { enroll: true });
    await admin.page.goto(at);
    return admin;
  }

  /** The invited contact sets a password from the e-mail, then the second factor it must have. */
  async function onboard(email: string, organisation: string) {
    const mail = await waitForMail(email, new RegExp(`partner account for ${organisation}$`));
    const visitor = await open(new URL(linkIn(mail)).pathname + new URL(linkIn(mail)).hash);
    await visitor.page.getByLabel('New password', { exact: true }).fill(password);
    await visitor.page.getByLabel('Confirm new password', { exact: true }).fill(password);
    await visitor.page.getByRole('button', { name: 'Set New Password' }).click();
    await visitor.page.waitForURL('**/account?setup=two-factor');
    // without the factor the portal's reads are refused
    const early = await visitor.context.request.get('/api/partner/applications');
    expect(early.status()).toBe(403);
    await setUpTotpOnAccountPage(visitor.page, email, password);
    await visitor.context.close();
  }

  /** Signs in with the form and the authenticator code; lands on the partner portal. */
  async function partnerSignsIn(email: string, viewport: 'phone' | 'desktop' = 'desktop') {
    const partner = await open('/login', viewport);
    await signInWithForm(partner.page, email, password);
    await partner.page.getByLabel('Code from your authenticator app').fill(codeFor(email));
    await partner.page.getByRole('button', { name: 'Verify' }).click();
    await partner.page.waitForURL('**/partner');
    return partner;
  }

  async function putJson(request: APIRequestContext, url: string, data: object) {
    const res = await request.put(url, { data, headers: { origin: baseUrl } });
    expect(res.status(), await res.text()).toBe(200);
    return res.json() as Promise<{ version: number }>;
  }

  return { password, requestPartnership, adminAt, onboard, partnerSignsIn, putJson };
}

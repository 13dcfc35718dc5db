import { expect } from 'vitest';
import {
  createApplicationFields,
  fixture,
  multipartBody,
  type UploadFile,
} from '../factories/application.ts';
import { registerAccount, signInByApi } from './auth-helpers.ts';
import type { E2ePage, useBrowser } from './browser.ts';
import { linkIn, waitForMail } from './outbox.ts';

/** The pages of a case: an application with its tracking link, a consultant's console, the track page. */
export function caseworkPages({ open, baseUrl }: ReturnType<typeof useBrowser>) {
  /**
   * An application sent with a passport copy (and `more` files), and its tracking link from the
   * confirmation e-mail.
   */
  async function submitWithPassport(more: UploadFile[] = []) {
    const fields = createApplicationFields();
    const { payload, contentType } = multipartBody(fields, [
      { key: 'passportCopy', ...fixture('passport.png'), contentType: 'image/png' },
      ...more,
    ]);
    const res = await fetch(`${baseUrl}/api/applications`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const link = linkIn(await waitForMail(fields.email as string, /received your application/i));
    return { id, link };
  }

  /** A consultant (the test-only fixture route gives a registered account the role) signed in at `at`. */
  async function consultantAt(
    at: string,
    viewport: 'phone' | 'desktop' = 'desktop',
  ): Promise<E2ePage> {
    const { email, password } = await registerAccount();
    const made = await fetch(`${baseUrl}/api/test/staff-role`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(made.status).toBe(204);
    const staff = await open('/', viewport);
    // Staff need a second factor (issue 10): the fixture consultant sets one up through the API.
    await signInByApi(staff.context.request, email, password, { enroll: true });
    await staff.page.goto(at);
    return staff;
  }

  async function trackAt(
    link: string,
    viewport: 'phone' | 'desktop' = 'desktop',
  ): Promise<E2ePage> {
    const student = await open(new URL(link).pathname + new URL(link).hash, viewport);
    await student.page.getByRole('heading', { name: 'Documents' }).waitFor();
    return student;
  }

  return { submitWithPassport, consultantAt, trackAt };
}

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApplicationFields, fixture, multipartBody } from '../factories/application.ts';
import { fixtures } from './application-helpers.ts';
import { registerAccount } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser, type E2ePage } from './browser.ts';
import { linkIn, waitForMail } from './outbox.ts';

const { open, baseUrl } = useBrowser();

/** An application sent with a passport copy, and its tracking link from the confirmation e-mail. */
async function submitWithPassport() {
  const fields = createApplicationFields();
  const { payload, contentType } = multipartBody(fields, [{ key: 'passportCopy', ...fixture('passport.png'), contentType: 'image/png' }]);
  const res = await fetch(`${baseUrl}/api/applications`, { method: 'POST', body: payload, headers: { 'content-type': contentType } });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const link = linkIn(await waitForMail(fields.email as string, /received your application/i));
  return { id, link };
}

/** A consultant (the test-only fixture route gives a registered account the role) signed in at `at`. */
async function consultantAt(at: string, viewport: 'phone' | 'desktop' = 'desktop'): Promise<E2ePage> {
  const { email, password } = await registerAccount();
  const made = await fetch(`${baseUrl}/api/test/staff-role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(made.status).toBe(204);
  const staff = await open('/', viewport);
  const res = await staff.context.request.post('/api/auth/sign-in/email', {
    data: { email, password, rememberMe: false },
    headers: { origin: baseUrl },
  });
  expect(res.ok()).toBe(true);
  await staff.page.goto(at);
  return staff;
}

async function trackAt(link: string, viewport: 'phone' | 'desktop' = 'desktop'): Promise<E2ePage> {
  const student = await open(new URL(link).pathname + new URL(link).hash, viewport);
  await student.page.getByRole('heading', { name: 'Documents' }).waitFor();
  return student;
}

describe('documents checked one by one, live on both sides', () => {
  it('staff reject the passport copy with a reason; the student sees it live, sends a new one, and sees it verified', async () => {
    const { id, link } = await submitWithPassport();
    const staff = await consultantAt(`/staff/applications/${id}`);
    const student = await trackAt(link);
    const studentDocs = student.page.getByRole('listitem', { name: 'Passport Copy' });
    const staffDocs = staff.page.getByRole('listitem', { name: 'Passport Copy' });
    await studentDocs.getByText('Received', { exact: true }).waitFor();
    await student.page.getByRole('status').getByText('Live', { exact: true }).waitFor();

    await staffDocs.getByRole('button', { name: 'Reject Passport Copy' }).click();
    await staffDocs.getByRole('button', { name: 'Reject document' }).click();
    await staffDocs.getByText('Say why the document is rejected').waitFor();
    await staffDocs.getByLabel('Why is the passport copy rejected?').fill('The photo page is cut off at the bottom.');
    await staffDocs.getByRole('button', { name: 'Reject document' }).click();
    await staffDocs.getByText('Reason: The photo page is cut off at the bottom.').waitFor();

    // the track page hears of it without a reload
    const action = student.page.getByRole('status').filter({ hasText: 'Action required' });
    await action.getByText('Your passport copy was not accepted: The photo page is cut off at the bottom.').waitFor();
    await studentDocs.getByText('Rejected', { exact: true }).waitFor();
    await screenshot(student.page, 'casework-track-rejected-1280');
    await expectNoSeriousAxeViolations(student.page);
    await screenshot(staff.page, 'casework-staff-rejected-1280');
    await expectNoSeriousAxeViolations(staff.page);
    const phone = await trackAt(link, 'phone');
    await phone.page.getByText('Action required').waitFor();
    await screenshot(phone.page, 'casework-track-rejected-390');
    await expectNoSeriousAxeViolations(phone.page);

    // a file that is not an image or PDF is refused with the submission's message
    await studentDocs.getByLabel('New passport copy').setInputFiles(path.join(fixtures, 'not-a-pdf.pdf'));
    await studentDocs.getByRole('button', { name: 'Send new passport copy' }).click();
    await studentDocs.getByText('Upload a PDF, JPG or PNG file').waitFor();
    await studentDocs.getByLabel('New passport copy').setInputFiles(path.join(fixtures, 'certificate.jpg'));
    await studentDocs.getByRole('button', { name: 'Send new passport copy' }).click();
    await studentDocs.getByText('Received', { exact: true }).waitFor();
    expect(await action.count()).toBe(0);

    // the console shows the new version live, the old one kept below
    await staffDocs.getByText('version 2').waitFor();
    await staffDocs.getByText('Earlier versions (1)').click();
    await staffDocs.getByText('Version 1: passport.png').waitFor();
    await staffDocs.getByRole('button', { name: 'Verify Passport Copy' }).click();
    await studentDocs.getByText('Verified', { exact: true }).waitFor();
    await screenshot(staff.page, 'casework-staff-verified-1280');
    await screenshot(student.page, 'casework-track-verified-1280');
    const staffPhone = await consultantAt(`/staff/applications/${id}`, 'phone');
    await staffPhone.page.getByRole('listitem', { name: 'Passport Copy' }).getByText('Verified', { exact: true }).waitFor();
    await screenshot(staffPhone.page, 'casework-staff-verified-390');
    await expectNoSeriousAxeViolations(staffPhone.page);

    // the refused file is the only error the browser logged (its 415 answer)
    expect(student.problems.filter((p) => !p.includes('415'))).toEqual([]);
    for (const page of [staff, phone, staffPhone]) expect(page.problems).toEqual([]);
  });
});

import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { createApplicationFields } from '../factories/application.ts';
import { changeStatusOnServer } from './application-helpers.ts';
import { registerAccount, signInByApi, signInWithForm } from './auth-helpers.ts';
import {
  expectNoSeriousAxeViolations,
  screenshot,
  useBrowser,
  viewports,
  type E2ePage,
} from './browser.ts';
import { waitForMail } from './outbox.ts';

/*
 * D16 on the screen: a student whose case is active sees, before confirming, what is kept, why
 * and until when; after they confirm, the owning consultant sees the erasure request on the case
 * (live) and in the queue, and the student receives the e-mail saying it.
 */
const browser = useBrowser();
const baseUrl = () => inject('baseUrl');
const ar = JSON.parse(
  await readFile(new URL('../../web/i18n/lang/ar.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** The deletion card alone, for a person to look at (a whole /account page is long). */
const cardShot = (page: E2ePage['page'], name: string) =>
  page
    .locator('#delete-intro')
    .locator('..')
    .screenshot({ path: `test-results/screenshots/${name}.png` });

/** A signed-in student (at `size`) with one application the team has moved on to an offer. */
async function studentWithOffer(size?: 'phone') {
  const { email, password } = await registerAccount();
  const student: E2ePage = await browser.open('/login', size);
  await signInWithForm(student.page, email, password);
  await student.page.waitForURL('**/dashboard');
  const form = new FormData();
  for (const [name, value] of Object.entries(
    createApplicationFields({ email, fullName: 'Noor Haddad' }),
  ))
    for (const item of [value].flat()) form.append(name, item);
  const submitted = await student.context.request.post('/api/applications', {
    multipart: form,
    headers: { origin: baseUrl() },
  });
  expect(submitted.status()).toBe(201);
  const { id } = (await submitted.json()) as { id: string };
  for (const status of ['reviewed', 'applied', 'offered']) await changeStatusOnServer(id, status);
  return { ...student, email, password, applicationId: id };
}

/** A consultant or admin (the test-only route gives a registered account the role) with a second factor. */
async function staffMember(
  role: 'consultant' | 'admin' = 'consultant',
): Promise<E2ePage & { email: string; password: string }> {
  const { email, password } = await registerAccount();
  const made = await fetch(`${baseUrl()}/api/test/staff-role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  expect(made.status).toBe(204);
  const staff = await browser.open('/');
  await signInByApi(staff.context.request, email, password, { enroll: true });
  return { ...staff, email, password };
}

describe('deleting an account with an active case', () => {
  it(
    'says what is kept, why and until when; after confirming, the consultant sees the erasure request and the student gets the e-mail',
    { timeout: 120_000 },
    async () => {
      const student = await studentWithOffer();
      const staff = await staffMember();
      await staff.page.goto(`/staff/applications/${student.applicationId}`);
      const take = staff.page.getByRole('button', { name: 'Take this case' });
      await take.click();
      await take.waitFor({ state: 'detached' });

      await student.page.goto('/account');
      const kept = student.page.getByRole('region', { name: 'What we keep, and why' });
      await kept.waitFor();
      await kept.getByText('This case is still active').waitFor();
      await kept.getByText('Kept until 72 months after the case closes, then deleted.').waitFor();
      await kept.getByText(/^Why: our contract with you and the law require it\./).waitFor();
      const erasedNow = student.page.getByRole('region', { name: 'Deleted at once' });
      await erasedNow.getByText('Your messages with our team and their attachments').waitFor();
      await kept.scrollIntoViewIfNeeded();
      await cardShot(student.page, 'account-erasure-card-en-1280');
      await expectNoSeriousAxeViolations(student.page);

      const card = student.page.locator('form[aria-describedby="delete-intro"]');
      await card.getByLabel('Your password', { exact: true }).fill(student.password);
      await card.getByRole('button', { name: 'Delete my account' }).click();
      await student.page.waitForURL('**/account/deleted');
      await student.page
        .getByText(/We keep the records of your active case until 72 months after it closes/)
        .waitFor();
      await screenshot(student.page, 'account-erasure-deleted-en-1280');

      // The consultant's open case page updates by itself.
      const notice = staff.page.getByRole('status').filter({ hasText: 'Erasure requested on' });
      await notice
        .getByText('The applicant deleted their account while this case was active.')
        .waitFor();
      await screenshot(staff.page, 'staff-erasure-request-1280');
      await staff.page.goto('/staff?erasure=requested&owner=me');
      const row = staff.page.getByRole('row', { name: /Noor Haddad/ });
      await row.getByText('Erasure requested').waitFor();
      await waitForMail(staff.email, /^Erasure request/);

      const mail = await waitForMail(student.email, /Your UK Study Portal data has been deleted/);
      expect(mail.text).toContain('One case is still active, so we keep its records');
      expect(mail.text).toContain(
        `(application ${student.applicationId}): kept until 72 months after the case closes`,
      );
      expect([...student.problems, ...staff.problems]).toEqual([]);
    },
  );

  it('reads right to left in Arabic, and fits a phone and a desktop in both languages', async () => {
    const student = await studentWithOffer('phone');
    for (const [lang, size] of [
      ['ar', 'phone'],
      ['ar', 'desktop'],
      ['en', 'phone'],
    ] as const) {
      await student.page.setViewportSize(viewports[size]);
      await student.page.goto(`/account?lang=${lang}`);
      const heading = lang === 'ar' ? ar['account.delete.keptHeading']! : 'What we keep, and why';
      const kept = student.page.getByRole('region', { name: heading });
      await kept.waitFor();
      expect(await student.page.evaluate(() => document.documentElement.dir)).toBe(
        lang === 'ar' ? 'rtl' : 'ltr',
      );
      if (lang === 'ar')
        await kept.getByText('يُحتفظ به حتى 72 شهرًا بعد إغلاق الملف، ثم يُحذف.').waitFor();
      const overflow = await student.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await kept.scrollIntoViewIfNeeded();
      await cardShot(student.page, `account-erasure-card-${lang}-${viewports[size].width}`);
      await expectNoSeriousAxeViolations(student.page);
    }
    expect(student.problems).toEqual([]);
  });
});

describe('a request by e-mail, in the console', () => {
  it(
    'an admin looks up an address without an account, sees what is kept, downloads, then erases',
    { timeout: 120_000 },
    async () => {
      const fields = createApplicationFields({ fullName: 'Omar Saleh' });
      const form = new FormData();
      for (const [name, value] of Object.entries(fields))
        for (const item of [value].flat()) form.append(name, item);
      const sent = await fetch(`${baseUrl()}/api/applications`, { method: 'POST', body: form });
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()) as { id: string };
      await changeStatusOnServer(id, 'reviewed');
      const email = fields.email as string;

      const admin = await staffMember('admin');
      await admin.page.goto('/staff/team');
      const requests = admin.page.getByRole('region', { name: 'Data requests' });
      await requests.getByLabel('Their e-mail address').fill(email);
      await requests.getByRole('button', { name: 'Look up' }).click();
      await requests.getByText('no account, 1 application sent with this address').waitFor();
      await requests.getByText('Kept until 72 months after it closes').waitFor();
      await screenshot(admin.page, 'staff-data-request-1280');
      await expectNoSeriousAxeViolations(admin.page);

      await requests.getByRole('button', { name: 'Download their data' }).click();
      await requests.getByText('Say how you checked the request comes from this address').waitFor();
      await requests
        .getByLabel('How you checked the request comes from this address')
        .fill('Replied to the address; they gave the application ID');
      await requests.getByLabel('Your password', { exact: true }).fill(admin.password);
      const [download] = await Promise.all([
        admin.page.waitForEvent('download'),
        requests.getByRole('button', { name: 'Download their data' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('uk-study-portal-personal-data.zip');

      admin.page.once('dialog', (dialog) => void dialog.accept());
      await requests.getByLabel('Your password', { exact: true }).fill(admin.password);
      await requests.getByRole('button', { name: 'Erase their data' }).click();
      await requests
        .getByText(/is erased; the active cases are kept as erasure requests/)
        .waitFor();
      const mail = await waitForMail(email, /Your UK Study Portal data has been deleted/);
      expect(mail.text).toContain('As you asked by e-mail');
      expect(admin.problems).toEqual([]);
    },
  );
});

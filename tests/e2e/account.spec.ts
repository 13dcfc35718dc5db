import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import { createApplicationFields } from '../factories/application.ts';
import { readZip } from '../factories/zip.ts';
import { fixtures } from './application-helpers.ts';
import { registerAccount, signInWithForm } from './auth-helpers.ts';
import {
  expectNoSeriousAxeViolations,
  screenshot,
  useBrowser,
  viewports,
  type E2ePage,
} from './browser.ts';
import { waitForMail } from './outbox.ts';

const browser = useBrowser();
const baseUrl = () => inject('baseUrl');
const ar = JSON.parse(
  await readFile(new URL('../../web/i18n/lang/ar.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** The account stops having a password, as one made through a provider or by e-mailed code never had one. */
async function dropPassword(email: string) {
  const origin = baseUrl();
  const dropped = await fetch(`${origin}/api/test/drop-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email }),
  });
  expect(dropped.status).toBe(204);
}

/** Signs in with the form, sends an application with a CV from this browser, and opens /account from the dashboard. */
async function signedInWithApplication(size?: 'phone') {
  const { email, password } = await registerAccount();
  const visitor: E2ePage = await browser.open('/login', size);
  await signInWithForm(visitor.page, email, password);
  await visitor.page.waitForURL('**/dashboard');
  const form = new FormData();
  for (const [name, value] of Object.entries(
    createApplicationFields({ email, fullName: 'Lena Okafor' }),
  ))
    for (const item of [value].flat()) form.append(name, item);
  form.append(
    'cv',
    new Blob([await readFile(path.join(fixtures, 'transcript.pdf'))], { type: 'application/pdf' }),
    'my-cv.pdf',
  );
  const submitted = await visitor.context.request.post('/api/applications', {
    multipart: form,
    headers: { origin: baseUrl() },
  });
  expect(submitted.status()).toBe(201);
  const { id } = (await submitted.json()) as { id: string };
  await visitor.page.reload();
  await visitor.page.getByRole('heading', { name: 'Lena Okafor' }).waitFor();
  await visitor.page.getByRole('main').getByRole('link', { name: 'My account' }).click();
  await visitor.page.waitForURL('**/account');
  await visitor.page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
  return { ...visitor, email, password, applicationId: id };
}

describe('/account', () => {
  it('downloads my data as one zip after asking for the password again', async () => {
    const { page, problems, password, email, applicationId } = await signedInWithApplication();
    await screenshot(page, 'account-1280');
    await expectNoSeriousAxeViolations(page);

    const exportForm = page.locator('form[aria-describedby="export-intro"]');
    await exportForm.getByLabel('Your password', { exact: true }).fill('not-my-password');
    await exportForm.getByRole('button', { name: 'Download my data' }).click();
    await exportForm.getByText('This is not your current password.').waitFor();

    await exportForm.getByLabel('Your password', { exact: true }).fill(password);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportForm.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('uk-study-portal-my-data.zip');
    const file = await download.path();
    const zip = await readZip(await readFile(file));
    const data = JSON.parse(zip.get('data.json')!.toString('utf8'));
    expect(data.account.email).toBe(email);
    expect(data.applications).toMatchObject([
      { id: applicationId, fullName: 'Lena Okafor', statusHistory: [{ status: 'submitted' }] },
    ]);
    expect([...zip.keys()]).toContain(`documents/${applicationId}/cv-v1-my-cv.pdf`);
    await page.getByText('Your file uk-study-portal-my-data.zip is downloading.').waitFor();
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
  });

  it('deletes my account after asking for the password again: signed out everywhere, the password no longer works', async () => {
    const { page, problems, password, email } = await signedInWithApplication('phone');
    const other = await browser.open('/login');
    await signInWithForm(other.page, email, password);
    await other.page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Delete my account' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'account-390');
    await expectNoSeriousAxeViolations(page);

    const deleteForm = page.locator('form[aria-describedby="delete-intro"]');
    await deleteForm.getByLabel('Your password', { exact: true }).fill('not-my-password');
    await deleteForm.getByRole('button', { name: 'Delete my account' }).click();
    await deleteForm.getByText('This is not your current password.').waitFor();
    await deleteForm.getByLabel('Your password', { exact: true }).fill(password);
    await deleteForm.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/account/deleted');
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    await screenshot(page, 'account-deleted-390');

    // The other device is signed out too: its live stream ends and the next visit asks to sign in.
    await other.page.goto('/dashboard');
    await other.page.waitForURL('**/login');
    await signInWithForm(other.page, email, password);
    await other.page.getByText(authMessages.invalidCredentials).waitFor();
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
  });

  it('offers "Change password" only to an account that has a password', async () => {
    const { email, password } = await registerAccount();
    const { page, problems } = await browser.open('/login');
    await signInWithForm(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Change password', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Change e-mail address', level: 2 }).waitFor();

    await dropPassword(email);
    await page.reload();
    const ways = page.getByRole('list', { name: 'Linked sign-ins' });
    await page.getByRole('heading', { name: 'Passkeys', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Change e-mail address', level: 2 }).waitFor();
    expect(await ways.getByText('Email and password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Change password' }).count()).toBe(0);
    expect(await page.getByLabel('Current password').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('in Arabic: the ways to sign in, the passkeys card and the confirm-it-is-you dialog, right to left on a phone', async () => {
    const { email, password } = await registerAccount();
    const { page, problems } = await browser.open('/login', 'phone');
    await signInWithForm(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.goto('/account?lang=ar');
    await page.getByRole('heading', { name: ar['account.page.heading'], level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await page.getByRole('heading', { name: 'طرق تسجيل الدخول' }).waitFor();
    const ways = page.getByRole('list', { name: 'طرق تسجيل الدخول المرتبطة' });
    await ways.getByText('البريد الإلكتروني وكلمة المرور').waitFor();
    const since = new Intl.DateTimeFormat('ar', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date());
    await ways.getByText(`منذ ${since}`).waitFor();
    await page.getByRole('heading', { name: 'مفاتيح المرور' }).waitFor();
    await page.getByText('ليس لديك أي مفاتيح مرور بعد.').waitFor();
    await page.getByLabel('اسم لمفتاح مرور جديد').waitFor();
    await page.getByRole('button', { name: 'إضافة مفتاح مرور' }).click();
    await page.getByText('أعطِ مفتاح المرور اسمًا، مثل «هاتفي».').waitFor();
    await screenshot(page, 'account-ar-390');

    // an account with no password confirms it is them by a code e-mailed to them
    await dropPassword(email);
    await page.reload();
    // once the ways to sign in are known, no password is asked for
    await expect
      .poll(() => page.getByLabel(ar['account.passwordAgain.label']!, { exact: true }).count())
      .toBe(0);
    expect(await page.getByRole('heading', { name: ar['account.password.heading'] }).count()).toBe(
      0,
    );
    await page.getByRole('button', { name: ar['account.export.button'] }).click();
    const dialog = page.getByRole('dialog', { name: 'أكّد أنك أنت' });
    await dialog
      .getByText('حفاظًا على أمانك، أكّد برمز من 6 أرقام نرسله بالبريد الإلكتروني إلى')
      .waitFor();
    expect(await dialog.locator('bdi[dir="ltr"]').textContent()).toBe(email);
    await screenshot(page, 'account-ar-reauth-390');
    const asked = new Date().toISOString();
    await dialog.getByRole('button', { name: 'أرسل لي رمزًا بالبريد الإلكتروني' }).click();
    await dialog.getByText('أرسلنا رمزًا من 6 أرقام إلى').waitFor();
    const mail = await waitForMail(email, /./, { after: asked });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    await dialog
      .getByLabel('الرمز من البريد الإلكتروني')
      .fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'تأكيد' }).click();
    await dialog.getByText(ar['error.REAUTH_EMAIL_CODE_WRONG']!).waitFor();
    const text = await dialog.innerText();
    for (const english of [
      'Confirm it is you',
      'For your safety',
      'Code from the e-mail',
      'Send a new code',
      'Cancel',
      'That code is not right',
    ]) {
      expect(text).not.toContain(english);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(page, 'account-ar-reauth-code-390');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await dialog.waitFor({ state: 'detached' });
    // the server's answers the dialog expects: confirm first (403), then the wrong code (400)
    expect(problems).toEqual([
      'Failed to load resource: the server responded with a status of 403 (Forbidden)',
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });

  it('looks right in English at 1280 px', async () => {
    const { email, password } = await registerAccount();
    const { page, problems } = await browser.open('/login');
    await signInWithForm(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Ways to sign in' }).waitFor();
    await page.getByText('You have no passkeys yet.').waitFor();
    await screenshot(page, 'account-1280');
    expect(problems).toEqual([]);
  });
});

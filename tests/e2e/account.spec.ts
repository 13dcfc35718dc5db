import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { authMessages } from '../../shared/auth-messages.ts';
import { createApplicationFields } from '../factories/application.ts';
import { readZip } from '../factories/zip.ts';
import { fixtures } from './application-helpers.ts';
import { registerAccount, signInWithForm } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser, type E2ePage } from './browser.ts';

const browser = useBrowser();
const baseUrl = () => inject('baseUrl');

/** Signs in with the form, sends an application with a CV from this browser, and opens /account from the dashboard. */
async function signedInWithApplication(size?: 'phone') {
  const { email, password } = await registerAccount();
  const visitor: E2ePage = await browser.open('/login', size);
  await signInWithForm(visitor.page, email, password);
  await visitor.page.waitForURL('**/dashboard');
  const form = new FormData();
  for (const [name, value] of Object.entries(createApplicationFields({ email, fullName: 'Lena Okafor' })))
    for (const item of [value].flat()) form.append(name, item);
  form.append('cv', new Blob([await readFile(path.join(fixtures, 'transcript.pdf'))], { type: 'application/pdf' }), 'my-cv.pdf');
  const submitted = await visitor.context.request.post('/api/applications', { multipart: form, headers: { origin: baseUrl() } });
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
    const [download] = await Promise.all([page.waitForEvent('download'), exportForm.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe('uk-study-portal-my-data.zip');
    const file = await download.path();
    const zip = await readZip(await readFile(file));
    const data = JSON.parse(zip.get('data.json')!.toString('utf8'));
    expect(data.account.email).toBe(email);
    expect(data.applications).toMatchObject([{ id: applicationId, fullName: 'Lena Okafor', statusHistory: [{ status: 'submitted' }] }]);
    expect([...zip.keys()]).toContain(`documents/${applicationId}/cv-my-cv.pdf`);
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
});

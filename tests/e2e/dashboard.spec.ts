import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations, screenshot, useBrowser, viewports } from './browser.ts';
import {
  changeStatusOnServer,
  chooseInStorage,
  fillApplicationForm,
  fixtures,
  journey,
} from './application-helpers.ts';
import { registerAccount, signInWithForm } from './auth-helpers.ts';
import { detailFields } from '../factories/application.ts';

const browser = useBrowser();
const enGB = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(
    date,
  );

/** An application sent signed out, straight to the API, as a visitor's browser would. */
async function submitSignedOut(email: string, fullName: string) {
  const form = new FormData();
  const fields: Record<string, string> = {
    fullName,
    dateOfBirth: '1999-02-11',
    email,
    phone: '+91 98765 43210',
    passportNumber: 'P7654321',
    nationality: 'IN',
    residencyCountry: 'IN',
    englishLevel: 'native',
    hasCertification: 'no',
    programId: 'bsc-computer-science-durham',
    universityId: 'durham-university',
    ...(detailFields() as Record<string, string>),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const id of ['durham-university', 'university-of-york', 'university-of-oxford'])
    form.append('universityIds', id);
  form.append('cv', new Blob([readFileSync(path.join(fixtures, 'transcript.pdf'))]), 'cv.pdf');
  const res = await fetch(`${inject('baseUrl')}/api/applications`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`submit answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

describe('/dashboard', () => {
  it('shows the empty state with a way to start', async () => {
    const { email, password } = await registerAccount();
    const { page, problems } = await browser.open('/login', 'phone');
    await signInWithForm(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'No applications yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Start Application' }).getAttribute('href')).toBe(
      '/universities',
    );
    expect(
      await page.getByRole('link', { name: 'Start New Application' }).getAttribute('href'),
    ).toBe('/universities');
    await screenshot(page, 'dashboard-empty-390');
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('lists my applications, newest first, with every field, live, including one sent before signing in and added by its id', async () => {
    const { email, password } = await registerAccount();
    const earlierId = await submitSignedOut(email, 'Priya Sharma');

    const { page, problems } = await browser.open('/login');
    await signInWithForm(page, email, password);
    await page.waitForURL('**/dashboard');
    // D2: signing in with the same address is no proof; the id typed while signed in is.
    await page.getByRole('heading', { name: 'No applications yet' }).waitFor();
    await page.getByLabel('Application ID').fill('not an id');
    await page.getByRole('button', { name: 'Add application' }).click();
    await page
      .getByText('This is not an application ID. Copy it from your confirmation e-mail.')
      .waitFor();
    await page.getByLabel('Application ID').fill(earlierId);
    await page.getByRole('button', { name: 'Add application' }).click();
    await page.getByRole('heading', { name: 'Priya Sharma' }).waitFor();
    await page.getByText('The application is now on your dashboard.').waitFor();

    await chooseInStorage(page);
    await page.goto('/application');
    await page.getByText('You are applying for').waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await fillApplicationForm(page, { fullName: 'Priya R. Sharma', file: 'transcript.pdf' });
    await page.getByRole('button', { name: 'Submit application' }).click();
    const newId = (await page.getByTestId('application-id').textContent())!.trim();

    await page.getByRole('link', { name: 'My Applications' }).first().click();
    await page.waitForURL('**/dashboard');
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(2);
    const newest = cards.first();
    expect(await newest.getByRole('heading').first().textContent()).toBe('Priya R. Sharma');
    await newest.getByText(`Submitted ${enGB(new Date())}`).waitFor();
    await newest.getByText('Submitted', { exact: true }).first().waitFor();
    expect(await newest.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    await newest.getByText('Masters', { exact: true }).waitFor();
    await newest.getByText(`${journey.universityName}, ${journey.picks[0]} and 2 more`).waitFor();
    await newest.getByRole('heading', { name: 'Status updates' }).waitFor();
    const transcripts = newest.getByRole('link', { name: 'Transcripts' });
    expect(await transcripts.getAttribute('href')).toBe(
      `/api/applications/${newId}/documents/transcripts`,
    );
    const download = await page.request.get(`/api/applications/${newId}/documents/transcripts`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(/^attachment/);

    const earlier = cards.nth(1);
    expect(await earlier.getByRole('heading').first().textContent()).toBe('Priya Sharma');
    await earlier.getByText('Bachelors', { exact: true }).waitFor();
    await earlier.getByRole('link', { name: 'CV' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    await screenshot(page, 'dashboard-1280');
    await expectNoSeriousAxeViolations(page);

    await changeStatusOnServer(earlierId, 'reviewed', 'We are checking your CV.');
    await earlier.getByText('We are checking your CV.').waitFor();
    await expect
      .poll(() => earlier.getByRole('progressbar').getAttribute('aria-valuenow'))
      .toBe('40');
    await earlier.getByText('Reviewed', { exact: true }).first().waitFor();

    await newest.getByRole('link', { name: /Track this application/ }).click();
    await page.waitForURL('**/track');
    await page
      .getByText('Your application has been successfully submitted and is being processed.')
      .waitFor();
    expect(problems).toEqual([]);
  });

  it('looks right on a phone', async () => {
    const { email, password } = await registerAccount();
    const id = await submitSignedOut(email, 'Chen Wei');
    const { page, problems } = await browser.open('/login', 'phone');
    await signInWithForm(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.getByLabel('Application ID').fill(id);
    await page.getByRole('button', { name: 'Add application' }).click();
    await page.getByRole('heading', { name: 'Chen Wei' }).waitFor();
    await screenshot(page, 'dashboard-390');
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('in Arabic: Arabic copy right to left, the date in Arabic, the address left to right, nothing wider than a phone', async () => {
    const { email, password } = await registerAccount();
    const id = await submitSignedOut(email, 'Layla Haddad');
    const { page, problems } = await browser.open('/login', 'phone');
    await signInWithForm(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.goto('/dashboard?lang=ar');
    await page.getByRole('heading', { level: 1, name: 'طلباتي' }).waitFor();
    expect(
      await page.evaluate(() => ({
        lang: document.documentElement.lang,
        dir: document.documentElement.dir,
      })),
    ).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('heading', { name: 'لا توجد طلبات بعد' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'ابدأ الطلب', exact: true }).getAttribute('href'),
    ).toBe('/universities');
    expect(await page.locator('bdi[dir="ltr"]').filter({ hasText: email }).count()).toBe(1);

    await page.getByLabel('رقم الطلب').fill('not an id');
    await page.getByRole('button', { name: 'إضافة الطلب' }).click();
    await page.getByText('هذا ليس رقم طلب. انسخه من رسالة التأكيد الإلكترونية.').waitFor();
    await page.getByLabel('رقم الطلب').fill(id);
    await page.getByRole('button', { name: 'إضافة الطلب' }).click();
    const card = page.getByRole('article');
    await card.getByRole('heading', { name: 'Layla Haddad' }).waitFor();
    await page.getByText('أصبح الطلب الآن في لوحة التحكم الخاصة بك.').waitFor();
    const arabicDate = new Intl.DateTimeFormat('ar', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(new Date());
    await card.getByText(`أُرسل في ${arabicDate}`).waitFor();
    await card.getByText('مُرسَل', { exact: true }).first().waitFor();
    await card.getByRole('heading', { name: 'المستندات' }).waitFor();
    await card.getByText('مُستلَم', { exact: true }).first().waitFor();
    await card.getByRole('link', { name: /تتبّع هذا الطلب/ }).waitFor();
    expect(await card.getByRole('progressbar').getAttribute('aria-label')).toBe(
      'تقدّم طلب Layla Haddad',
    );
    const text = await page.locator('main').innerText();
    for (const english of [
      'My Applications',
      'Submitted',
      'Documents',
      'Study level',
      'Sent an application before signing in?',
      'Track this application',
      'Received',
    ]) {
      expect(text).not.toContain(english);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(page, 'dashboard-ar-390');
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });
});

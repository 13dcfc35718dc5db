import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseInStorage, fillApplicationDetails, fixtures } from './application-helpers.ts';
import { newEmail, registerAccount } from './auth-helpers.ts';
import { screenshot, useBrowser } from './browser.ts';

/**
 * Issue 23 (D17): errors travel as codes, and each screen says them in the reader's language, both
 * the ones the browser finds with the shared schema and the ones the server answers with.
 */
const browser = useBrowser();

const ar = JSON.parse(
  readFileSync(new URL('../../web/i18n/lang/ar.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** An Arabic message with its values, as react-intl formats it. */
function say(id: string, values: Record<string, string | number> = {}): string {
  const source = ar[id];
  if (!source) throw new Error(`no Arabic message ${id}`);
  return String(new IntlMessageFormat(source, 'ar').format(values));
}

/** The words a form shows beside a field: the code's sentence with the field's label. */
const fieldSays = async (page: Page, name: string, id: string) => {
  const label = await page.locator(`label[for="${await idOf(page, name)}"]`).innerText();
  return say(id, { field: label.trim() });
};
const idOf = (page: Page, name: string) =>
  page.locator(`[name="${name}"]`).first().getAttribute('id');

/** No English sentence of the error catalogue is on the page. */
async function expectNoEnglishErrors(page: Page) {
  const text = await page.locator('main').innerText();
  for (const english of ['is required', 'must be', 'not valid', 'Something went wrong'])
    expect(text).not.toContain(english);
}

describe('errors in Arabic, from the browser and from the server', () => {
  it('the application form: a missing name (browser) and a file that is not a PDF (server)', async () => {
    const { page } = await browser.open('/?lang=ar', 'phone');
    await chooseInStorage(page);
    await page.goto('/application');
    const send = page.getByRole('button', { name: ar['application.form.submit'] });
    await send.click();
    await page.getByText(await fieldSays(page, 'fullName', 'error.too_small')).waitFor();

    await page.locator('[name="fullName"]').fill('ليلى حداد');
    await page.locator('[name="dateOfBirth"]').fill('2001-04-23');
    await page.locator('[name="email"]').fill(newEmail('arabic-errors'));
    await page.locator('[name="phone"]').fill('+962 7 9012 3456');
    await page.locator('[name="passportNumber"]').fill('N1234567');
    await page.locator('[name="nationality"]').selectOption('JO');
    await page.locator('[name="residencyCountry"]').selectOption('JO');
    await page.locator('[name="englishLevel"]').selectOption('advanced');
    await fillApplicationDetails(page);
    await page.locator('[name="transcripts"]').setInputFiles(path.join(fixtures, 'not-a-pdf.pdf'));
    await send.click();
    const banner = page.getByRole('alert').filter({ hasText: ar['application.form.notSent'] });
    await banner.waitFor();
    expect(await banner.innerText()).toContain(
      say('error.UNSUPPORTED_FILE_TYPE', { field: ar['application.error.field.transcripts']! }),
    );
    await expectNoEnglishErrors(page);
    await screenshot(page, 'errors-ar-application-390');
  });

  it('register: a short password (browser) and a common one (server)', async () => {
    const { page } = await browser.open('/register?lang=ar', 'phone');
    await page.locator('[name="email"]').fill(newEmail('arabic-register'));
    await page.locator('[name="password"]').fill('short');
    await page.locator('[name="confirmPassword"]').fill('short');
    const create = page.getByRole('button', { name: ar['auth.register.submit'] });
    await create.click();
    await page.getByText(say('error.PASSWORD_TOO_SHORT', { minimum: 6 })).waitFor();

    await page.locator('[name="password"]').fill('password1');
    await page.locator('[name="confirmPassword"]').fill('password1');
    await create.click();
    await page.getByText(say('error.PASSWORD_TOO_COMMON')).waitFor();
    await expectNoEnglishErrors(page);
    await screenshot(page, 'errors-ar-register-390');
  });

  it('login: nothing typed (browser) and a wrong password (server)', async () => {
    const { email } = await registerAccount();
    const { page } = await browser.open('/login?lang=ar', 'phone');
    const signIn = page.getByRole('button', { name: ar['auth.login.signIn'], exact: true });
    await signIn.click();
    await page.getByText(say('error.CREDENTIALS_REQUIRED')).waitFor();

    await page.locator('[name="email"]').fill(email);
    await page.locator('[name="password"]').fill('not-the-password');
    await signIn.click();
    await page.getByText(say('error.INVALID_EMAIL_OR_PASSWORD')).waitFor();
    await expectNoEnglishErrors(page);
  });

  it('the referral form: a missing name (browser) and a text too long for the server', async () => {
    const { page } = await browser.open('/refer?form=student&lang=ar', 'phone');
    const submit = page.getByRole('button', { name: ar['refer.form.submit'], exact: true });
    await submit.click();
    await page.getByText(await fieldSays(page, 'name', 'error.too_small')).waitFor();

    // The request leaves the browser with a 400-character interest (as an older page would send
    // it); the server's own refusal comes back and is shown beside the field, in Arabic.
    // the form sends its language with the request (?lang=ar)
    const referralsApi = /\/api\/referrals(\?|$)/;
    await page.route(referralsApi, (route) =>
      route.continue({
        postData: JSON.stringify({
          ...(route.request().postDataJSON() as object),
          studyInterest: 'x'.repeat(400),
        }),
      }),
    );
    await page.locator('[name="name"]').fill('Adaeze Obi');
    await page.locator('[name="country"]').selectOption('NG');
    await page.locator('[name="phone"]').fill('+234 803 123 4567');
    await page.locator('[name="email"]').fill(newEmail('arabic-refer'));
    await page.locator('[name="studentName"]').fill('Chidi Eze');
    await page.locator('[name="studentEmail"]').fill(newEmail('student'));
    await page.locator('[name="studyInterest"]').fill('MSc Data Science');
    const refused = page.waitForResponse(referralsApi);
    await submit.click();
    expect((await refused).status()).toBe(400);
    const label = await page
      .locator(`label[for="${await idOf(page, 'studyInterest')}"]`)
      .innerText();
    await page.getByText(say('error.too_big', { field: label.trim(), maximum: 300 })).waitFor();
    await expectNoEnglishErrors(page);
    await screenshot(page, 'errors-ar-refer-390');
  });
});

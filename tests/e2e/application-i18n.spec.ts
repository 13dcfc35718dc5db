import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../shared/locales.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser, viewports } from './browser.ts';
import {
  changeStatusOnServer,
  chooseInStorage,
  fillApplicationDetails,
  fixtures,
} from './application-helpers.ts';
import { newEmail } from './auth-helpers.ts';
import { waitForMail } from './outbox.ts';

/** Issue 14: the application form in the reader's language, and its e-mails in the language it was sent in. */
const browser = useBrowser();

const catalogue = (locale: Locale) =>
  JSON.parse(
    readFileSync(new URL(`../../web/i18n/lang/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
const ar = catalogue('ar');
const t = (id: string) => {
  const text = ar[id];
  if (!text) throw new Error(`no Arabic message ${id}`);
  return text;
};
/** A field's message as the form words it: the code's sentence with the field's own label. */
const fieldError = (code: string, labelId: string) => t(code).replace('{field}', t(labelId));

async function documentLocale(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));
}

describe('/application in Arabic', () => {
  it('shows the form and its checks in Arabic, submits, follows the track page in Arabic, and e-mails the confirmation and a status change in Arabic', async () => {
    const { page, problems } = await browser.open('/?lang=ar', 'phone');
    await chooseInStorage(page);
    await page.goto('/application');
    expect(await documentLocale(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('heading', { level: 1, name: t('application.page.title') }).waitFor();
    await page.getByRole('button', { name: t('application.form.submit') }).click();
    // the shared schema's checks, in Arabic
    await page.getByText(fieldError('error.too_small', 'application.personal.fullName')).waitFor();
    await page
      .getByText(fieldError('error.too_small', 'application.personal.dateOfBirth'))
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(page, 'application-ar-390-errors');

    const email = newEmail('arabic');
    await page.getByLabel(t('application.personal.fullName')).fill('Layla Haddad');
    await page.getByLabel(t('application.personal.dateOfBirth')).fill('2001-04-23');
    await page.getByLabel(t('application.personal.email')).fill(email);
    await page.getByLabel(t('application.personal.phone')).fill('+962 7 9012 3456');
    await page.getByLabel(t('application.personal.passport')).fill('N1234567');
    await page.getByLabel(t('application.personal.nationality')).selectOption('JO');
    await page.getByLabel(t('application.personal.residency')).selectOption('JO');
    await page.getByLabel(t('application.personal.englishLevel')).selectOption('advanced');
    await fillApplicationDetails(page);
    await page
      .getByLabel(t('application.documents.transcripts'))
      .setInputFiles(path.join(fixtures, 'transcript.pdf'));
    await page.getByRole('button', { name: t('application.form.submit') }).click();
    await page.getByRole('heading', { name: t('application.submitted.heading') }).waitFor();
    const applicationId = (await page.getByTestId('application-id').textContent())!.trim();
    await screenshot(page, 'application-ar-390-submitted');

    const confirmation = await waitForMail(email, /^لقد استلمنا طلبك$/);
    expect(confirmation.html).toContain('<html lang="ar" dir="rtl">');
    expect(confirmation.text).toContain(`رقم طلبك هو ${applicationId}.`);
    // its track page, in Arabic, follows the status change live
    await page.getByRole('link', { name: t('application.submitted.track') }).click();
    await page
      .getByTestId('status-description')
      .filter({ hasText: t('track.status.submitted.description') })
      .waitFor();
    await page.getByText(t('track.history.heading')).waitFor();
    await page.getByRole('heading', { name: t('track.details.heading'), exact: true }).waitFor();
    await page
      .getByText(new Intl.DisplayNames(['ar'], { type: 'region' }).of('JO')!, { exact: true })
      .waitFor();
    expect(await documentLocale(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await changeStatusOnServer(applicationId, 'reviewed');
    await page
      .getByTestId('status-description')
      .filter({ hasText: t('track.status.reviewed.description') })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(page, 'track-ar-390');
    const status = await waitForMail(email, /^طلبك قيد المراجعة$/);
    expect(status.text).toContain('يراجع فريق القبول طلبك حاليًا.');
    expect(problems).toEqual([]);
  });

  it('mirrors with no sideways scrolling and no serious axe violation, in Arabic and English at 390 and 1280 px', async () => {
    for (const locale of ['ar', 'en'] as const) {
      for (const width of ['phone', 'desktop'] as const) {
        const { page, problems } = await browser.open(`/?lang=${locale}`, width);
        await chooseInStorage(page);
        await page.goto('/application');
        const submit = catalogue(locale)['application.form.submit']!;
        await page.getByRole('button', { name: submit }).waitFor();
        expect(await documentLocale(page)).toEqual(
          locale === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en-GB', dir: 'ltr' },
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewports[width].width,
        );
        // the form's first label starts on the reading side: the right in Arabic
        const label = await page
          .getByText(catalogue(locale)['application.personal.fullName']!, { exact: true })
          .first()
          .boundingBox();
        const fieldset = await page.locator('fieldset').first().boundingBox();
        if (locale === 'ar')
          expect(label!.x + label!.width).toBeGreaterThan(fieldset!.x + fieldset!.width - 4);
        else expect(label!.x).toBeLessThan(fieldset!.x + 4);
        await expectNoSeriousAxeViolations(page);
        await screenshot(page, `application-${locale}-${viewports[width].width}`);
        expect(problems).toEqual([]);
      }
    }
  });
});

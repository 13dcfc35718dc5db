import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import {
  chooseInStorage,
  fillApplicationDetails,
  fixtures,
  journey,
} from './application-helpers.ts';
import { newEmail, registerAccount, signInWithForm } from './auth-helpers.ts';
import { linkIn, waitForMail } from './outbox.ts';

const browser = useBrowser();

const half = {
  'Full name': 'Amina Yusuf',
  'Date of birth': '2001-04-23',
  Phone: '+234 803 123 4567',
  'Passport number': 'A12345678',
};

async function fillHalf(page: Page) {
  for (const [label, value] of Object.entries(half)) await page.getByLabel(label).fill(value);
  await page.getByLabel('Nationality').selectOption('NG');
  // issue 25 §3's fields are kept too
  await page.locator('[name="education.0.institution"]').fill('University of Lagos');
  await page.locator('[name="englishTest.test"]').selectOption('ieltsAcademic');
  await page.locator('[name="englishTest.overall"]').fill('6.5');
}

/** Every value of the half-filled form is on show. */
async function expectHalf(page: Page) {
  await page.getByLabel('Full name').waitFor();
  for (const [label, value] of Object.entries(half))
    expect(await page.getByLabel(label).inputValue(), label).toBe(value);
  expect(await page.getByLabel('Nationality').inputValue()).toBe('NG');
  expect(await page.locator('[name="education.0.institution"]').inputValue()).toBe(
    'University of Lagos',
  );
  expect(await page.locator('[name="englishTest.test"]').inputValue()).toBe('ieltsAcademic');
  expect(await page.locator('[name="englishTest.overall"]').inputValue()).toBe('6.5');
}

const myDraft = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/me/draft')).json()) as Promise<{
    draft: unknown;
  }>;

describe('drafts of the application form (issue 25 §1)', () => {
  it('keeps what was typed through a reload, Back and Forward, continues on a second browser, and is gone once sent', async () => {
    const { email, password } = await registerAccount();
    const first = await browser.open('/login');
    await signInWithForm(first.page, email, password);
    await first.page.waitForURL('**/dashboard');
    await chooseInStorage(first.page);
    await first.page.goto('/application');
    const dialogs: string[] = [];
    first.page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await fillHalf(first.page);
    await first.page
      .getByLabel('Transcripts (optional)')
      .setInputFiles(path.join(fixtures, 'transcript.pdf'));
    await first.page.getByText('Saved to your account').waitFor();

    await first.page.reload();
    await expectHalf(first.page);
    // the browser asked before the reload: a chosen file cannot be kept
    expect(dialogs).toEqual(['beforeunload']);
    await first.page.getByText('You chose transcript.pdf before: choose it again.').waitFor();

    await first.page.goto('/universities');
    await first.page.goBack();
    await expectHalf(first.page);
    await first.page.goForward();
    await first.page.waitForURL('**/universities');
    await first.page.goBack();
    await expectHalf(first.page);

    // another device: the dashboard offers the draft
    const second = await browser.open('/login', 'phone');
    await signInWithForm(second.page, email, password);
    await second.page.waitForURL('**/dashboard');
    await second.page
      .getByRole('heading', { name: 'An application you have not sent yet' })
      .waitFor();
    await second.page.getByText(journey.programName).waitFor();
    await screenshot(second.page, 'drafts-dashboard-390');
    await expectNoSeriousAxeViolations(second.page);
    await second.page.getByRole('link', { name: 'Continue your application' }).click();
    await second.page.waitForURL(`**/application?program=${journey.programId}`);
    await expectHalf(second.page);
    await second.page.getByText('You chose transcript.pdf before: choose it again.').waitFor();
    await screenshot(second.page, 'drafts-restored-390');
    await expectNoSeriousAxeViolations(second.page);

    await second.page.getByLabel('Country of residence').selectOption('NG');
    await second.page.getByLabel('English level').selectOption('advanced');
    await fillApplicationDetails(second.page);
    await second.page.getByRole('button', { name: 'Submit application' }).click();
    await second.page.getByRole('heading', { name: /Application submitted/i }).waitFor();
    expect(await myDraft(second.page)).toEqual({ draft: null });

    await second.page.goto('/dashboard');
    await second.page.getByText(journey.programName).first().waitFor();
    expect(await second.page.getByRole('link', { name: 'Continue your application' }).count()).toBe(
      0,
    );
    // the first browser's copy was saved to the account, which no longer has it: it goes too
    await first.page.reload();
    await first.page.getByLabel('Full name').waitFor();
    expect(await first.page.getByLabel('Full name').inputValue()).toBe('');
    expect(first.problems).toEqual([]);
    expect(second.problems).toEqual([]);
  });

  it('e-mails a signed-out student a link that opens what they typed on another browser', async () => {
    const { page, problems } = await browser.open('/');
    await chooseInStorage(page);
    await page.goto('/application');
    await fillHalf(page);
    const email = newEmail('later');
    const later = page.getByRole('region', { name: 'Continue later, on any device' });
    await later.getByLabel('Your e-mail address').fill(email);
    await later.getByRole('button', { name: 'E-mail me a link' }).click();
    await later.getByText(`We sent a link to ${email}.`).waitFor();
    await screenshot(page, 'drafts-continue-later-1280');
    await expectNoSeriousAxeViolations(page);

    const link = linkIn(await waitForMail(email, /saved for later/));
    expect(new URL(link).hash).toMatch(/^#draft=/);
    const elsewhere = await browser.open(link.replace(/^https?:\/\/[^/]+/, ''), 'phone');
    await expectHalf(elsewhere.page);
    expect(new URL(elsewhere.page.url()).hash).toBe('');
    expect(problems).toEqual([]);
    expect(elsewhere.problems).toEqual([]);
  });

  it('says to choose a file again when it changed on disk after it was chosen, not that the network failed (§4)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'drafts-e2e-'));
    const file = path.join(folder, 'transcript.pdf');
    copyFileSync(path.join(fixtures, 'transcript.pdf'), file);
    const { email, password } = await registerAccount();
    const { page, problems } = await browser.open('/login');
    await signInWithForm(page, email, password);
    await page.waitForURL('**/dashboard');
    await chooseInStorage(page);
    await page.goto('/application');
    await fillHalf(page);
    await page.getByLabel('Country of residence').selectOption('NG');
    await page.getByLabel('English level').selectOption('advanced');
    await fillApplicationDetails(page);
    await page.getByLabel('Transcripts (optional)').setInputFiles(file);
    writeFileSync(file, '%PDF-1.4 edited after it was chosen, and longer than before\n');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText(/changed after you chose it\. Please choose it again\./).waitFor();
    expect(await page.getByText('We could not reach the server').count()).toBe(0);
    // chosen again (as it is now), it goes
    copyFileSync(path.join(fixtures, 'transcript.pdf'), file);
    await page.getByLabel('Transcripts (optional)').setInputFiles(file);
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByRole('heading', { name: /Application submitted/i }).waitFor();
    expect(problems).toEqual([]);
  });

  for (const lang of ['en', 'ar', 'zh-CN']) {
    it(`shows a restored form in ${lang} on a phone and a desktop, axe clean`, async () => {
      for (const viewport of ['phone', 'desktop'] as const) {
        const { page, problems } = await browser.open(`/?lang=${lang}`, viewport);
        await chooseInStorage(page);
        await page.goto(`/application?lang=${lang}`);
        await page.locator('input[name="fullName"]').fill('Amina Yusuf');
        await page
          .locator('input[name="transcripts"]')
          .setInputFiles(path.join(fixtures, 'transcript.pdf'));
        page.on('dialog', (dialog) => void dialog.accept());
        await page.reload();
        await page.locator('#continue-later-heading').waitFor();
        expect(await page.locator('input[name="fullName"]').inputValue()).toBe('Amina Yusuf');
        await screenshot(page, `drafts-form-${lang}-${viewport === 'phone' ? 390 : 1280}`);
        await expectNoSeriousAxeViolations(page);
        expect(problems).toEqual([]);
        await page.context().close();
      }
    });
  }
});

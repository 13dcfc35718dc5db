import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export const fixtures = path.resolve(import.meta.dirname, '../fixtures/files');

/** The picks and the program of the journey: the program's university is not among the picks. */
export const journey = {
  picks: ['Imperial College London', 'University College London (UCL)', 'University of Edinburgh'],
  pickIds: ['imperial-college-london', 'university-college-london-ucl', 'university-of-edinburgh'],
  programId: 'msc-advanced-computer-science-manchester',
  programName: 'MSc Advanced Computer Science',
  universityId: 'university-of-manchester',
  universityName: 'University of Manchester',
};

/** Puts the picks and the program in the selection store, as /universities and /programs do. */
export async function chooseInStorage(page: Page) {
  await page.evaluate((j) => {
    sessionStorage.setItem(
      'portal.selection.v1',
      JSON.stringify({
        universityIds: j.pickIds,
        program: { programId: j.programId, universityId: j.universityId },
      }),
    );
  }, journey);
}

export interface Applicant {
  fullName: string;
  email?: string;
  file?: string;
}

/**
 * Issue 25 §3's required parts in any language (by field name): one school, "no English test yet"
 * and the consent.
 */
export async function fillApplicationDetails(page: Page) {
  await page.locator('[name="education.0.institution"]').fill('University of Lagos');
  await page.locator('[name="education.0.country"]').selectOption('NG');
  await page.locator('[name="education.0.qualification"]').fill('BSc');
  await page.locator('[name="education.0.subject"]').fill('Computer Science');
  await page.locator('[name="education.0.grade"]').fill('4.2');
  await page.locator('[name="education.0.gradeScale"]').fill('out of 5.0');
  await page.locator('[name="education.0.startYear"]').fill('2019');
  await page.locator('[name="education.0.endYear"]').fill('2023');
  await page.locator('[name="englishTest.test"]').selectOption('none');
  await page.locator('[name="consent"]').check();
}

/** Fills every required field as a person would; the e-mail only when given (else it is prefilled). */
export async function fillApplicationForm(page: Page, applicant: Applicant) {
  await page.getByLabel('Full name').fill(applicant.fullName);
  await page.getByLabel('Date of birth').fill('2001-04-23');
  if (applicant.email) await page.getByLabel('Email').fill(applicant.email);
  await page.getByLabel('Phone').fill('+234 803 123 4567');
  await page.getByLabel('Passport number').fill('A12345678');
  await page.getByLabel('Nationality').selectOption('NG');
  await page.getByLabel('Country of residence').selectOption('NG');
  await page.getByLabel('English level').selectOption('advanced');
  await fillApplicationDetails(page);
  if (applicant.file)
    await page
      .getByLabel('Transcripts (optional)')
      .setInputFiles(path.join(fixtures, applicant.file));
}

/** The test-only route (NODE_ENV=test) that calls changeStatus, as the staff console will. */
export async function changeStatusOnServer(applicationId: string, status: string, note?: string) {
  const baseUrl = inject('baseUrl');
  const res = await fetch(`${baseUrl}/api/test/applications/${applicationId}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status, ...(note ? { note } : {}) }),
  });
  if (!res.ok) throw new Error(`status change answered ${res.status}: ${await res.text()}`);
}

import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, screenshot, useBrowser, type E2ePage } from './browser.ts';
import { caseworkPages } from './casework-helpers.ts';

/*
 * Issue 25 §2: two people on one record never erase each other's work. The later save is based on
 * a version; what the other person changed meanwhile is shown, and their own typing is kept.
 */
const browser = useBrowser();
const { submitWithPassport, consultantAt, trackAt } = caseworkPages(browser);

/** Through the console: reviewed, the first university sent and its unconditional offer recorded. */
async function offer(staff: E2ePage) {
  await staff.page.getByRole('button', { name: 'Move to Reviewed' }).click();
  await staff.page.getByText('Moved to reviewed', { exact: false }).first().waitFor();
  const choice = staff.page
    .getByRole('region', { name: 'Universities' })
    .getByRole('article')
    .first();
  await choice.getByRole('button', { name: 'Record as sent' }).click();
  await choice.getByLabel('Decision').selectOption('unconditional_offer');
  await choice.getByRole('button', { name: 'Record the decision' }).click();
  await choice.getByText('Decision recorded.', { exact: false }).waitFor();
}

describe('two people editing one record (issue 25 §2)', () => {
  it(
    'the after-offer steps: the consultant saves the deposit while the student types their dates; nothing is blanked, and a step both edit says who changed it',
    { timeout: 180_000 },
    async () => {
      const { id, link } = await submitWithPassport();
      const staff = await consultantAt(`/staff/applications/${id}`);
      await offer(staff);
      const student = await trackAt(link);
      const studentSteps = student.page.getByRole('region', {
        name: 'After your offer: the UK steps',
      });
      const staffSteps = staff.page.getByRole('region', { name: 'After the offer: the UK steps' });
      await studentSteps.getByLabel('Visa applied for on').waitFor();

      // the student starts on their dates and on the deposit's day; nothing saved yet
      const today = new Date().toISOString().slice(0, 10);
      await studentSteps.getByLabel('Visa applied for on').fill(today);
      await studentSteps.getByLabel('Deposit paid on').fill('2026-11-20');

      // meanwhile the consultant records the deposit: £2,000 on another day
      await staffSteps.getByLabel('Deposit paid (£)').fill('2000');
      await staffSteps.getByLabel('Deposit paid on').fill('2026-11-25');
      await staffSteps.getByRole('button', { name: 'Save the steps' }).click();
      await staffSteps.getByText('Saved.').waitFor();

      // the student's page: the amount they did not touch arrives; the day they typed is kept,
      // with who changed it
      await expect
        .poll(() => studentSteps.getByLabel('Deposit paid (£)').inputValue())
        .toBe('2000');
      expect(await studentSteps.getByLabel('Deposit paid on').inputValue()).toBe('2026-11-20');
      await studentSteps.getByText(/Changed by .+ just now: 2026-11-25/).waitFor();
      expect(await studentSteps.getByLabel('Visa applied for on').inputValue()).toBe(today);
      await screenshot(student.page, 'concurrent-after-offer-student-1280');
      await expectNoSeriousAxeViolations(student.page);

      // the student keeps the day they know and saves: the consultant's amount stays
      await studentSteps.getByRole('button', { name: 'Save the steps' }).click();
      await studentSteps.getByText('Saved.').waitFor();
      const stored = await staff.context.request.get(`/api/staff/applications/${id}`);
      const steps = (await stored.json()).casework.afterOffer;
      expect(steps.values).toMatchObject({
        depositAmountGbp: 2000,
        depositPaidOn: '2026-11-20',
        visaAppliedOn: today,
      });
      expect(steps.edits.depositAmountGbp.by).toBe('team');
      expect(steps.edits.visaAppliedOn.by).toBe('student');
      // the console hears of the student's save and shows it in its own fields
      await expect
        .poll(() => staffSteps.getByLabel('Visa applied for on').inputValue())
        .toBe(today);
      expect(await staffSteps.getByLabel('Deposit paid (£)').inputValue()).toBe('2000');
    },
  );

  it(
    'a document review: one consultant verifies while another is writing a rejection; the later one is refused with the first decision shown, and nothing is overwritten',
    { timeout: 180_000 },
    async () => {
      const { id } = await submitWithPassport();
      const first = await consultantAt(`/staff/applications/${id}`);
      const second = await consultantAt(`/staff/applications/${id}`, 'phone');
      const docsOf = (p: E2ePage) => p.page.getByRole('listitem', { name: 'Passport Copy' });

      // the second consultant starts a rejection
      await docsOf(second).getByRole('button', { name: 'Reject Passport Copy' }).click();
      await docsOf(second)
        .getByLabel('Why is the passport copy rejected?')
        .fill('The photo is blurred.');
      // the first verifies it; the second's page hears of it live
      await docsOf(first).getByRole('button', { name: 'Verify Passport Copy' }).click();
      await docsOf(first).getByText('Verified', { exact: true }).waitFor();
      await docsOf(second).getByText('Verified', { exact: true }).waitFor();
      // the rejection, based on what the second saw, is refused with the first decision
      await docsOf(second).getByRole('button', { name: 'Reject document' }).click();
      await docsOf(second)
        .getByText('Someone else has just reviewed this document', { exact: false })
        .waitFor();
      await docsOf(second).getByText('It is now verified', { exact: false }).waitFor();
      expect(
        await docsOf(second).getByLabel('Why is the passport copy rejected?').inputValue(),
      ).toBe('The photo is blurred.');
      await screenshot(second.page, 'concurrent-document-review-390');
      await expectNoSeriousAxeViolations(second.page);
      const stored = await first.context.request.get(`/api/staff/applications/${id}`);
      expect((await stored.json()).documents[0]).toMatchObject({
        state: 'verified',
        rejectionReason: null,
        reviewVersion: 2,
      });
    },
  );
});

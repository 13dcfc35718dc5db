import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { intlFormats } from '../../web/i18n/i18n-provider.tsx';
import { describe, expect, it } from 'vitest';
import { createApplicationFields, fixture, multipartBody } from '../factories/application.ts';
import { fixtures } from './application-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { caseworkPages } from './casework-helpers.ts';
import { linkIn, listMail, waitForMail, type OutboxMail } from './outbox.ts';

const browser = useBrowser();
const { open, baseUrl } = browser;
const { submitWithPassport, consultantAt, trackAt } = caseworkPages(browser);

describe('documents checked one by one, live on both sides', () => {
  it(
    'staff reject the passport copy with a reason; the student sees it live, sends a new one, and sees it verified',
    { timeout: 120_000 },
    async () => {
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
      await staffDocs
        .getByLabel('Why is the passport copy rejected?')
        .fill('The photo page is cut off at the bottom.');
      await staffDocs.getByRole('button', { name: 'Reject document' }).click();
      await staffDocs.getByText('Reason: The photo page is cut off at the bottom.').waitFor();

      // the track page hears of it without a reload
      const action = student.page.getByRole('status').filter({ hasText: 'Action required' });
      await action
        .getByText('Your passport copy was not accepted: The photo page is cut off at the bottom.')
        .waitFor();
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
      await studentDocs
        .getByLabel('New passport copy')
        .setInputFiles(path.join(fixtures, 'not-a-pdf.pdf'));
      await studentDocs.getByRole('button', { name: 'Send new passport copy' }).click();
      await studentDocs.getByText('must be a PDF, JPG or PNG file').waitFor();
      await studentDocs
        .getByLabel('New passport copy')
        .setInputFiles(path.join(fixtures, 'certificate.jpg'));
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
      // the student downloads it from the track page: the token goes as a bearer, never in the link
      const [download] = await Promise.all([
        student.page.waitForEvent('download'),
        studentDocs.getByRole('button', { name: 'Passport Copy', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('certificate.jpg');
      expect((await readFile((await download.path())!)).subarray(0, 3)).toEqual(
        Buffer.from([0xff, 0xd8, 0xff]),
      );
      const staffPhone = await consultantAt(`/staff/applications/${id}`, 'phone');
      await staffPhone.page
        .getByRole('listitem', { name: 'Passport Copy' })
        .getByText('Verified', { exact: true })
        .waitFor();
      await screenshot(staffPhone.page, 'casework-staff-verified-390');
      await expectNoSeriousAxeViolations(staffPhone.page);

      // the refused file is the only error the browser logged (its 415 answer)
      expect(student.problems.filter((p) => !p.includes('415'))).toEqual([]);
      for (const page of [staff, phone, staffPhone]) expect(page.problems).toEqual([]);
    },
  );
});

describe('several files in one slot, each checked on its own (issue 25 §3)', () => {
  it(
    'staff reject the second file of the transcripts; the student reads that file’s reason and sends just it again',
    { timeout: 120_000 },
    async () => {
      const { id, link } = await submitWithPassport([
        { key: 'transcripts', ...fixture('transcript.pdf'), contentType: 'application/pdf' },
        {
          key: 'transcripts',
          ...fixture('certificate.jpg'),
          filename: 'degree-certificate.jpg',
          contentType: 'image/jpeg',
        },
      ]);
      const staff = await consultantAt(`/staff/applications/${id}`);
      const student = await trackAt(link);
      const staffFile = (n: number) =>
        staff.page.getByRole('listitem', { name: `Transcripts (file ${n} of 2)` });
      const studentFile = (n: number) =>
        student.page.getByRole('listitem', { name: `Transcripts (file ${n} of 2)` });
      await studentFile(2).getByText('degree-certificate.jpg').waitFor();
      await student.page.getByRole('status').getByText('Live', { exact: true }).waitFor();
      await staffFile(2).getByText('degree-certificate.jpg').waitFor();

      await staffFile(2).getByRole('button', { name: 'Reject Transcripts (file 2 of 2)' }).click();
      await staffFile(2)
        .getByLabel('Why is the transcripts (file 2 of 2) rejected?')
        .fill('The degree certificate is not certified.');
      await staffFile(2).getByRole('button', { name: 'Reject document' }).click();
      await staffFile(2).getByText('Reason: The degree certificate is not certified.').waitFor();
      // the first file of the slot is as it was
      await staffFile(1).getByText('Received', { exact: true }).waitFor();
      expect(
        await staffFile(1)
          .getByText(/Reason:/)
          .count(),
      ).toBe(0);

      // the student hears of it live, names the file, and is asked for that file only
      const action = student.page.getByRole('status').filter({ hasText: 'Action required' });
      await action
        .getByText(
          'Your transcripts (file 2 of 2) was not accepted: The degree certificate is not certified.',
        )
        .waitFor();
      await studentFile(2).getByText('Rejected', { exact: true }).waitFor();
      await studentFile(2).getByText('The degree certificate is not certified.').waitFor();
      await studentFile(1).getByText('Received', { exact: true }).waitFor();
      expect(
        await studentFile(1)
          .getByRole('button', { name: /Send new/ })
          .count(),
      ).toBe(0);
      await screenshot(student.page, 'casework-track-second-file-rejected-1280');
      await expectNoSeriousAxeViolations(student.page);
      await screenshot(staff.page, 'casework-staff-second-file-rejected-1280');
      await expectNoSeriousAxeViolations(staff.page);

      await studentFile(2)
        .getByLabel('New transcripts (file 2 of 2)')
        .setInputFiles(path.join(fixtures, 'transcript.pdf'));
      await studentFile(2)
        .getByRole('button', { name: 'Send new transcripts (file 2 of 2)' })
        .click();
      await studentFile(2).getByText('Received', { exact: true }).waitFor();
      await studentFile(2).getByText('transcript.pdf').waitFor();
      expect(await action.count()).toBe(0);

      // the console: the second file's new version, the first file still its first
      await staffFile(2).getByText('version 2').waitFor();
      await staffFile(2).getByText('Earlier versions (1)').click();
      await staffFile(2).getByText('Version 1: degree-certificate.jpg').waitFor();
      expect(await staffFile(1).getByText('version 2').count()).toBe(0);
      await staffFile(2).getByRole('button', { name: 'Verify Transcripts (file 2 of 2)' }).click();
      await studentFile(2).getByText('Verified', { exact: true }).waitFor();
      await studentFile(1).getByText('Received', { exact: true }).waitFor();
      for (const page of [staff, student]) expect(page.problems).toEqual([]);
    },
  );
});

describe('requests, messages and the steps after an offer, live on both sides', () => {
  // the longest journey of the suite (two people, seven pages, e-mails): more than the default minute
  it(
    'staff ask for financial evidence; the student is e-mailed, sees Action required, uploads it and the request closes; a message each way; offered, the checklist, accepted',
    { timeout: 180_000 },
    async () => {
      const fields = createApplicationFields();
      const { payload, contentType } = multipartBody(fields, [
        { key: 'passportCopy', ...fixture('passport.png'), contentType: 'image/png' },
      ]);
      const sent = await fetch(`${baseUrl}/api/applications`, {
        method: 'POST',
        body: payload,
        headers: { 'content-type': contentType },
      });
      const { id } = (await sent.json()) as { id: string };
      const link = linkIn(await waitForMail(fields.email as string, /received your application/i));
      const staff = await consultantAt(`/staff/applications/${id}`);
      const student = await trackAt(link);
      await student.page.getByRole('status').getByText('Live', { exact: true }).waitFor();

      // a request for financial evidence, due in 7 days
      const requests = staff.page.getByRole('region', { name: 'Requests to the applicant' });
      await requests.getByLabel('Document').selectOption('financialEvidence');
      await requests
        .getByLabel('Message to the applicant')
        .fill('A bank statement showing the funds for your first year.');
      const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      await requests.getByLabel('Due date').fill(due);
      await requests.getByRole('button', { name: 'Send request' }).click();
      await requests.getByText('Financial Evidence · due').waitFor();
      const mail = await waitForMail(fields.email as string, /Action required on your application/);
      expect(mail.text).toContain('your financial evidence by');

      const action = student.page.getByRole('status').filter({ hasText: 'Action required' });
      await action.getByText(/Send your financial evidence by/).waitFor();
      const needed = student.page.getByRole('region', { name: 'What our team needs from you' });
      await needed.getByText('A bank statement showing the funds for your first year.').waitFor();
      await screenshot(student.page, 'casework-track-request-1280');
      await expectNoSeriousAxeViolations(student.page);
      await screenshot(staff.page, 'casework-staff-request-1280');
      await expectNoSeriousAxeViolations(staff.page);
      await needed
        .getByLabel('Your financial evidence')
        .setInputFiles(path.join(fixtures, 'transcript.pdf'));
      await needed.getByRole('button', { name: 'Send financial evidence' }).click();
      await needed.waitFor({ state: 'detached' });
      expect(await action.count()).toBe(0);
      await student.page
        .getByRole('listitem', { name: 'Financial Evidence' })
        .getByText('Received', { exact: true })
        .waitFor();
      // the console: the request is answered, the new document is there to check
      await requests.getByText('Nothing asked at the moment.').waitFor();
      await staff.page.getByRole('listitem', { name: 'Financial Evidence' }).waitFor();

      // a message each way, live, and e-mailed without its text
      const staffChat = staff.page.getByRole('region', { name: 'Messages with the applicant' });
      const studentChat = student.page.getByRole('region', { name: /Messages with our team/ });
      const before = new Date().toISOString();
      await staffChat.getByLabel('Your message').fill('Thank you. Which intake do you prefer?');
      await staffChat.getByRole('button', { name: 'Send message' }).click();
      await studentChat.getByText('Thank you. Which intake do you prefer?').waitFor();
      const toStudent = await waitForMail(fields.email as string, /new message/, { after: before });
      expect(toStudent.text).not.toContain('Which intake');
      await studentChat.getByLabel('Your message').fill('September, please.');
      await studentChat.getByRole('button', { name: 'Send message' }).click();
      await staffChat.getByText('September, please.').waitFor();
      const deadline = Date.now() + 10_000;
      let toTeam: OutboxMail | undefined;
      while (!toTeam && Date.now() < deadline) {
        toTeam = (await listMail()).find(
          (m) =>
            m.subject === 'New message from an applicant' &&
            m.createdAt > before &&
            m.text.includes(id),
        );
        if (!toTeam) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(toTeam?.text).not.toContain('September');
      await screenshot(student.page, 'casework-track-messages-1280');
      await expectNoSeriousAxeViolations(student.page);

      // offered: the checklist, worked by staff and the student, then accepted
      await staff.page.getByRole('button', { name: 'Move to Reviewed' }).click();
      await staff.page.getByText('Moved to reviewed', { exact: false }).first().waitFor();
      // D18: applied and offered follow from the first university's choice
      const choice = staff.page
        .getByRole('region', { name: 'Universities' })
        .getByRole('article')
        .first();
      await choice.getByRole('button', { name: 'Record as sent' }).click();
      await choice.getByLabel('Decision').selectOption('unconditional_offer');
      await choice.getByRole('button', { name: 'Record the decision' }).click();
      await choice.getByText('Decision recorded.', { exact: false }).waitFor();
      const staffSteps = staff.page.getByRole('region', { name: 'After the offer: the UK steps' });
      await staffSteps.getByLabel('Offer', { exact: true }).selectOption('unconditional');
      await staffSteps.getByLabel('CAS number (14 characters)').fill('E4G1234567');
      await staffSteps.getByRole('button', { name: 'Save the steps' }).click();
      await staffSteps.getByText('A CAS number is 14 letters and digits').waitFor();
      await staffSteps.getByLabel('CAS number (14 characters)').fill('E4G12345678ABC');
      await staffSteps.getByRole('button', { name: 'Save the steps' }).click();
      await staffSteps.getByText('Saved.').waitFor();
      const studentSteps = student.page.getByRole('region', {
        name: 'After your offer: the UK steps',
      });
      await studentSteps.getByText('Unconditional offer').waitFor();
      await studentSteps.getByText('Next: Deposit paid').waitFor();
      await studentSteps.getByText('Student visa fee:', { exact: false }).waitFor();
      await studentSteps.getByLabel('Deposit paid (£)').fill('3000');
      await studentSteps.getByLabel('Deposit paid on').fill(new Date().toISOString().slice(0, 10));
      await studentSteps.getByRole('button', { name: 'Save the steps' }).click();
      await studentSteps.getByText('Next: CAS issued').waitFor();
      await staffSteps.getByText(/£3,000 on/).waitFor();
      await screenshot(student.page, 'casework-track-after-offer-1280');
      await expectNoSeriousAxeViolations(student.page);
      await screenshot(staff.page, 'casework-staff-after-offer-1280');
      await expectNoSeriousAxeViolations(staff.page);
      const phone = await trackAt(link, 'phone');
      await phone.page.getByRole('region', { name: 'After your offer: the UK steps' }).waitFor();
      await screenshot(phone.page, 'casework-track-after-offer-390');
      await expectNoSeriousAxeViolations(phone.page);
      // the same steps in Arabic on a phone: the step names, the deposit in the reader's figures
      const arabic = await open(`${new URL(link).pathname}?lang=ar${new URL(link).hash}`, 'phone');
      const arabicSteps = arabic.page.getByRole('region', {
        name: 'بعد العرض: الخطوات في المملكة المتحدة',
      });
      await arabicSteps.getByText('عرض غير مشروط').waitFor();
      // pounds named in words in Arabic (issue 26 §3: ICU's "UK£" is Latin script)
      const deposit = new Intl.NumberFormat('ar', {
        ...intlFormats('ar').number.gbp,
      }).format(3000);
      await arabicSteps.getByText(deposit, { exact: false }).first().waitFor();
      expect(
        await arabic.page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(390);
      await screenshot(arabic.page, 'casework-track-after-offer-ar-390');
      await expectNoSeriousAxeViolations(arabic.page);

      // accepted once the student accepts the unconditional offer as firm
      const offer = student.page
        .getByRole('region', { name: 'Your universities' })
        .getByRole('article')
        .first();
      await offer.getByRole('button', { name: 'Accept as my firm choice' }).click();
      await offer.getByRole('button', { name: 'Yes, send my reply' }).click();
      await student.page.getByText('Step 5 of 5').waitFor();
      await student.page
        .getByTestId('status-description')
        .getByText('Your application has been accepted.', { exact: false })
        .waitFor();

      // the refused CAS number is the only error the console logged (its 400 answer)
      expect(staff.problems.filter((p) => !p.includes('400'))).toEqual([]);
      for (const page of [student, phone, arabic]) expect(page.problems).toEqual([]);
    },
  );
});

describe('the track page and its casework in Arabic (issue 14)', () => {
  it('shows an open request and a message from the team in Arabic, right to left, without sideways scrolling at 390 px', async () => {
    const { id, link } = await submitWithPassport();
    const staff = await consultantAt(`/staff/applications/${id}`);
    const requests = staff.page.getByRole('region', { name: 'Requests to the applicant' });
    await requests.getByLabel('Document').selectOption('financialEvidence');
    await requests
      .getByLabel('Message to the applicant')
      .fill('A bank statement showing the funds for your first year.');
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await requests.getByLabel('Due date').fill(due);
    await requests.getByRole('button', { name: 'Send request' }).click();
    await requests.getByText('Financial Evidence · due').waitFor();
    const staffChat = staff.page.getByRole('region', { name: 'Messages with the applicant' });
    await staffChat.getByLabel('Your message').fill('Which intake do you prefer?');
    await staffChat.getByRole('button', { name: 'Send message' }).click();
    await staffChat.getByText('Which intake do you prefer?').waitFor();

    const url = new URL(link);
    const { page } = await open(`${url.pathname}?lang=ar${url.hash}`, 'phone');
    await page.getByRole('heading', { level: 1, name: 'تابع طلبك' }).waitFor();
    expect(
      await page.evaluate(() => ({
        lang: document.documentElement.lang,
        dir: document.documentElement.dir,
      })),
    ).toEqual({ lang: 'ar', dir: 'rtl' });
    // the documents list
    await page.getByRole('heading', { name: 'المستندات' }).waitFor();
    await page.getByRole('listitem', { name: 'نسخة جواز السفر' }).waitFor();
    // the request, in the action list and in its own section, with its due date in Arabic
    const dueArabic = new Intl.DateTimeFormat('ar', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${due}T00:00:00Z`));
    await page
      .getByRole('status')
      .filter({ hasText: 'مطلوب إجراء منك' })
      .getByText(`أرسل «إثبات القدرة المالية» قبل ${dueArabic}.`)
      .waitFor();
    const needed = page.getByRole('region', { name: 'ما يحتاجه فريقنا منك' });
    await needed.getByText(`إثبات القدرة المالية · الموعد النهائي ${dueArabic}`).waitFor();
    await needed.getByRole('button', { name: 'أرسل «إثبات القدرة المالية»' }).waitFor();
    // the message, as the team wrote it, under the translated heading
    const chat = page.getByRole('region', { name: /الرسائل مع فريقنا/ });
    await chat.getByText('Which intake do you prefer?').waitFor();
    // signed by the team member, with the site's name in Arabic
    await chat
      .getByText(/\(بوابة الدراسة في المملكة المتحدة\)/)
      .first()
      .waitFor();
    expect(await chat.getByText('UK Study Portal').count()).toBe(0);
    await chat.getByRole('button', { name: 'أرسل الرسالة' }).waitFor();
    await page.getByRole('button', { name: 'أوقف جميع روابط المتابعة' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'casework-track-ar-390');
    await expectNoSeriousAxeViolations(page);
  });
});

describe('what a university asks for, on the case page (issue 25 §3)', () => {
  it('the consultant sees the education, the English test against the program, the statement and the consent, at 1280 and 390 px', async () => {
    const { id } = await submitWithPassport();
    const staff = await consultantAt(`/staff/applications/${id}`);
    const card = staff.page.getByRole('region', { name: 'Education, English and references' });
    await card
      .getByText(
        'BSc in Computer Science, University of Lagos (Nigeria (NG), 2019–2023): 4.2 out of 5.0',
      )
      .waitFor();
    await card.getByText(/^IELTS Academic, taken .+: overall 7$/).waitFor();
    await card.getByText('Listening 7.5 · Reading 7 · Writing 6.5 · Speaking 7').waitFor();
    await card.getByText(/^(Meets|Below) the program’s IELTS \d/).waitFor();
    await card.getByText(/^Given .+ to the wording of \d{4}-\d{2}-\d{2}$/).waitFor();
    await screenshot(staff.page, 'casework-details-1280');
    await expectNoSeriousAxeViolations(staff.page);
    await staff.page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(staff.page, 'casework-details-390');
    expect(
      await staff.page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(staff.problems).toEqual([]);
  });
});

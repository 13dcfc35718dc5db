import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createReferralInput } from '../factories/referral.ts';
import {
  changeStatusOnServer,
  chooseInStorage,
  fillApplicationDetails,
} from './application-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { caseworkPages } from './casework-helpers.ts';
import { linkIn, waitForMail } from './outbox.ts';

const browser = useBrowser();
const { open, baseUrl } = browser;
const { consultantAt } = caseworkPages(browser);

describe('a referral becomes a case (issue 28 §1)', () => {
  it(
    'the console invites the student; the student applies from the link with name and contact filled in; the referral shows the application and its status; the referrer hears twice, by name only',
    { timeout: 120_000 },
    async () => {
      const referral = createReferralInput({
        studentName: 'Chidi Eze',
        studentPhone: '+234 803 765 4321',
      });
      const sent = await fetch(`${baseUrl}/api/referrals?lang=en`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(referral),
      });
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()) as { id: string };

      // the consultant invites the student from the referral's page
      const staff = await consultantAt(`/staff/requests/referral/${id}`);
      const casework = staff.page.getByRole('region', { name: 'From referral to application' });
      await casework.getByText('The student has not been invited to apply yet.').waitFor();
      await staff.page.getByRole('button', { name: 'Invite to apply' }).click();
      await staff.page.getByText(`Invitation sent to ${referral.studentEmail}.`).waitFor();
      await casework.getByText(/^Invited to apply on /).waitFor();
      await staff.page.getByRole('button', { name: 'Invite again' }).waitFor();

      // the student opens the link from the e-mail: the form is filled in with the referral's data
      const invitation = await waitForMail(
        referral.studentEmail!,
        /^Adaeze Obi suggested you study in the UK$/,
      );
      const link = new URL(linkIn(invitation));
      expect(link.search).toBe('');
      expect(link.hash).toMatch(/^#invite=[A-Za-z0-9_-]{43}$/);
      const student = await open('/');
      await chooseInStorage(student.page);
      await student.page.goto(link.pathname + link.hash);
      await student.page.getByText('Welcome, Chidi Eze').waitFor();
      // the secret leaves the address bar at once (decision 0032)
      await expect.poll(() => new URL(student.page.url()).hash).toBe('');
      expect(await student.page.getByLabel('Full name').inputValue()).toBe('Chidi Eze');
      expect(await student.page.getByLabel('Email').inputValue()).toBe(referral.studentEmail);
      expect((await student.page.getByLabel('Phone').inputValue()).replace(/\D/g, '')).toBe(
        '2348037654321',
      );
      await student.page.getByLabel('Date of birth').fill('2001-04-23');
      await student.page.getByLabel('Passport number').fill('A12345678');
      await student.page.getByLabel('Nationality').selectOption('NG');
      await student.page.getByLabel('Country of residence').selectOption('NG');
      await student.page.getByLabel('English level').selectOption('advanced');
      await fillApplicationDetails(student.page);
      await student.page
        .getByLabel(/^I agree that the person who referred me may follow my progress/)
        .check();
      await screenshot(student.page, 'referral-invited-form-1280');
      await expectNoSeriousAxeViolations(student.page);
      await student.page.getByRole('button', { name: 'Submit application' }).click();
      await student.page.getByRole('heading', { name: 'Application submitted' }).waitFor();
      const applicationId = (await student.page
        .getByTestId('application-id')
        .textContent())!.trim();

      // the referral in the console shows the application and its status
      await staff.page.reload();
      const made = staff.page.getByRole('list', { name: 'Applications from this referral' });
      const item = made.getByRole('listitem').filter({ hasText: 'Chidi Eze' });
      await item.getByText('Submitted', { exact: true }).waitFor();
      await item.getByText(/the referrer may be told \(name only\)/).waitFor();
      expect(await item.getByRole('link', { name: 'Chidi Eze' }).getAttribute('href')).toBe(
        `/staff/applications/${applicationId}`,
      );
      await changeStatusOnServer(applicationId, 'reviewed');
      await staff.page.reload();
      await item.getByText('Reviewed', { exact: true }).waitFor();
      await staff.page.getByText(/^The referrer was told by e-mail/).waitFor();
      await screenshot(staff.page, 'referral-case-console-1280');
      await expectNoSeriousAxeViolations(staff.page);

      // the referrer heard twice, by the student's name only
      const contacted = await waitForMail(referral.email, /^We have contacted Chidi Eze$/);
      const applied = await waitForMail(referral.email, /^Chidi Eze has applied$/);
      for (const mail of [contacted, applied]) {
        for (const part of [mail.text, mail.html]) {
          expect(part).toContain('Chidi Eze');
          for (const personal of [
            referral.studentEmail!,
            '765 4321',
            '7654321',
            'A12345678',
            '2001',
            applicationId,
            '#invite=',
            '/track',
          ])
            expect(part).not.toContain(personal);
        }
      }
      expect(student.problems).toEqual([]);
      expect(staff.problems).toEqual([]);
    },
  );
});

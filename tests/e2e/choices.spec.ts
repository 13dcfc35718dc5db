import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createApplicationFields,
  fixture,
  multipartBody,
  sampleProgram,
} from '../factories/application.ts';
import { fillApplicationForm, fixtures, journey } from './application-helpers.ts';
import { newEmail, registerAccount, signInByApi } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser, type E2ePage } from './browser.ts';
import { linkIn, listMail, waitForMail } from './outbox.ts';

const { open, baseUrl } = useBrowser();

const manchester = 'University of Manchester';
const oxford = 'University of Oxford';
const cambridge = 'University of Cambridge';

/** The student's account, and an application to three universities sent under its address. */
async function submitThreeChoices() {
  const account = await registerAccount();
  const fields = createApplicationFields({
    email: account.email,
    universityIds: [sampleProgram.universityId, 'university-of-oxford', 'university-of-cambridge'],
  });
  const { payload, contentType } = multipartBody(fields, [
    { key: 'passportCopy', ...fixture('passport.png'), contentType: 'image/png' },
  ]);
  const res = await fetch(`${baseUrl}/api/applications`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': contentType },
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const link = linkIn(await waitForMail(account.email, /received your application/i));
  return { id, link, ...account };
}

/** A consultant (the test-only fixture route gives the role), signed in with a second factor. */
async function consultantAt(at: string, viewport: 'phone' | 'desktop' = 'desktop') {
  const { email, password } = await registerAccount();
  const made = await fetch(`${baseUrl}/api/test/staff-role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(made.status).toBe(204);
  const staff = await open('/', viewport);
  await signInByApi(staff.context.request, email, password, { enroll: true });
  await staff.page.goto(at);
  return { ...staff, email, password };
}

/** The student signed in, on the tracking link (the application joins their dashboard). */
async function studentAt(
  student: { email: string; password: string },
  at: string,
  viewport: 'phone' | 'desktop' = 'desktop',
): Promise<E2ePage> {
  const page = await open('/', viewport);
  await signInByApi(page.context.request, student.email, student.password);
  await page.page.goto(at);
  return page;
}

const trackPath = (link: string, lang?: string) =>
  `${new URL(link).pathname}${lang ? `?lang=${lang}` : ''}${new URL(link).hash}`;

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('each university choice decided on its own (D18, issue 24)', () => {
  it(
    'staff record sent, a conditional offer with a letter and an unsuccessful decision; the student sees each live, accepts the offer as firm, and is accepted once the conditions are met',
    { timeout: 180_000 },
    async () => {
      const { id, link, ...account } = await submitThreeChoices();
      const staff = await consultantAt(`/staff/applications/${id}`);
      await staff.page.getByRole('button', { name: 'Take this case' }).click();
      await staff.page.getByText('Owner: Unassigned').waitFor({ state: 'detached' });
      // the status is no longer moved forward by hand past the team's own step (D18)
      await staff.page.getByRole('button', { name: 'Move to Reviewed' }).click();
      await staff.page.getByText('Moved to reviewed.', { exact: false }).waitFor();
      await staff.page
        .getByText('Applied, offered and accepted follow from what you record on each university')
        .waitFor();
      expect(await staff.page.getByRole('button', { name: 'Move to Applied' }).count()).toBe(0);

      const student = await studentAt(account, trackPath(link));
      const studentChoices = student.page.getByRole('region', { name: 'Your universities' });
      await studentChoices.waitFor();
      const studentCard = (name: string) =>
        studentChoices.getByRole('article', { name, exact: true });
      for (const name of [manchester, oxford, cambridge])
        await studentCard(name).getByText('Not sent yet').waitFor();
      await student.page.getByRole('status').getByText('Live', { exact: true }).waitFor();

      const staffCard = (name: string) =>
        staff.page.getByRole('article', { name: new RegExp(name) });
      const decisionsBefore = new Date().toISOString();

      // sent, with the universities' references
      await staffCard(manchester)
        .getByLabel('University reference (optional)')
        .fill('MAN-2026-0042');
      await staffCard(manchester).getByRole('button', { name: 'Record as sent' }).click();
      await staffCard(manchester).getByText(`Recorded as sent to ${manchester}.`).waitFor();
      await studentCard(manchester)
        .getByText('Sent, waiting for the university’s decision')
        .waitFor();
      await studentCard(manchester).getByText('University reference: MAN-2026-0042').waitFor();
      await staffCard(oxford).getByLabel('University reference (optional)').fill('OX-77');
      await staffCard(oxford).getByRole('button', { name: 'Record as sent' }).click();
      await studentCard(oxford).getByText('University reference: OX-77').waitFor();
      await student.page.getByText('Step 3 of 5').waitFor();

      // a conditional offer with two conditions and its letter
      const deadline = inDays(30);
      await staffCard(manchester).getByLabel('Decision').selectOption('conditional_offer');
      await staffCard(manchester)
        .getByLabel('Conditions (one per line)')
        .fill('IELTS 6.5 overall, no component below 6.0\nA 2:1 degree certificate');
      await staffCard(manchester).getByLabel('Reply by (optional)').fill(deadline);
      await staffCard(manchester)
        .getByLabel('Letter from the university (PDF, JPG or PNG)')
        .setInputFiles(path.join(fixtures, 'transcript.pdf'));
      await staffCard(manchester).getByRole('button', { name: 'Record the decision' }).click();
      await staffCard(manchester).getByText('Decision recorded.', { exact: false }).waitFor();
      await staffCard(manchester).getByRole('link', { name: 'transcript.pdf' }).waitFor();
      const offer = studentCard(manchester);
      await offer.getByText('Conditional offer', { exact: true }).waitFor();
      await offer.getByText('IELTS 6.5 overall, no component below 6.0').waitFor();
      await offer.getByText('A 2:1 degree certificate').waitFor();
      await offer.getByRole('button', { name: 'Download transcript.pdf' }).waitFor();
      await offer.getByText('Reply by', { exact: false }).waitFor();
      await student.page.getByText('Step 4 of 5').waitFor();

      // unsuccessful on the other
      await staffCard(oxford).getByLabel('Decision').selectOption('unsuccessful');
      await staffCard(oxford).getByRole('button', { name: 'Record the decision' }).click();
      await studentCard(oxford).getByText('Unsuccessful', { exact: true }).waitFor();
      await studentCard(cambridge).getByText('Not sent yet').waitFor();

      await screenshot(staff.page, 'choices-staff-cards-1280');
      await expectNoSeriousAxeViolations(staff.page);
      await screenshot(student.page, 'choices-track-offer-1280');
      await expectNoSeriousAxeViolations(student.page);

      // the letter downloads with the tracking token as a bearer
      const [download] = await Promise.all([
        student.page.waitForEvent('download'),
        offer.getByRole('button', { name: 'Download transcript.pdf' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('transcript.pdf');
      expect((await readFile((await download.path())!)).subarray(0, 4).toString()).toBe('%PDF');

      // the dashboard card: first two universities and "and 1 more", the offer waiting for a reply
      const dashboard = await student.context.newPage();
      await dashboard.goto('/dashboard');
      const waiting = dashboard.getByRole('article', { name: manchester, exact: true });
      await waiting
        .getByText('Action required: reply to this offer')
        .waitFor({ state: 'attached' });
      await dashboard.getByText('Action required: reply to this offer').waitFor();
      await dashboard.getByText(`${manchester}, ${oxford} and 1 more`, { exact: false }).waitFor();
      await dashboard.getByRole('button', { name: 'Accept as my firm choice' }).waitFor();
      await screenshot(dashboard, 'choices-dashboard-1280');
      await expectNoSeriousAxeViolations(dashboard);

      // phone and Arabic
      const phone = await studentAt(account, trackPath(link), 'phone');
      await phone.page.getByRole('region', { name: 'Your universities' }).waitFor();
      await screenshot(phone.page, 'choices-track-offer-390');
      await expectNoSeriousAxeViolations(phone.page);
      const phoneDashboard = await phone.context.newPage();
      await phoneDashboard.setViewportSize({ width: 390, height: 844 });
      await phoneDashboard.goto('/dashboard');
      await phoneDashboard.getByText('Action required: reply to this offer').waitFor();
      await screenshot(phoneDashboard, 'choices-dashboard-390');
      await expectNoSeriousAxeViolations(phoneDashboard);
      const arabic = await studentAt(account, trackPath(link, 'ar'), 'phone');
      await arabic.page.getByRole('region', { name: 'جامعاتك' }).waitFor();
      await arabic.page.getByText('عرض مشروط', { exact: true }).waitFor();
      expect(
        await arabic.page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(390);
      await screenshot(arabic.page, 'choices-track-offer-ar-390');
      await expectNoSeriousAxeViolations(arabic.page);
      const arabicWide = await studentAt(account, trackPath(link, 'ar'));
      await arabicWide.page.getByRole('region', { name: 'جامعاتك' }).waitFor();
      await screenshot(arabicWide.page, 'choices-track-offer-ar-1280');
      const arabicDashboard = await arabicWide.context.newPage();
      await arabicDashboard.goto('/dashboard?lang=ar');
      await arabicDashboard.getByText('إجراء مطلوب: الرد على هذا العرض').waitFor();
      await screenshot(arabicDashboard, 'choices-dashboard-ar-1280');
      await expectNoSeriousAxeViolations(arabicDashboard);
      await arabicDashboard.setViewportSize({ width: 390, height: 844 });
      await screenshot(arabicDashboard, 'choices-dashboard-ar-390');
      const staffPhone = await open('/', 'phone');
      await staffPhone.context.addCookies(await staff.context.cookies());
      await staffPhone.page.goto(`/staff/applications/${id}`);
      await staffPhone.page.getByRole('heading', { name: 'Universities' }).waitFor();
      await screenshot(staffPhone.page, 'choices-staff-cards-390');
      await expectNoSeriousAxeViolations(staffPhone.page);

      // the student accepts the offer as firm, after confirming
      const replyBefore = new Date().toISOString();
      await offer.getByRole('button', { name: 'Accept as my firm choice' }).click();
      await offer
        .getByText(`Accept the offer from ${manchester} as your firm choice?`, { exact: false })
        .waitFor();
      await offer.getByRole('button', { name: 'Yes, send my reply' }).click();
      await offer.getByText('You accepted this offer as your firm choice.').waitFor();
      await staffCard(manchester)
        .getByText('The student accepted it (firm)', { exact: true })
        .waitFor();
      // still offered: a conditional firm is not yet accepted
      await student.page.getByText('Step 4 of 5').waitFor();
      const toConsultant = await waitForMail(staff.email, /Reply to an offer/, {
        after: replyBefore,
      });
      expect(toConsultant.subject).toBe(`Reply to an offer: ${manchester}`);
      expect(toConsultant.text).toContain('firm');

      // the conditions are met: the headline reads accepted
      await staffCard(manchester).getByRole('button', { name: 'Mark conditions met' }).click();
      await offer.getByText('Unconditional offer', { exact: true }).waitFor();
      await student.page.getByText('Step 5 of 5').waitFor();
      await student.page
        .getByTestId('status-description')
        .getByText('Your application has been accepted.', { exact: false })
        .waitFor();
      await screenshot(student.page, 'choices-track-accepted-1280');

      // one e-mail per decision, each naming its university
      const mail = (await listMail()).filter(
        (m) => m.to === account.email && m.createdAt > decisionsBefore,
      );
      expect(
        mail.filter((m) => m.subject === `A conditional offer from ${manchester}`),
      ).toHaveLength(1);
      expect(mail.filter((m) => m.subject === `A decision from ${oxford}`)).toHaveLength(1);
      expect(
        (await listMail()).filter(
          (m) => m.to === staff.email && m.subject === `Reply to an offer: ${manchester}`,
        ),
      ).toHaveLength(1);

      for (const page of [student, phone, arabic, arabicWide]) expect(page.problems).toEqual([]);
      expect(staff.problems).toEqual([]);
    },
  );

  it("a program chosen without three picks: the form asks for the missing universities, the program's university filled in, and sends three", async () => {
    const { page, problems } = await open('/');
    // 'Apply Now' on /programs with no picks, or the guide's 'Use this one': a program, no picks
    await page.evaluate((j) => {
      sessionStorage.setItem(
        'portal.selection.v1',
        JSON.stringify({
          universityIds: [],
          program: { programId: j.programId, universityId: j.universityId },
        }),
      );
    }, journey);
    await page.goto('/application');
    const picks = page.getByRole('group', { name: 'Your three universities' });
    await picks.getByText(`University 1: ${journey.universityName}`).waitFor();
    const email = newEmail('applicant');
    await fillApplicationForm(page, { fullName: 'Amina Yusuf', email });
    await picks.getByLabel('University 2').selectOption('university-of-oxford');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await picks.getByText('Choose the missing university').waitFor();
    expect(
      await picks.getByLabel('University 3').evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(
      await picks
        .getByLabel('University 3')
        .locator('option[value="university-of-oxford"]')
        .count(),
    ).toBe(0);
    await screenshot(page, 'choices-missing-picks-1280');
    await expectNoSeriousAxeViolations(page);
    await picks.getByLabel('University 3').selectOption('university-of-cambridge');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByRole('heading', { name: 'Application submitted' }).waitFor();
    const received = await waitForMail(email, /received your application/i);
    const tracked = await fetch(`${baseUrl}/api/track/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ token: new URL(linkIn(received)).hash.replace(/^#t=/, '') }),
    });
    const { application } = (await tracked.json()) as {
      application: { choices: { university: { name: string } }[] };
    };
    expect(application.choices.map((c) => c.university.name)).toEqual([
      journey.universityName,
      oxford,
      cambridge,
    ]);
    expect(problems).toEqual([]);
  });
});

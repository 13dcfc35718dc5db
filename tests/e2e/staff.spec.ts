import { statusWords } from '../../server/modules/applications/emails.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  applicationStatuses,
  statusDescriptions,
  statusProgress,
} from '../../shared/application-status.ts';
import { createApplicationFields, sampleProgram } from '../factories/application.ts';
import { createReferralInput } from '../factories/referral.ts';
import { newEmail, registerAccount, setUpTotpOnAccountPage, signInByApi } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser, type E2ePage } from './browser.ts';
import { linkIn, listMail, waitForMail } from './outbox.ts';

const statusMailSubjects = Object.values(statusWords).map((w) => w.subject);
const { open, baseUrl } = useBrowser();
const adminEmail = inject('staffAdminEmail');
const consultantEmail = newEmail('consultant');
const password = 'staff-e2e-password';

let admin: E2ePage;
let consultant: E2ePage;
let applicationId: string;

/**
 * Opens the set-password link of `mail` in a fresh browser, sets the password and lands signed in,
 * in the staff console, not on the student dashboard (item 10 of issue 15).
 */
async function setPasswordFromMail(link: string, email: string): Promise<E2ePage> {
  const visitor = await open(new URL(link).pathname + new URL(link).hash);
  await visitor.page.getByLabel('New password', { exact: true }).fill(password);
  await visitor.page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await visitor.page.getByRole('button', { name: 'Set New Password' }).click();
  // Staff need a second factor (issue 10): led to set it up before the console opens.
  await visitor.page.waitForURL('**/account?setup=two-factor');
  await visitor.page.getByText('Set this up to open the staff console').waitFor();
  await visitor.page.goto('/staff');
  await visitor.page.waitForURL('**/account?setup=two-factor');
  await setUpTotpOnAccountPage(visitor.page, email, password);
  await visitor.page.goto('/staff');
  await visitor.page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
  expect(await visitor.page.getByText('No applications yet').count()).toBe(0);
  return visitor;
}

async function openConsoleFromNav(visitor: E2ePage) {
  await visitor.page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Staff console' })
    .click();
  await visitor.page.waitForURL('**/staff');
  await visitor.page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
}

/** A signed-in browser of the same person at another size (screenshots at 390 px). */
async function signedInAs(
  email: string,
  viewport: 'phone' | 'desktop',
  at: string,
): Promise<E2ePage> {
  const other = await open('/', viewport);
  await signInByApi(other.context.request, email, password);
  await other.page.goto(at);
  return other;
}

describe.sequential('the staff console', () => {
  it('the first admin, made by npm run admin:create, sets a password from the e-mail and reaches the console from the nav', async () => {
    const mail = await waitForMail(
      adminEmail,
      /Set your password for the UK Study Portal staff console/,
    );
    admin = await setPasswordFromMail(linkIn(mail), adminEmail);
    await openConsoleFromNav(admin);
    await admin.page.getByRole('heading', { name: 'Applications by status' }).waitFor();
    expect(admin.problems).toEqual([]);
  });

  it('the admin invites a consultant, who sets a password from the invitation and signs in', async () => {
    await admin.page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Team' })
      .click();
    await admin.page.getByRole('heading', { name: 'Invite a colleague' }).waitFor();
    // the shared schema's words by the field, and the focus on it
    const inviteEmail = admin.page.getByLabel('E-mail', { exact: true });
    await inviteEmail.fill('not-an-address');
    await admin.page.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => inviteEmail.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => inviteEmail.evaluate((input) => input === document.activeElement))
      .toBe(true);
    await admin.page.getByText('Enter a valid e-mail address').waitFor();
    await inviteEmail.fill(consultantEmail);
    await admin.page.getByLabel('Name (optional)').fill('Connor Consultant');
    await admin.page.getByRole('button', { name: 'Send invitation' }).click();
    await admin.page.getByText(`Invitation sent to ${consultantEmail}.`).waitFor();
    await admin.page.getByText('Invited, no password yet').waitFor();
    await expectNoSeriousAxeViolations(admin.page);
    await screenshot(admin.page, 'staff-team-desktop');

    const invitation = await waitForMail(
      consultantEmail,
      /invited to the UK Study Portal staff console/,
    );
    expect(invitation.text).toContain('Eve Admin has invited you');
    consultant = await setPasswordFromMail(linkIn(invitation), consultantEmail);
    await openConsoleFromNav(consultant);
    expect(await consultant.page.getByRole('link', { name: 'Team' }).count()).toBe(0);
    expect(consultant.problems).toEqual([]);
  });

  it("the consultant reviews a new application and records the first university's choice; applied, offered and accepted follow (D18); the track page and the dashboard follow live", async () => {
    const { email: applicantEmail, password: applicantPassword } = await registerAccount();
    const applicant = await open('/track');
    const signIn = await applicant.context.request.post('/api/auth/sign-in/email', {
      data: { email: applicantEmail, password: applicantPassword, rememberMe: false },
      headers: { origin: baseUrl },
    });
    expect(signIn.ok()).toBe(true);
    const fields = createApplicationFields({
      email: applicantEmail,
      fullName: 'Zuri Wanjiku',
      passportNumber: 'K7654321',
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields))
      for (const item of [value].flat()) form.append(name, item);
    const submitted = await applicant.context.request.post('/api/applications', {
      multipart: form,
      headers: { origin: baseUrl },
    });
    expect(submitted.status()).toBe(201);
    applicationId = ((await submitted.json()) as { id: string }).id;

    await applicant.page.getByLabel('Application ID').fill(applicationId);
    await applicant.page.getByLabel('Email').fill(applicantEmail);
    await applicant.page.getByRole('button', { name: 'Track application' }).click();
    await applicant.page.getByText(statusDescriptions.submitted).waitFor();
    const dashboard = await applicant.context.newPage();
    await dashboard.goto('/dashboard');
    const progress = dashboard.getByRole('progressbar', { name: /Progress of Zuri Wanjiku/ });
    await progress.waitFor();

    const page = consultant.page;
    const search = page.getByLabel('Search by name, e-mail or application ID');
    await search.fill('z');
    await search.press('Enter');
    await page.getByText('Type at least 2 characters to search').waitFor();
    await expect.poll(() => search.getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Search by name, e-mail or application ID').fill(applicantEmail);
    await page.getByLabel('Search by name, e-mail or application ID').press('Enter');
    await page.getByRole('link', { name: 'Zuri Wanjiku' }).click();
    await page.getByRole('heading', { name: 'Zuri Wanjiku', level: 1 }).waitFor();
    // masked until asked for; each full view goes to the audit log
    await page.getByText('•••••4321').waitFor();
    expect(await page.getByText('K7654321').count()).toBe(0);
    await page.getByRole('button', { name: 'Show full number' }).click();
    await page.getByText('K7654321').waitFor();

    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Note is required').waitFor();
    await expect
      .poll(() => page.getByLabel('Add a note').getAttribute('aria-invalid'))
      .toBe('true');
    await page.getByLabel('Add a note').fill('Checked the passport scan: all fine.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Checked the passport scan: all fine.').waitFor();

    // The team's own step by hand, with a note for the applicant ...
    await page.getByLabel('Note for the applicant (optional)').fill('Your documents are complete.');
    await page.getByRole('button', { name: 'Move to Reviewed' }).click();
    await page.getByText('Moved to reviewed. The applicant has been e-mailed.').waitFor();
    // a step back needs a status and a note; neither is sent without them
    await page.getByText('Correct a mistake (move back)').click();
    await page.getByRole('button', { name: 'Move back' }).click();
    await page.getByText('Choose the status to go back to').waitFor();
    await page.getByLabel('Move back to').selectOption('submitted');
    await page.getByRole('button', { name: 'Move back' }).click();
    await page.getByText('Say why the status goes back').waitFor();
    await expect
      .poll(() => page.getByLabel('Why (required)').getAttribute('aria-invalid'))
      .toBe('true');
    await page.getByText('Correct a mistake (move back)').click();
    const followed = async (status: (typeof applicationStatuses)[number]) => {
      await applicant.page.getByText(statusDescriptions[status]).waitFor();
      await expect
        .poll(() => progress.getAttribute('aria-valuenow'))
        .toBe(String(statusProgress(status)));
    };
    await followed('reviewed');
    // ... then applied, offered and accepted follow from the first university's choice (D18)
    expect(await page.getByRole('button', { name: 'Move to Applied' }).count()).toBe(0);
    const choice = page.getByRole('region', { name: 'Universities' }).getByRole('article').first();
    await choice.getByRole('button', { name: 'Record as sent' }).click();
    await followed('applied');
    await choice.getByLabel('Decision').selectOption('unconditional_offer');
    await choice.getByRole('button', { name: 'Record the decision' }).click();
    await followed('offered');
    const offerCard = applicant.page
      .getByRole('region', { name: 'Your universities' })
      .getByRole('article')
      .first();
    await offerCard.getByRole('button', { name: 'Accept as my firm choice' }).click();
    await offerCard.getByRole('button', { name: 'Yes, send my reply' }).click();
    await followed('accepted');
    await page.getByText('Accepted is the last step.').waitFor();
    // one status e-mail for the step taken by hand; the offer's own e-mail names the university
    await expect
      .poll(
        async () =>
          (await listMail()).filter(
            (m) => m.to === applicantEmail && statusMailSubjects.includes(m.subject),
          ).length,
      )
      .toBe(1);
    const offer = await waitForMail(applicantEmail, /An unconditional offer from/);
    expect(offer.subject).toBe('An unconditional offer from University of Manchester');
    expect(await applicant.page.getByText('Checked the passport scan').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'staff-application-desktop');
    await page.getByRole('button', { name: 'Stop all tracking links' }).click();
    await page.getByText('Every tracking link sent so far has stopped working.').waitFor();
    expect(consultant.problems).toEqual([]);
    expect(applicant.problems).toEqual([]);
  });

  it('the consultant marks a referral as contacted, with who and when', async () => {
    const referral = createReferralInput({ name: 'Tomasz Nowak' });
    const res = await fetch(`${baseUrl}/api/referrals`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
        origin: baseUrl,
      },
      body: JSON.stringify(referral),
    });
    expect(res.status).toBe(201);
    const page = consultant.page;
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Referrals & partners' })
      .click();
    // The inbox names countries, not codes, and a referral shows the student it is about.
    await page.getByText('Nigeria').first().waitFor();
    await screenshot(page, 'staff-requests-desktop');
    await page.getByRole('link', { name: 'Tomasz Nowak' }).first().click();
    const student = page.getByRole('region', { name: 'The student' });
    await student.getByText('Chidi Eze').waitFor();
    await student.getByText('MSc Data Science').waitFor();
    await page.getByRole('region', { name: 'Student referral' }).getByText('Nigeria').waitFor();
    await screenshot(page, 'staff-request-desktop');
    await page.getByLabel('Note (optional)').fill('Called back, sending details.');
    await page.getByRole('button', { name: 'Mark as contacted' }).click();
    await page.getByText(/Contacted by Connor Consultant/).waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(consultant.problems).toEqual([]);
  });

  it('shows the queue, an application and the audit log well on a phone and a desktop', async () => {
    const queue = admin.page;
    await queue
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Applications' })
      .click();
    await queue.getByRole('link', { name: 'Zuri Wanjiku' }).waitFor();
    // A catalogue has thousands of programs: the program filter lists one university's.
    const filters = queue.getByRole('search', { name: 'Filter applications' });
    const programFilter = filters.getByLabel('Program');
    expect(await programFilter.isDisabled()).toBe(true);
    await filters.getByText('Choose a university first.').waitFor();
    await filters.getByLabel('University').selectOption(sampleProgram.universityId);
    await expect.poll(() => programFilter.isEnabled()).toBe(true);
    await programFilter.selectOption(sampleProgram.id);
    await expect
      .poll(() => new URL(queue.url()).searchParams.get('programId'))
      .toBe(sampleProgram.id);
    await queue.getByRole('link', { name: 'Zuri Wanjiku' }).waitFor();
    await expectNoSeriousAxeViolations(queue);
    // the signed-in staff nav fits a 1280 px screen: no sideways scrolling
    expect(await queue.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await queue.evaluate(() => window.innerWidth),
    );
    await screenshot(queue, 'staff-queue-desktop');

    await queue
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    const entries = queue.getByRole('list', { name: 'Audit entries' });
    await entries.getByText('Colleague invited').first().waitFor();
    // Other specs share the e2e server and accept offers too: find this spec's own change.
    await entries
      .getByText(
        `Application ${applicationId.slice(0, 8)}: university-of-manchester: decision recorded`,
      )
      .waitFor();
    await entries.getByText('Passport number viewed').first().waitFor();
    await expectNoSeriousAxeViolations(queue);
    await screenshot(queue, 'staff-audit-desktop');

    await queue
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Mail' })
      .click();
    await queue.getByRole('heading', { name: 'Mail', level: 1 }).waitFor();
    await queue
      .getByRole('list', { name: 'Failed e-mails' })
      .getByText('No e-mail has failed.')
      .waitFor();
    await expectNoSeriousAxeViolations(queue);
    await screenshot(queue, 'staff-mail-desktop');

    const phone = await signedInAs(consultantEmail, 'phone', '/staff');
    await phone.page.getByRole('link', { name: 'Zuri Wanjiku' }).waitFor();
    await expectNoSeriousAxeViolations(phone.page);
    await screenshot(phone.page, 'staff-queue-phone');
    // on a phone the filters fold away; the program filter waits for a university
    await phone.page.getByRole('button', { name: 'Show filters' }).click();
    const phoneProgramFilter = phone.page.getByLabel('Program', { exact: true });
    await expect.poll(() => phoneProgramFilter.isDisabled()).toBe(true);
    await phone.page.getByText('Choose a university first.').waitFor();
    await phone.page
      .getByLabel('University', { exact: true })
      .selectOption({ label: 'Imperial College London' });
    await expect.poll(() => phoneProgramFilter.isEnabled()).toBe(true);
    expect(
      await phone.page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoSeriousAxeViolations(phone.page);
    await screenshot(phone.page, 'staff-queue-filters-phone');
    await phone.page
      .getByLabel('University', { exact: true })
      .selectOption({ label: 'All universities' });
    await phone.page.getByRole('button', { name: 'Hide filters' }).click();
    await phone.page.getByRole('link', { name: 'Zuri Wanjiku' }).click();
    await phone.page.getByRole('heading', { name: 'Zuri Wanjiku', level: 1 }).waitFor();
    await screenshot(phone.page, 'staff-application-phone');
    expect(phone.problems).toEqual([]);
    expect(admin.problems).toEqual([]);
  });

  it('the team page asks before a role change or a deactivation, and keeps former staff listed and restorable', async () => {
    const page = admin.page;
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Team' })
      .click();
    const members = page.getByRole('list', { name: 'Team members' });
    const row = members.getByRole('listitem').filter({ hasText: consultantEmail });
    const role = row.getByLabel('Role of Connor Consultant');
    await role.waitFor();

    // Choosing a role only proposes it; Cancel leaves everything as it was.
    await role.selectOption('applicant');
    const confirmBox = row.getByRole('group', { name: 'Confirm the change for Connor Consultant' });
    await confirmBox
      .getByText('Change Connor Consultant from Consultant to Applicant (no staff access)?')
      .waitFor();
    await confirmBox.getByRole('button', { name: 'Cancel' }).click();
    await confirmBox.waitFor({ state: 'detached' });
    expect(await role.inputValue()).toBe('consultant');
    const team = async () =>
      (
        (await (await page.request.get('/api/staff/team')).json()) as {
          members: { email: string; role: string; deactivatedAt: string | null }[];
        }
      ).members.find((m) => m.email === consultantEmail);
    expect((await team())?.role).toBe('consultant');

    // Confirmed: the colleague becomes former staff and stays on the list.
    await role.selectOption('applicant');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'staff-team-confirm-desktop');
    await confirmBox.getByRole('button', { name: 'Change role of Connor Consultant' }).click();
    await row.getByText('Connor Consultant is now applicant (no staff access).').waitFor();
    await row.getByText('Former staff, no access').waitFor();
    expect((await team())?.role).toBe('applicant');
    const phone = await signedInAs(adminEmail, 'phone', '/staff/team');
    await phone.page
      .getByRole('list', { name: 'Team members' })
      .getByText('Former staff, no access')
      .waitFor();
    await screenshot(phone.page, 'staff-team-former-phone');
    // every section of the console is in view on a phone: the bar wraps rather than hiding tabs off-screen
    const sections = phone.page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link');
    expect(await sections.allTextContents()).toEqual([
      'Applications',
      'Referrals & partners',
      'Leads',
      'Agenda',
      'Availability',
      'Catalogue',
      'Team',
      'Audit log',
      'Funnel',
      'Commission',
      'Mail',
    ]);
    for (const box of await Promise.all((await sections.all()).map((link) => link.boundingBox()))) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await expectNoSeriousAxeViolations(phone.page);

    await row.getByRole('button', { name: 'Restore Connor Consultant as consultant' }).click();
    await confirmBox.getByRole('button', { name: 'Change role of Connor Consultant' }).click();
    await row.getByText('Connor Consultant is now consultant.').waitFor();
    expect((await team())?.role).toBe('consultant');

    // A deactivation is asked for too.
    await row.getByRole('button', { name: 'Deactivate Connor Consultant' }).click();
    await confirmBox.getByText('Deactivate Connor Consultant?').waitFor();
    expect((await team())?.deactivatedAt).toBeNull();
    await confirmBox.getByRole('button', { name: 'Deactivate Connor Consultant' }).click();
    await row.getByText(/^Deactivated /).waitFor();
    await row.getByRole('button', { name: 'Reactivate Connor Consultant' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    expect(admin.problems).toEqual([]);
  });

  it('is its own chunk: the public entry never imports it and public pages never load it', async () => {
    const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web');
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file) || !existsSync(path.join(dist, file))) return;
      seen.add(file);
      const code = readFileSync(path.join(dist, file), 'utf8');
      for (const m of code.matchAll(
        /(?:^|[;\s}])import\s*(?:[\w{},*\s$]+from\s*)?"\.\/([^"]+\.js)"/g,
      ))
        walk(`assets/${m[1]}`);
    };
    entries.forEach(walk);
    expect(seen.size).toBeGreaterThan(0);
    for (const file of seen) {
      expect(file).not.toMatch(/staff-console/);
      expect(readFileSync(path.join(dist, file), 'utf8')).not.toContain('Applications by status');
    }

    const visitor = await open('/');
    await visitor.page.getByRole('link', { name: 'Universities' }).first().click();
    await visitor.page.waitForURL('**/universities');
    const loaded = await visitor.page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name),
    );
    expect(loaded.some((url) => url.includes('staff-console'))).toBe(false);
    const staffLoads = await admin.page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name),
    );
    expect(staffLoads.some((url) => url.includes('staff-console'))).toBe(true);
  });
});

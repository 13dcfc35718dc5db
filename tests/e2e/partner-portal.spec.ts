import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  changeStatusOnServer,
  chooseInStorage,
  fillApplicationDetails,
  fillApplicationForm,
  journey,
} from './application-helpers.ts';
import { newEmail } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import { caseworkPages } from './casework-helpers.ts';
import { networkPages } from './network-helpers.ts';
import { linkIn, waitForMail } from './outbox.ts';

const browser = useBrowser();
const { baseUrl, open } = browser;
const { consultantAt, trackAt } = caseworkPages(browser);
const { requestPartnership, adminAt, onboard, partnerSignsIn, putJson } = networkPages(browser);

describe('the partner portal (issue 28 §2 §3)', () => {
  it(
    'an admin accepts a partnership; the partner signs in with its second factor, applies for a student, follows it to offered and accepted live and sees its commission; another partner sees none of it',
    { timeout: 180_000 },
    async () => {
      const tag = randomUUID().slice(0, 6);
      const mineName = `Accra Scholars ${tag}`;
      const otherName = `Other Agency ${tag}`;
      const mine = await requestPartnership(mineName);
      const other = await requestPartnership(otherName);

      // the admin accepts the request from the console
      const admin = await adminAt(`/staff/requests/partnership/${mine.id}`);
      await admin.page.getByRole('button', { name: 'Accept as partner' }).click();
      await admin.page.getByText(`${mineName} is now a partner.`).waitFor();
      await expectNoSeriousAxeViolations(admin.page);
      const accepted = await admin.context.request.post(
        `/api/staff/partnerships/${other.id}/accept`,
        { data: {}, headers: { origin: baseUrl } },
      );
      expect(accepted.status()).toBe(201);

      // the agency's terms for the program's university and the partner's share of them
      const orgs = (await (await admin.context.request.get('/api/staff/partners')).json()) as {
        id: string;
        name: string;
        version: number;
      }[];
      const org = orgs.find((o) => o.name === mineName)!;
      const rates = (await (
        await admin.context.request.get('/api/staff/commission/rates')
      ).json()) as { universityId: string; version: number | null }[];
      const rate = rates.find((r) => r.universityId === journey.universityId);
      await putJson(admin.context.request, `/api/staff/commission/rates/${journey.universityId}`, {
        kind: 'fixed',
        fixedPence: 300_000,
        version: rate?.version ?? null,
      });
      await putJson(admin.context.request, `/api/staff/partners/${org.id}/share`, {
        shareBp: 2000,
        version: org.version,
      });

      await onboard(mine.email, mineName);
      await onboard(other.email, otherName);
      const partner = await partnerSignsIn(mine.email);
      await partner.page.getByRole('heading', { level: 1, name: mineName }).waitFor();
      await partner.page.getByText('No students here yet.').waitFor();

      // the partner applies for a student: the student's own address
      const studentEmail = newEmail('partner-student');
      await chooseInStorage(partner.page);
      await partner.page.goto('/application');
      await fillApplicationForm(partner.page, { fullName: 'Kwame Mensah', email: studentEmail });
      await partner.page.getByRole('button', { name: 'Submit application' }).click();
      await partner.page.getByRole('heading', { name: 'Application submitted' }).waitFor();
      const applicationId = (await partner.page
        .getByTestId('application-id')
        .textContent())!.trim();
      // the student, not the partner, receives the confirmation with the tracking link
      const link = linkIn(await waitForMail(studentEmail, /received your application/i));

      await partner.page.goto('/partner');
      const card = partner.page.getByRole('listitem').filter({ hasText: 'Kwame Mensah' });
      await card.getByText('Submitted', { exact: true }).waitFor();
      await card.getByText(journey.universityName).first().waitFor();

      // a consultant, in another browser, records the first choice as sent and its offer
      const staff = await consultantAt(`/staff/applications/${applicationId}`);
      const choice = staff.page
        .getByRole('region', { name: 'Universities' })
        .getByRole('article')
        .first();
      await choice.getByRole('button', { name: 'Record as sent' }).click();
      await card.getByText('Applied', { exact: true }).waitFor();
      await choice.getByLabel('Decision').selectOption('unconditional_offer');
      await choice.getByRole('button', { name: 'Record the decision' }).click();
      await card.getByText('Offered', { exact: true }).waitFor();

      // the student accepts it as firm from the tracking link: accepted, and a commission line
      const student = await trackAt(link);
      const offer = student.page
        .getByRole('region', { name: 'Your universities' })
        .getByRole('article')
        .first();
      await offer.getByRole('button', { name: 'Accept as my firm choice' }).click();
      await offer.getByRole('button', { name: 'Yes, send my reply' }).click();
      await card.getByText('Accepted', { exact: true }).waitFor();
      const commission = partner.page.getByRole('region', { name: 'Your commission' });
      const line = commission.getByRole('row').filter({ hasText: 'Kwame Mensah' });
      await line.getByText('£600.00').waitFor();
      await line.getByText('Expected', { exact: true }).waitFor();
      // the agency's own amount is never on the partner's page
      expect(await partner.page.getByText('£3,000.00').count()).toBe(0);
      await screenshot(partner.page, 'partner-portal-accepted-1280');
      await expectNoSeriousAxeViolations(partner.page);

      // the admin's commission page: filtered by partner, moved on with its version, exported
      await admin.page.goto('/staff/commission');
      await admin.page.getByRole('heading', { level: 1, name: 'Commission' }).waitFor();
      await admin.page.getByLabel('Partner').selectOption({ label: mineName });
      await expect.poll(() => new URL(admin.page.url()).searchParams.get('partnerId')).toBe(org.id);
      const lineCard = admin.page.getByRole('listitem').filter({ hasText: 'Kwame Mensah' });
      await admin.page
        .getByRole('status')
        .getByText(/^1 line;/)
        .waitFor();
      await lineCard.getByText('£3,000.00', { exact: true }).waitFor();
      await lineCard.getByText('£600.00', { exact: true }).waitFor();
      await lineCard.getByText('fixed £3,000.00; partner share 20%').waitFor();
      await screenshot(admin.page, 'staff-commission-1280');
      await expectNoSeriousAxeViolations(admin.page);
      const csvHref = await admin.page
        .getByRole('link', { name: 'Download CSV' })
        .getAttribute('href');
      expect(csvHref).toBe(`/api/staff/commission/lines.csv?partnerId=${org.id}`);
      const exported = await (await admin.context.request.get(csvHref!)).text();
      expect(exported).toContain('Kwame Mensah');
      expect(exported).toContain('300000');
      // someone else moves the line on meanwhile: the page's stale save is refused and shows it
      const [stale] = (await (
        await admin.context.request.get(`/api/staff/commission/lines?partnerId=${org.id}`)
      ).json()) as { id: string; version: number }[];
      const meanwhile = await admin.context.request.patch(
        `/api/staff/commission/lines/${stale!.id}`,
        {
          data: { version: stale!.version, status: 'invoiced', on: '2026-11-01' },
          headers: { origin: baseUrl },
        },
      );
      expect(meanwhile.status()).toBe(200);
      const statusForm = lineCard.getByRole('form', { name: /^Status of Kwame Mensah/ });
      await statusForm.getByLabel('Status').selectOption('paid');
      await statusForm.getByRole('button', { name: 'Save' }).click();
      await lineCard
        .getByRole('alert')
        .getByText('Someone changed this commission line meanwhile. Check it again, then save.')
        .waitFor();
      await lineCard.getByText(/^Invoiced on 1 Nov 2026/).waitFor();
      expect(await statusForm.getByLabel('Status').inputValue()).toBe('invoiced');
      await statusForm.getByLabel('Status').selectOption('paid');
      await statusForm.getByRole('button', { name: 'Save' }).click();
      await lineCard.getByText(/^Paid on /).waitFor();
      // the partner sees its line paid, still its share only
      await partner.page.reload();
      await line.getByText('Paid', { exact: true }).waitFor();
      await line.getByText('£600.00').waitFor();

      // the other partner sees none of it, and its ids answer 404
      const second = await partnerSignsIn(other.email, 'phone');
      await second.page.getByRole('heading', { level: 1, name: otherName }).waitFor();
      await second.page.getByText('No students here yet.').waitFor();
      await second.page.getByText(/^No commission yet/).waitFor();
      expect(await second.page.getByText('Kwame Mensah').count()).toBe(0);
      const theirs = await second.context.request.get(`/api/partner/applications/${applicationId}`);
      expect(theirs.status()).toBe(404);
      expect(((await theirs.json()) as { error: { code: string } }).error.code).toBe(
        'APPLICATION_NOT_FOUND',
      );
      const list = await second.context.request.get('/api/partner/applications');
      expect(await list.json()).toEqual([]);
      const lines = await second.context.request.get('/api/partner/commission');
      expect(await lines.json()).toEqual([]);
      const csv = await (await second.context.request.get('/api/partner/applications.csv')).text();
      expect(csv).not.toContain('Kwame');
      // and the first partner's own read of the same id works
      const own = await partner.context.request.get(`/api/partner/applications/${applicationId}`);
      expect(own.status()).toBe(200);

      for (const p of [partner, second, staff, student]) expect(p.problems).toEqual([]);
      // the stale save's 409 was on purpose; the browser logs it
      expect(admin.problems.filter((p) => !p.includes('409'))).toEqual([]);
    },
  );

  it(
    'a partner refers a student while signed in: its dashboard follows them from referred to invited to applied and the status, live; another partner sees none of it',
    { timeout: 180_000 },
    async () => {
      const tag = randomUUID().slice(0, 6);
      const mineName = `Kano Study Link ${tag}`;
      const otherName = `Elsewhere Agency ${tag}`;
      const mine = await requestPartnership(mineName);
      const other = await requestPartnership(otherName);
      const admin = await adminAt('/staff');
      for (const request of [mine, other]) {
        const accepted = await admin.context.request.post(
          `/api/staff/partnerships/${request.id}/accept`,
          { data: {}, headers: { origin: baseUrl } },
        );
        expect(accepted.status()).toBe(201);
      }
      await onboard(mine.email, mineName);
      await onboard(other.email, otherName);
      const partner = await partnerSignsIn(mine.email);
      const referred = partner.page.getByRole('list', { name: 'Students you referred' });
      await partner.page
        .getByText('None yet: the students you refer while signed in show here.')
        .waitFor();

      // the partner refers a student from its dashboard, with the site's own form
      await partner.page.getByRole('link', { name: 'Refer a student', exact: true }).click();
      await partner.page.waitForURL('**/refer');
      await partner.page.getByRole('link', { name: 'Refer a Student', exact: true }).click();
      const studentEmail = newEmail('partner-referred');
      await partner.page.getByLabel('Your name', { exact: true }).fill('Musa Bello');
      await partner.page.getByLabel('Country').selectOption('NG');
      await partner.page.getByLabel('Phone', { exact: true }).fill('0803 123 4567');
      await partner.page.getByLabel('Email', { exact: true }).fill(mine.email);
      await partner.page.getByLabel('Student’s name', { exact: true }).fill('Halima Sule');
      await partner.page.getByLabel('Student’s e-mail', { exact: true }).fill(studentEmail);
      await partner.page
        .getByLabel('What they want to study', { exact: true })
        .fill('MSc Public Health');
      await partner.page.getByRole('button', { name: 'Submit', exact: true }).click();
      await partner.page.getByRole('heading', { name: 'Thank You!' }).waitFor();

      await partner.page.goto('/partner');
      const row = referred.getByRole('listitem').filter({ hasText: 'Halima Sule' });
      await row.getByText('Referred: our team will contact them').waitFor();
      await row.getByText('MSc Public Health', { exact: true }).waitFor();
      const [listed] = (await (
        await partner.context.request.get('/api/partner/referrals')
      ).json()) as { id: string }[];
      const referralId = listed!.id;

      // a consultant invites the student from the referral's page
      const staff = await consultantAt(`/staff/requests/referral/${referralId}`);
      await staff.page.getByRole('button', { name: 'Invite to apply' }).click();
      await staff.page.getByText(`Invitation sent to ${studentEmail}.`).waitFor();
      await partner.page.reload();
      await row.getByText('Invited to apply').waitFor();

      // the student applies from the invitation and lets the referrer follow: live on the dashboard
      const link = new URL(
        linkIn(await waitForMail(studentEmail, /suggested you study in the UK$/)),
      );
      const student = await open('/');
      await chooseInStorage(student.page);
      await student.page.goto(link.pathname + link.hash);
      await student.page.getByText('Welcome, Halima Sule').waitFor();
      await student.page.getByLabel('Phone').fill('+234 803 765 4321');
      await student.page.getByLabel('Date of birth').fill('2002-02-14');
      await student.page.getByLabel('Passport number').fill('B7654321');
      await student.page.getByLabel('Nationality').selectOption('NG');
      await student.page.getByLabel('Country of residence').selectOption('NG');
      await student.page.getByLabel('English level').selectOption('advanced');
      await fillApplicationDetails(student.page);
      await student.page
        .getByLabel(/^I agree that the person who referred me may follow my progress/)
        .check();
      await student.page.getByRole('button', { name: 'Submit application' }).click();
      await student.page.getByRole('heading', { name: 'Application submitted' }).waitFor();
      const applicationId = (await student.page
        .getByTestId('application-id')
        .textContent())!.trim();
      await row.getByText('Applied', { exact: true }).waitFor();
      await row.getByText('Submitted', { exact: true }).waitFor();
      await changeStatusOnServer(applicationId, 'reviewed');
      await row.getByText('Reviewed', { exact: true }).waitFor();
      // the application is one of the partner's students too
      await partner.page
        .getByRole('listitem')
        .filter({ hasText: 'Halima Sule' })
        .getByText(journey.universityName)
        .first()
        .waitFor();
      await screenshot(partner.page, 'partner-referrals-1280');
      await expectNoSeriousAxeViolations(partner.page);

      // the other partner: no referral, and the first one's ids answer 404
      const second = await partnerSignsIn(other.email, 'phone');
      await second.page
        .getByText('None yet: the students you refer while signed in show here.')
        .waitFor();
      expect(await second.page.getByText('Halima Sule').count()).toBe(0);
      const theirs = await second.context.request.get(`/api/partner/referrals/${referralId}`);
      expect(theirs.status()).toBe(404);
      expect(await (await second.context.request.get('/api/partner/referrals')).json()).toEqual([]);
      const app = await second.context.request.get(`/api/partner/applications/${applicationId}`);
      expect(app.status()).toBe(404);

      for (const p of [partner, second, staff, student]) expect(p.problems).toEqual([]);
    },
  );
});

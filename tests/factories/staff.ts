import { statusWords } from '../../server/modules/applications/emails.ts';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { UserRole } from '../../server/db/schema/auth.ts';
import { defaultAvailability } from '../../shared/schemas/booking.ts';
import { createApplication, fixture } from './application.ts';
import { createUser, uniqueEmail } from './user.ts';
import { mailTo } from './user-mail.ts';

/** A signed-in consultant or admin (a confirmed account with that role) and its Cookie header. */
export function createStaff(
  app: FastifyInstance,
  role: Extract<UserRole, 'consultant' | 'admin'> = 'consultant',
  name?: string,
) {
  return createUser(app, {
    role,
    email: uniqueEmail(role),
    name: name ?? (role === 'admin' ? 'Ada Admin' : 'Cora Consultant'),
  });
}

export interface StaffCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  payload?: object;
}

/** A request as the staff console sends it: same-origin, with the session cookie if any. */
export function staffCall(app: FastifyInstance, call: StaffCall, cookie?: string | null) {
  return app.inject({
    method: call.method,
    url: call.url,
    headers: { origin: app.config.publicUrl, ...(cookie ? { cookie } : {}) },
    ...(call.payload ? { payload: call.payload } : {}),
  });
}

/** Every catalogue console route (admins and catalogue editors), with arguments that change nothing. */
export function catalogueRoutes(): StaffCall[] {
  const id = randomUUID();
  return [
    { method: 'GET', url: '/api/staff/catalogue/universities' },
    { method: 'POST', url: '/api/staff/catalogue/universities', payload: { id: 'Not An Id' } },
    {
      method: 'POST',
      url: `/api/staff/catalogue/universities/${id}`,
      payload: { ranking: 'first' },
    },
    { method: 'POST', url: `/api/staff/catalogue/universities/${id}/logo`, payload: {} },
    { method: 'GET', url: '/api/staff/catalogue/categories' },
    { method: 'POST', url: '/api/staff/catalogue/categories', payload: { name: '' } },
    {
      method: 'POST',
      url: '/api/staff/catalogue/categories/No%20Such%20Category',
      payload: { active: 'maybe' },
    },
    { method: 'GET', url: '/api/staff/catalogue/programs' },
    { method: 'GET', url: `/api/staff/catalogue/programs/${id}` },
    { method: 'POST', url: '/api/staff/catalogue/programs', payload: { id: 'Not An Id' } },
    { method: 'POST', url: `/api/staff/catalogue/programs/${id}`, payload: { id: 'Not An Id' } },
    {
      method: 'POST',
      url: `/api/staff/catalogue/programs/${id}/active`,
      payload: { active: 'maybe' },
    },
    { method: 'GET', url: '/api/staff/catalogue/cost-figures' },
    { method: 'POST', url: '/api/staff/catalogue/cost-figures', payload: { kind: 'none' } },
    { method: 'POST', url: `/api/staff/catalogue/cost-figures/${id}`, payload: { kind: 'none' } },
    { method: 'GET', url: '/api/staff/catalogue/programs-template.csv' },
    { method: 'GET', url: '/api/staff/catalogue/programs.csv' },
    { method: 'POST', url: '/api/staff/catalogue/import', payload: { csv: 'not a file' } },
    { method: 'GET', url: '/api/staff/catalogue/site-texts' },
    {
      method: 'POST',
      url: '/api/staff/catalogue/latest-updates/visa',
      payload: { version: 'one' },
    },
    { method: 'POST', url: `/api/staff/catalogue/consultants/${id}`, payload: { role: 7 } },
  ];
}

/** The console's partner and commission routes (admins only), with arguments that change nothing. */
export function partnerConsoleRoutes(): StaffCall[] {
  const id = randomUUID();
  return [
    { method: 'POST', url: `/api/staff/partnerships/${id}/accept` },
    { method: 'GET', url: '/api/staff/partners' },
    {
      method: 'POST',
      url: `/api/staff/partners/${id}/members`,
      payload: { email: 'not-an-address' },
    },
    { method: 'PUT', url: `/api/staff/partners/${id}/share`, payload: { shareBp: -1, version: 1 } },
    { method: 'GET', url: '/api/staff/commission/rates' },
    {
      method: 'PUT',
      url: '/api/staff/commission/rates/no-such-university',
      payload: { kind: 'fixed', fixedPence: -1 },
    },
    { method: 'GET', url: '/api/staff/commission/lines' },
    { method: 'GET', url: '/api/staff/commission/lines.csv' },
    { method: 'PATCH', url: `/api/staff/commission/lines/${id}`, payload: { version: 0 } },
  ];
}

/** Every staff API route, with harmless arguments; `adminOnly` marks staff management and the audit log. */
export function everyStaffRoute(
  ids: { applicationId?: string; userId?: string } = {},
): (StaffCall & { adminOnly: boolean })[] {
  const applicationId = ids.applicationId ?? randomUUID();
  const userId = ids.userId ?? randomUUID();
  const requestId = randomUUID();
  const choiceId = randomUUID();
  return [
    { method: 'GET', url: '/api/staff/applications', adminOnly: false },
    { method: 'GET', url: `/api/staff/applications/${applicationId}`, adminOnly: false },
    { method: 'GET', url: `/api/staff/applications/${applicationId}/stream`, adminOnly: false },
    { method: 'GET', url: `/api/staff/applications/${applicationId}/guidance`, adminOnly: false },
    {
      method: 'POST',
      url: `/api/staff/applications/${applicationId}/status`,
      payload: { from: 'submitted', to: 'reviewed' },
      adminOnly: false,
    },
    {
      method: 'POST',
      url: `/api/staff/applications/${applicationId}/notes`,
      payload: { body: 'Called the applicant' },
      adminOnly: false,
    },
    { method: 'GET', url: '/api/staff/referrals', adminOnly: false },
    { method: 'GET', url: `/api/staff/referrals/${requestId}`, adminOnly: false },
    {
      method: 'POST',
      url: `/api/staff/referrals/${requestId}/status`,
      payload: { status: 'contacted', from: 'new' },
      adminOnly: false,
    },
    { method: 'GET', url: '/api/staff/partnerships', adminOnly: false },
    { method: 'GET', url: `/api/staff/partnerships/${requestId}`, adminOnly: false },
    {
      method: 'POST',
      url: `/api/staff/partnerships/${requestId}/status`,
      payload: { status: 'closed', from: 'new' },
      adminOnly: false,
    },
    { method: 'GET', url: '/api/staff/team', adminOnly: true },
    {
      method: 'POST',
      url: '/api/staff/team/invitations',
      payload: { email: uniqueEmail('invitee') },
      adminOnly: true,
    },
    {
      method: 'POST',
      url: `/api/staff/team/${userId}/role`,
      payload: { from: 'consultant', role: 'admin' },
      adminOnly: true,
    },
    { method: 'POST', url: `/api/staff/team/${userId}/deactivate`, adminOnly: true },
    { method: 'POST', url: `/api/staff/team/${userId}/reactivate`, adminOnly: true },
    { method: 'POST', url: `/api/staff/team/${userId}/end-sessions`, adminOnly: true },
    { method: 'GET', url: '/api/staff/audit', adminOnly: true },
    { method: 'GET', url: '/api/staff/bookings', adminOnly: false },
    {
      method: 'PATCH',
      url: `/api/staff/bookings/${randomUUID()}`,
      payload: { note: 'Called them', version: new Date().toISOString() },
      adminOnly: false,
    },
    { method: 'GET', url: '/api/staff/availability', adminOnly: false },
    {
      method: 'PUT',
      url: '/api/staff/availability/amara-okafor',
      payload: { availability: defaultAvailability, version: new Date().toISOString() },
      adminOnly: false,
    },
    {
      method: 'PUT',
      url: '/api/staff/availability/amara-okafor/account',
      payload: { userId: null },
      adminOnly: true,
    },
    { method: 'POST', url: `/api/staff/applications/${applicationId}/passport`, adminOnly: false },
    {
      method: 'POST',
      url: `/api/staff/applications/${applicationId}/tracking/revoke`,
      adminOnly: false,
    },
    {
      method: 'POST',
      url: `/api/staff/applications/${applicationId}/documents/transcripts/review`,
      payload: { version: 1, reviewVersion: 1, state: 'verified' },
      adminOnly: false,
    },
    {
      method: 'GET',
      url: `/api/staff/applications/${applicationId}/documents/versions/${randomUUID()}`,
      adminOnly: false,
    },
    { method: 'GET', url: '/api/staff/mail', adminOnly: true },
    {
      method: 'POST',
      url: '/api/staff/data-requests/lookup',
      payload: { email: uniqueEmail('nobody') },
      adminOnly: true,
    },
    {
      method: 'POST',
      url: '/api/staff/data-requests/export',
      payload: {
        email: uniqueEmail('nobody'),
        password: 'not the password',
        verification: 'Replied from the address',
      },
      adminOnly: true,
    },
    {
      method: 'POST',
      url: '/api/staff/data-requests/erase',
      payload: {
        email: uniqueEmail('nobody'),
        password: 'not the password',
        verification: 'Replied from the address',
        kept: [],
      },
      adminOnly: true,
    },
    { method: 'POST', url: `/api/staff/mail/${randomUUID()}/retry`, adminOnly: true },
    {
      method: 'POST',
      url: `/api/staff/applications/${applicationId}/requests`,
      payload: { kind: 'information', message: 'Your address in the UK', dueOn: '2099-01-01' },
      adminOnly: false,
    },
    {
      method: 'POST',
      url: `/api/staff/applications/${applicationId}/requests/${randomUUID()}/cancel`,
      adminOnly: false,
    },
    {
      method: 'POST',
      url: `/api/staff/applications/${applicationId}/messages`,
      payload: { body: 'Hello' },
      adminOnly: false,
    },
    {
      method: 'POST',
      url: `/api/staff/applications/${applicationId}/messages/read`,
      adminOnly: false,
    },
    {
      method: 'PUT',
      url: `/api/staff/applications/${applicationId}/owner`,
      payload: { from: null, ownerId: null },
      adminOnly: false,
    },
    { method: 'GET', url: '/api/staff/assignable', adminOnly: false },
    { method: 'GET', url: '/api/staff/stage-times', adminOnly: false },
    { method: 'PUT', url: '/api/staff/stage-times', payload: { submitted: 3 }, adminOnly: true },
    {
      method: 'POST',
      url: `/api/staff/applications/${applicationId}/close`,
      payload: { reason: 'No place' },
      adminOnly: false,
    },
    {
      method: 'PATCH',
      url: `/api/staff/applications/${applicationId}/after-offer`,
      payload: { version: 1, arrivalDate: '2099-09-01' },
      adminOnly: false,
    },
    // D18: each choice's facts (a made-up choice: nothing is recorded)
    ...(
      [
        ['sent', { version: 1, sentOn: '2026-02-01' }],
        ['decision', { version: 1, decision: 'unsuccessful' }],
        ['conditions-met', { version: 1, metOn: '2026-02-01' }],
        ['correct', { version: 1, note: 'Recorded by mistake' }],
        ['documents', {}],
      ] as const
    ).map(([action, payload]) => ({
      method: 'POST' as const,
      url: `/api/staff/applications/${applicationId}/choices/${choiceId}/${action}`,
      payload,
      adminOnly: false,
    })),
    // issue 28: a referral's reply and invitation (a made-up referral: nothing is sent), leads, funnel
    {
      method: 'POST',
      url: `/api/staff/referrals/${requestId}/reply`,
      payload: { body: 'Thank you' },
      adminOnly: false,
    },
    {
      method: 'POST',
      url: `/api/staff/referrals/${requestId}/invite`,
      payload: {},
      adminOnly: false,
    },
    { method: 'GET', url: '/api/staff/leads', adminOnly: false },
    { method: 'GET', url: `/api/staff/leads/referral/${requestId}`, adminOnly: false },
    {
      method: 'PUT',
      url: `/api/staff/leads/referral/${requestId}`,
      payload: {
        version: 0,
        ownerId: null,
        stage: 'contacted',
        closedReason: null,
        followUpOn: null,
      },
      adminOnly: false,
    },
    { method: 'GET', url: '/api/staff/funnel?from=2026-01-01&to=2026-01-31', adminOnly: true },
    // the catalogue: admins and catalogue editors, not consultants (harmless: nothing valid is sent)
    ...catalogueRoutes().map((r) => ({ ...r, adminOnly: true })),
    // partners and commission (D20): admins only (made-up ids: nothing changes)
    ...partnerConsoleRoutes().map((r) => ({ ...r, adminOnly: true })),
  ];
}

/** An applicant (signed in) and the application it submitted with a transcript, as staff will find it. */
export async function createApplicantWithApplication(
  app: FastifyInstance,
  passportNumber = 'P98765432',
) {
  const applicant = await createUser(app);
  const { id } = await createApplication(
    app,
    { email: applicant.user.email, passportNumber },
    {
      cookie: applicant.cookie,
      files: [{ key: 'transcripts', ...fixture('transcript.pdf'), contentType: 'application/pdf' }],
    },
  );
  return { applicant, applicationId: id };
}

/** The status e-mails the applicant has received so far. */
export async function statusMailsTo(app: FastifyInstance, email: string) {
  const subjects = new Set(Object.values(statusWords).map((w) => w.subject));
  return (await mailTo(app, email)).filter((m) => subjects.has(m.subject));
}

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { applicationStatuses } from '../../shared/application-status.ts';
import { isoDay } from '../../shared/schemas/casework.ts';
import { defaultAvailability } from '../../shared/schemas/booking.ts';
import type { StaffSiteTexts } from '../../shared/schemas/site-texts.ts';
import { templateExample } from '../../server/modules/catalogue-admin/csv-import.ts';
import { programsCsv } from '../../server/modules/catalogue-admin/csv-import.ts';
import { createApplication } from './application.ts';
import { createPartnershipInput, createReferralInput } from './referral.ts';
import { createApplicantWithApplication, createStaff } from './staff.ts';
import { createUser, uniqueEmail } from './user.ts';

/** Who sends a request: the admin (every staff and catalogue route) or the application's applicant. */
export type Sender = 'admin' | 'applicant';

/** A route with a body it accepts as it is: only the field a test spoils is wrong. */
export interface ValidBody {
  /** The route as Fastify has it, e.g. `POST /api/staff/applications/:id/status`. */
  route: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  sender: Sender;
  kind: 'json' | 'multipart';
  body: Record<string, unknown>;
  /**
   * A versioned record (issue 25 §2) that other requests of the run may change first (a CSV import
   * rewrites programs): the version to send, read just before sending.
   */
  currentVersion?: () => Promise<number>;
}

/** Staff routes that take no body (their effect is the route itself). */
export const staffRoutesWithoutBody = [
  'POST /api/staff/applications/:id/passport',
  'POST /api/staff/applications/:id/tracking/revoke',
  'POST /api/staff/applications/:id/messages/read',
  'POST /api/staff/applications/:id/requests/:requestId/cancel',
  'POST /api/staff/team/:id/deactivate',
  'POST /api/staff/team/:id/reactivate',
  'POST /api/staff/team/:id/end-sessions',
  'POST /api/staff/mail/:id/retry',
  'POST /api/staff/partnerships/:id/accept',
  // an image, not text: the logo has its own tests (re-encoding, the decompression bomb)
  'POST /api/staff/catalogue/universities/:id/logo',
  // a file only: its checks (type by content, size, who may) are in server/modules/choices
  'POST /api/staff/applications/:id/choices/:choiceId/documents',
  // a CSV file: every cell is spoiled by `validCsvImport`
  'POST /api/staff/catalogue/import',
];

async function post(app: FastifyInstance, url: string, cookie: string, payload: object) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { origin: app.config.publicUrl, cookie, 'idempotency-key': randomUUID() },
    payload,
  });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<Record<string, unknown>>();
}

async function get<T>(app: FastifyInstance, url: string, cookie: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

/**
 * Records for every staff and catalogue route to act on (an application with a document, one with
 * an offer, a request, a referral and a partnership, colleagues, the catalogue's first rows), and
 * a body each route accepts, in an order in which each is accepted once (the closing ones last).
 */
export async function validStaffBodies(app: FastifyInstance) {
  const admin = await createStaff(app, 'admin');
  const colleague = await createStaff(app, 'consultant');
  const promoted = await createStaff(app, 'consultant');
  const leaving = await createUser(app);
  const { applicant, applicationId } = await createApplicantWithApplication(app);
  const offered = await createApplication(
    app,
    { email: applicant.user.email },
    {
      cookie: applicant.cookie,
    },
  );
  for (const status of ['reviewed', 'applied', 'offered'])
    await post(app, `/api/test/applications/${offered.id}/status`, admin.cookie, { status });
  const staff = `/api/staff/applications/${applicationId}`;
  const { id: requestId } = await post(app, `${staff}/requests`, admin.cookie, {
    kind: 'information',
    message: 'Your address in the UK',
    dueOn: isoDay(7),
  });
  // D20: a partner organisation, and a commission line (an accepted case at a university with terms)
  const accepted = await post(app, '/api/partnerships', '', createPartnershipInput());
  const partner = await post(
    app,
    `/api/staff/partnerships/${String(accepted.id)}/accept`,
    admin.cookie,
    {},
  );
  const enrolled = await createApplication(app);
  // called more than once on one app: terms set by an earlier call are updated on their version
  const rates = await get<{ universityId: string; version: number }[]>(
    app,
    '/api/staff/commission/rates',
    admin.cookie,
  );
  const rateVersion = (id: string) => rates.find((r) => r.universityId === id)?.version ?? null;
  const terms = await app.inject({
    method: 'PUT',
    url: `/api/staff/commission/rates/${String(enrolled.fields.universityId)}`,
    headers: { origin: app.config.publicUrl, cookie: admin.cookie },
    payload: {
      kind: 'percent',
      rateBp: 1250,
      version: rateVersion(String(enrolled.fields.universityId)),
    },
  });
  if (terms.statusCode !== 200) throw new Error(`commission terms: ${terms.body}`);
  for (const status of ['reviewed', 'applied', 'offered', 'accepted'])
    await post(app, `/api/test/applications/${enrolled.id}/status`, admin.cookie, { status });
  const [line] = await get<{ id: string; version: number }[]>(
    app,
    '/api/staff/commission/lines',
    admin.cookie,
  );
  const referral = await post(app, '/api/referrals', '', createReferralInput());
  const partnership = await post(app, '/api/partnerships', '', createPartnershipInput());
  const { universities } = await get<{ universities: { id: string; version: number }[] }>(
    app,
    '/api/staff/catalogue/universities',
    admin.cookie,
  );
  const { items } = await get<{
    items: { id: string; universityId: string; version: number }[];
  }>(app, '/api/staff/catalogue/programs', admin.cookie);
  const { figures } = await get<{ figures: { id: string; version: number }[] }>(
    app,
    '/api/staff/catalogue/cost-figures',
    admin.cookie,
  );
  const texts = await get<StaffSiteTexts>(app, '/api/staff/catalogue/site-texts', admin.cookie);
  const { choices } = await get<{ choices: { id: string }[] }>(app, staff, admin.cookie);
  // issue 27: a booking on the agenda, and the version the agenda reads
  const { slots } = await get<{ slots: { startsAt: string }[] }>(
    app,
    '/api/consultants/amara-okafor/slots?days=14',
    '',
  );
  const booking = await post(app, '/api/bookings', '', {
    consultantId: 'amara-okafor',
    startsAt: slots[0]!.startsAt,
    name: 'Student Fuzz',
    email: uniqueEmail('booker'),
    topic: 'Masters',
    channel: 'video',
  });
  const { bookings: agenda } = await get<{ bookings: { id: string; version: string }[] }>(
    app,
    '/api/staff/bookings?days=31',
    admin.cookie,
  );
  const booked = agenda.find((b) => b.id === booking.id)!;
  const otherUniversity = universities.find((u) => u.id !== enrolled.fields.universityId)!.id;
  const choice = `${staff}/choices/${choices[0]!.id}`;
  const university = universities[0]!.id;
  const program = items[0]!;
  const figure = figures[0]!.id;
  const universityValues = {
    name: 'University of Testing',
    location: 'York',
    region: 'Yorkshire and the Humber',
    website: 'https://www.york.example.ac.uk/',
    ranking: 42,
    active: true,
  };
  const programValues = (id: string, universityId: string) => ({
    ...templateExample,
    id,
    universityId,
    name: 'MSc Fuzzing',
  });
  const costFigure = {
    kind: 'visa-fee',
    amountGbp: 524,
    effectiveFrom: '2026-04-09',
    source: 'GOV.UK',
    sourceUrl: 'https://www.gov.uk/student-visa',
  };

  const json = (
    route: string,
    url: string,
    body: Record<string, unknown>,
    sender: Sender = 'admin',
  ): ValidBody => ({
    route,
    method: route.split(' ')[0] as ValidBody['method'],
    url,
    sender,
    kind: 'json',
    body,
  });
  const bodies: ValidBody[] = [
    json('PATCH /api/staff/bookings/:id', `/api/staff/bookings/${booked.id}`, {
      note: 'Called them first',
      version: booked.version,
    }),
    json('PUT /api/staff/availability/:id', '/api/staff/availability/rohan-mehta', {
      availability: defaultAvailability,
      version: null,
    }),
    json(
      'PUT /api/staff/availability/:id/account',
      '/api/staff/availability/amara-okafor/account',
      { userId: colleague.user.id },
    ),
    json('POST /api/staff/applications/:id/status', `${staff}/status`, {
      from: 'submitted',
      to: 'reviewed',
      note: 'Checked the transcript',
    }),
    json('POST /api/staff/applications/:id/notes', `${staff}/notes`, { body: 'Called them' }),
    json('POST /api/staff/referrals/:id/status', `/api/staff/referrals/${referral.id}/status`, {
      status: 'contacted',
      from: 'new',
      note: 'Called back',
    }),
    // issue 28: the referral answered, turned into an invitation, and worked as a lead
    json('POST /api/staff/referrals/:id/reply', `/api/staff/referrals/${referral.id}/reply`, {
      body: 'Thank you: we will call the student this week.',
    }),
    json('POST /api/staff/referrals/:id/invite', `/api/staff/referrals/${referral.id}/invite`, {
      note: 'We look forward to your application.',
    }),
    {
      ...json('PUT /api/staff/leads/:kind/:id', `/api/staff/leads/referral/${referral.id}`, {
        version: 0,
        ownerId: null,
        stage: 'contacted',
        closedReason: '',
        followUpOn: isoDay(7),
      }),
      currentVersion: async () =>
        (
          await get<{ version: number }>(
            app,
            `/api/staff/leads/referral/${referral.id}`,
            admin.cookie,
          )
        ).version,
    },
    json(
      'POST /api/staff/partnerships/:id/status',
      `/api/staff/partnerships/${partnership.id}/status`,
      { status: 'contacted', from: 'new', note: 'Called back' },
    ),
    json(
      'POST /api/staff/partners/:id/members',
      `/api/staff/partners/${String(partner.id)}/members`,
      {
        email: uniqueEmail('partner-colleague'),
        name: 'Tunde Bello',
      },
    ),
    json('PUT /api/staff/partners/:id/share', `/api/staff/partners/${String(partner.id)}/share`, {
      shareBp: 2500,
      version: 1,
    }),
    json(
      'PUT /api/staff/commission/rates/:universityId',
      `/api/staff/commission/rates/${otherUniversity}`,
      { kind: 'fixed', fixedPence: 150_000, version: rateVersion(otherUniversity) },
    ),
    json('PATCH /api/staff/commission/lines/:id', `/api/staff/commission/lines/${line!.id}`, {
      version: line!.version,
      status: 'invoiced',
      intake: 'September 2026',
      on: isoDay(0),
    }),
    json('POST /api/staff/team/invitations', '/api/staff/team/invitations', {
      email: uniqueEmail('invitee'),
      name: 'New Hire',
      role: 'consultant',
    }),
    json('POST /api/staff/team/:id/role', `/api/staff/team/${promoted.user.id}/role`, {
      from: 'consultant',
      role: 'catalogue_editor',
    }),
    json('POST /api/staff/data-requests/lookup', '/api/staff/data-requests/lookup', {
      email: applicant.user.email,
    }),
    json('POST /api/staff/data-requests/export', '/api/staff/data-requests/export', {
      email: applicant.user.email,
      password: admin.password,
      verification: 'Replied from the address with the application id',
    }),
    json('POST /api/staff/data-requests/erase', '/api/staff/data-requests/erase', {
      email: leaving.user.email,
      password: admin.password,
      verification: 'Replied from the address with the application id',
      kept: [],
    }),
    json(
      'POST /api/staff/applications/:id/documents/:key/review',
      `${staff}/documents/transcripts/review`,
      { version: 1, reviewVersion: 1, state: 'rejected', reason: 'The scan is cut off' },
    ),
    json('POST /api/staff/applications/:id/requests', `${staff}/requests`, {
      kind: 'document',
      documentKey: 'financialEvidence',
      message: 'A bank statement for the last 28 days',
      dueOn: isoDay(14),
    }),
    json('POST /api/staff/applications/:id/messages', `${staff}/messages`, { body: 'Hello' }),
    {
      ...json('POST /api/staff/applications/:id/messages', `${staff}/messages`, {
        body: 'The form attached',
      }),
      kind: 'multipart',
    },
    // D18: sent, a conditional offer, its conditions met, then corrected back to conditional
    json('POST /api/staff/applications/:id/choices/:choiceId/sent', `${choice}/sent`, {
      version: 1,
      sentOn: isoDay(0),
      reference: 'UCL-2026-001',
    }),
    json('POST /api/staff/applications/:id/choices/:choiceId/decision', `${choice}/decision`, {
      version: 2,
      decision: 'conditional_offer',
      conditions: ['IELTS 7.0 overall', 'A 2:1 degree'],
      replyDeadline: isoDay(30),
      reason: null,
    }),
    json(
      'POST /api/staff/applications/:id/choices/:choiceId/conditions-met',
      `${choice}/conditions-met`,
      { version: 3, metOn: isoDay(0) },
    ),
    json('POST /api/staff/applications/:id/choices/:choiceId/correct', `${choice}/correct`, {
      version: 4,
      note: 'The transcript is not final yet',
    }),
    json('PUT /api/staff/applications/:id/owner', `${staff}/owner`, {
      from: null,
      ownerId: colleague.user.id,
    }),
    json(
      'PUT /api/staff/stage-times',
      '/api/staff/stage-times',
      Object.fromEntries(applicationStatuses.map((s, i) => [s, i + 2])),
    ),
    json(
      'PATCH /api/staff/applications/:id/after-offer',
      `/api/staff/applications/${offered.id}/after-offer`,
      { version: 1, offerType: 'conditional', conditions: 'IELTS 7.0', arrivalDate: isoDay(60) },
    ),
    json('POST /api/staff/catalogue/universities', '/api/staff/catalogue/universities', {
      id: `university-of-fuzzing-${randomUUID().slice(0, 8)}`,
      ...universityValues,
    }),
    json(
      'POST /api/staff/catalogue/universities/:id',
      `/api/staff/catalogue/universities/${university}`,
      { version: universities[0]!.version, ...universityValues },
    ),
    json('POST /api/staff/catalogue/categories', '/api/staff/catalogue/categories', {
      name: 'Fuzzing',
    }),
    json('POST /api/staff/catalogue/categories/:name', '/api/staff/catalogue/categories/Tourism', {
      name: 'Travel and Tourism',
      active: true,
    }),
    json(
      'POST /api/staff/catalogue/programs',
      '/api/staff/catalogue/programs',
      programValues(`msc-fuzzing-${randomUUID().slice(0, 8)}`, university),
    ),
    {
      ...json(
        'POST /api/staff/catalogue/programs/:id',
        `/api/staff/catalogue/programs/${program.id}`,
        { version: program.version, ...programValues(program.id, program.universityId) },
      ),
      currentVersion: async () =>
        (
          await get<{ version: number }>(
            app,
            `/api/staff/catalogue/programs/${program.id}`,
            admin.cookie,
          )
        ).version,
    },
    json(
      'POST /api/staff/catalogue/programs/:id/active',
      `/api/staff/catalogue/programs/${program.id}/active`,
      { active: false },
    ),
    json('POST /api/staff/catalogue/cost-figures', '/api/staff/catalogue/cost-figures', costFigure),
    json(
      'POST /api/staff/catalogue/cost-figures/:id',
      `/api/staff/catalogue/cost-figures/${figure}`,
      { version: figures[0]!.version, ...costFigure },
    ),
    // issue 26 §3: the site's texts, each in six languages
    json(
      'POST /api/staff/catalogue/latest-updates/:key',
      `/api/staff/catalogue/latest-updates/${texts.latestUpdates[0]!.key}`,
      {
        version: texts.latestUpdates[0]!.version,
        title: texts.latestUpdates[0]!.title,
        summary: texts.latestUpdates[0]!.summary,
        url: texts.latestUpdates[0]!.url,
      },
    ),
    json(
      'POST /api/staff/catalogue/consultants/:id',
      `/api/staff/catalogue/consultants/${texts.consultants[0]!.id}`,
      {
        version: texts.consultants[0]!.version,
        role: texts.consultants[0]!.role,
        nationality: texts.consultants[0]!.nationality,
      },
    ),
    // the applicant's side of the same casework
    json(
      'POST /api/applications/:id/requests/:requestId/answer',
      `/api/applications/${applicationId}/requests/${String(requestId)}/answer`,
      { text: '12 High Street, York' },
      'applicant',
    ),
    json(
      'POST /api/applications/:id/messages',
      `/api/applications/${applicationId}/messages`,
      { body: 'Thank you' },
      'applicant',
    ),
    {
      ...json(
        'POST /api/applications/:id/messages',
        `/api/applications/${applicationId}/messages`,
        { body: 'My statement attached' },
        'applicant',
      ),
      kind: 'multipart',
    },
    json(
      'POST /api/applications/:id/choices/:choiceId/reply',
      `/api/applications/${applicationId}/choices/${choices[0]!.id}/reply`,
      { reply: 'firm', confirm: true },
      'applicant',
    ),
    json(
      'PATCH /api/applications/:id/after-offer',
      `/api/applications/${offered.id}/after-offer`,
      // the staff save above made it version 2 (issue 25 §2)
      { version: 2, arrivalDate: isoDay(61) },
      'applicant',
    ),
    // last: these close their applications
    json(
      'POST /api/applications/:id/withdraw',
      `/api/applications/${offered.id}/withdraw`,
      { confirm: true },
      'applicant',
    ),
    json('POST /api/staff/applications/:id/close', `${staff}/close`, { reason: 'No place' }),
  ];
  const csv = programsCsv([programValues(program.id, program.universityId)]);
  return {
    bodies,
    csv,
    cookies: { admin: admin.cookie, applicant: applicant.cookie } as Record<Sender, string>,
  };
}

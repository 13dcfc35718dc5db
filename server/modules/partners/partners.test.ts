import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  PartnerApplicationView,
  PartnerOrganisationView,
  TrackPartnerView,
} from '../../../shared/schemas/partners.ts';
import { auditLog, applications, partnerMembers, users } from '../../db/schema/index.ts';
import { createApplicationFields, multipartBody } from '../../../tests/factories/application.ts';
import * as partnerFactory from '../../../tests/factories/partner.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import { waitForMail } from '../../../tests/factories/user-mail.ts';
import { apiError } from '../../../tests/factories/user-requests.ts';
import { createUser, uniqueEmail } from '../../../tests/factories/user.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const ctx = useTestApp();

type Caller = string | null;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  cookie: Caller,
  payload?: object,
) => staffCall(ctx.app, { method, url, ...(payload ? { payload } : {}) }, cookie);

const requestPartnership = (overrides = {}) =>
  partnerFactory.requestPartnership(ctx.app, overrides);
const acceptInvitation = (email: string) => partnerFactory.acceptPartnerInvitation(ctx.app, email);
const createPartner = (admin: { cookie: string }, name?: string) =>
  partnerFactory.createPartner(ctx.app, admin.cookie, name);
const submitFor = (cookie: string, overrides: Record<string, string> = {}) =>
  partnerFactory.submitForStudent(ctx.app, cookie, overrides);

describe('partners (D20): accepting a partnership, the partner portal', () => {
  it('an admin accepts a partnership: the organisation is made, the request closed, the contact invited as a partner', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const consultant = await createStaff(ctx.app, 'consultant');
    const email = uniqueEmail('contact');
    const requestId = await requestPartnership({ email, businessName: 'Lagos Study Link' });
    const refused = await call(
      'POST',
      `/api/staff/partnerships/${requestId}/accept`,
      consultant.cookie,
    );
    expect(refused.statusCode).toBe(403);

    const res = await call('POST', `/api/staff/partnerships/${requestId}/accept`, admin.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const organisation = res.json<PartnerOrganisationView>();
    expect(organisation.name).toBe('Lagos Study Link');
    expect(organisation.members.map((m) => [m.email, m.hasSignedUp])).toEqual([[email, false]]);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(user!.role).toBe('partner');

    const again = await call('POST', `/api/staff/partnerships/${requestId}/accept`, admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(apiError(again).code).toBe('PARTNERSHIP_ALREADY_ACCEPTED');
    const request = await call('GET', `/api/staff/partnerships/${requestId}`, admin.cookie);
    expect(request.json<{ status: string }>().status).toBe('closed');
    expect(
      (await call('POST', `/api/staff/partnerships/${randomUUID()}/accept`, admin.cookie))
        .statusCode,
    ).toBe(404);

    const partner = await acceptInvitation(email);
    const me = await call('GET', '/api/partner/organisation', partner);
    expect(me.json<PartnerOrganisationView>().members[0]!.hasSignedUp).toBe(true);
  });

  it('a partner invites a colleague into its own organisation; a staff address is refused', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const { organisation, cookie } = await createPartner(admin);
    const colleague = uniqueEmail('colleague');
    const res = await call('POST', '/api/partner/organisation/members', cookie, {
      email: colleague,
      name: 'Tunde Bello',
    });
    expect(res.statusCode, res.body).toBe(201);
    const colleagueCookie = await acceptInvitation(colleague);
    const [member] = await ctx.app.db
      .select()
      .from(partnerMembers)
      .innerJoin(users, eq(users.id, partnerMembers.userId))
      .where(eq(users.email, colleague));
    expect(member!.partner_members.partnerId).toBe(organisation.id);
    expect((await call('GET', '/api/partner/applications', colleagueCookie)).statusCode).toBe(200);

    const taken = await call('POST', '/api/partner/organisation/members', cookie, {
      email: admin.user.email,
    });
    expect(taken.statusCode).toBe(409);
    expect(apiError(taken).code).toBe('PARTNER_ACCOUNT_TAKEN');
  });

  it('a partner submits for a student: the student gets the confirmation, owns it, and the partner is its source', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const { organisation, cookie } = await createPartner(admin);
    const student = uniqueEmail('student');
    const id = await submitFor(cookie, { email: student, fullName: 'Amina Yusuf' });
    const [row] = await ctx.app.db.select().from(applications).where(eq(applications.id, id));
    expect([row!.userId, row!.sourceKind, row!.sourcePartnerId]).toEqual([
      null,
      'partner',
      organisation.id,
    ]);
    await waitForMail(ctx.app, student, /./);

    const list = await call('GET', '/api/partner/applications', cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const [item] = list.json<PartnerApplicationView[]>();
    expect(item).toMatchObject({ id, studentName: 'Amina Yusuf', status: 'submitted' });
    expect(item!.choices.length).toBeGreaterThan(0);
    // the headline and the choices only: no passport, documents, messages, contact details
    const body = JSON.stringify(list.json());
    for (const hidden of ['passport', 'documents', 'messages', student, 'phone', 'dateOfBirth'])
      expect(body).not.toContain(hidden);

    const one = await call('GET', `/api/partner/applications/${id}`, cookie);
    expect(one.json<PartnerApplicationView>().id).toBe(id);
    const csv = await call('GET', '/api/partner/applications.csv?status=submitted', cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Amina Yusuf');
    const filtered = await call('GET', '/api/partner/applications?status=accepted', cookie);
    expect(filtered.json()).toEqual([]);
    const named = await call('GET', '/api/partner/applications?q=amina', cookie);
    expect(named.json<PartnerApplicationView[]>().map((a) => a.id)).toEqual([id]);

    // every read is audited, with the ids it showed
    const reads = await ctx.app.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'partner'), eq(auditLog.subjectId, organisation.id)));
    expect(reads.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'partner.applications_listed',
        'partner.application_viewed',
        'partner.applications_exported',
      ]),
    );
  });

  it('the student sees who follows the application and stops it: the partner no longer sees it', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const { cookie } = await createPartner(admin, 'Nile Education');
    const student = await createUser(ctx.app);
    const id = await submitFor(cookie, { email: student.user.email });
    // the student adds it to their account (D2), then reads and stops the partner's following
    const added = await call('POST', '/api/me/applications/add', student.cookie, {
      applicationId: id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const seen = await call('GET', `/api/applications/${id}/partner`, student.cookie);
    expect(seen.json<TrackPartnerView>()).toEqual({
      partner: { name: 'Nile Education' },
      stoppedAt: null,
    });
    const stranger = await createUser(ctx.app);
    expect((await call('GET', `/api/applications/${id}/partner`, stranger.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/applications/${id}/partner/stop`, cookie)).statusCode).toBe(
      404,
    );

    const stopped = await call('POST', `/api/applications/${id}/partner/stop`, student.cookie);
    expect(stopped.json<TrackPartnerView>().stoppedAt).not.toBeNull();
    expect((await call('GET', `/api/partner/applications/${id}`, cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/partner/applications', cookie)).json()).toEqual([]);
    const [consent] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'partner.consent_stopped'), eq(auditLog.subjectId, id)));
    expect(consent!.actorId).toBe(student.user.id);
  });
});

describe('who may use the partner routes', () => {
  const partnerRoutes = (id: string) =>
    [
      ['GET', '/api/partner/organisation'],
      ['POST', '/api/partner/organisation/members', { email: uniqueEmail('x') }],
      ['GET', '/api/partner/applications'],
      ['GET', '/api/partner/applications.csv'],
      ['GET', `/api/partner/applications/${id}`],
      ['GET', '/api/partner/commission'],
    ] as const;
  const adminRoutes = (partnerId: string, lineId: string) =>
    [
      ['POST', `/api/staff/partnerships/${randomUUID()}/accept`],
      ['GET', '/api/staff/partners'],
      ['POST', `/api/staff/partners/${partnerId}/members`, { email: uniqueEmail('y') }],
      ['PUT', `/api/staff/partners/${partnerId}/share`, { shareBp: 100, version: 99 }],
      ['GET', '/api/staff/commission/rates'],
      ['PUT', '/api/staff/commission/rates/no-such-university', { kind: 'fixed', fixedPence: 1 }],
      ['GET', '/api/staff/commission/lines'],
      ['GET', '/api/staff/commission/lines.csv'],
      ['PATCH', `/api/staff/commission/lines/${lineId}`, { version: 1, status: 'paid' }],
    ] as const;

  it(
    'anonymous 401, applicant / consultant / admin 403, a partner without its factor 403, another partner 404',
    { timeout: 90_000 },
    async () => {
      const admin = await createStaff(ctx.app, 'admin');
      const consultant = await createStaff(ctx.app, 'consultant');
      const applicant = await createUser(ctx.app);
      const mine = await createPartner(admin, 'First Partner');
      const other = await createPartner(admin, 'Second Partner');
      const id = await submitFor(mine.cookie);
      const noFactor = await createUser(ctx.app, { role: 'partner', secondFactor: false });

      for (const [method, url, payload] of partnerRoutes(id)) {
        const label = `${method} ${url}`;
        expect((await call(method, url, null, payload)).statusCode, label).toBe(401);
        for (const cookie of [applicant.cookie, consultant.cookie, admin.cookie]) {
          const res = await call(method, url, cookie, payload);
          expect(res.statusCode, label).toBe(403);
          expect(apiError(res).code, label).toBe('FORBIDDEN');
        }
        const res = await call(method, url, noFactor.cookie, payload);
        expect(apiError(res).code, label).toBe('SECOND_FACTOR_REQUIRED');
      }
      // the other partner: its lists are empty, the first one's ids do not exist
      expect((await call('GET', `/api/partner/applications/${id}`, other.cookie)).statusCode).toBe(
        404,
      );
      expect((await call('GET', '/api/partner/applications', other.cookie)).json()).toEqual([]);
      expect((await call('GET', '/api/partner/applications.csv', other.cookie)).body).not.toContain(
        id,
      );
      expect((await call('GET', `/api/applications/${id}/partner`, other.cookie)).statusCode).toBe(
        404,
      );
      // the partner's submission endpoint is the partner's only
      const { payload, contentType } = multipartBody(createApplicationFields());
      for (const cookie of [null, applicant.cookie, consultant.cookie, admin.cookie]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/partner/applications',
          payload,
          headers: {
            'content-type': contentType,
            origin: ctx.app.config.publicUrl,
            ...(cookie ? { cookie } : {}),
          },
        });
        expect(res.statusCode).toBe(cookie ? 403 : 401);
      }
      // the console's partner and commission routes: admins only
      for (const [method, url, payload] of adminRoutes(mine.organisation.id, randomUUID())) {
        const label = `${method} ${url}`;
        expect((await call(method, url, null, payload)).statusCode, label).toBe(401);
        for (const cookie of [applicant.cookie, consultant.cookie, mine.cookie])
          expect((await call(method, url, cookie, payload)).statusCode, label).toBe(403);
        expect((await call(method, url, admin.cookie, payload)).statusCode, label).toBeLessThan(
          500,
        );
      }
    },
  );
});

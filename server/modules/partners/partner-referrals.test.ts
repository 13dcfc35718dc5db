import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  PartnerApplicationView,
  PartnerReferralView,
  TrackPartnerView,
} from '../../../shared/schemas/partners.ts';
import { applications, auditLog, referrals } from '../../db/schema/index.ts';
import { createApplication } from '../../../tests/factories/application.ts';
import * as partnerFactory from '../../../tests/factories/partner.ts';
import { createReferralInput, type ReferralBody } from '../../../tests/factories/referral.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import { linkIn, mailTo } from '../../../tests/factories/user-mail.ts';
import { apiError } from '../../../tests/factories/user-requests.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const ctx = useTestApp();

type Staff = Awaited<ReturnType<typeof createStaff>>;
type Partner = Awaited<ReturnType<typeof partnerFactory.createPartner>>;
let admin: Staff;
let consultant: Staff;
let mine: Partner;
let other: Partner;

beforeAll(async () => {
  admin = await createStaff(ctx.app, 'admin');
  consultant = await createStaff(ctx.app, 'consultant');
  mine = await partnerFactory.createPartner(ctx.app, admin.cookie, 'Referring Partner');
  other = await partnerFactory.createPartner(ctx.app, admin.cookie, 'Another Partner');
}, 60_000);

const call = (method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) =>
  staffCall(ctx.app, { method, url, ...(payload ? { payload } : {}) }, cookie);

/** The /refer page's referral, sent by whoever `cookie` signs in (nobody: null). */
async function refer(cookie: string | null, overrides: Partial<ReferralBody> = {}) {
  const body = createReferralInput(overrides);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/referrals?lang=en',
    headers: {
      origin: ctx.app.config.publicUrl,
      'idempotency-key': randomUUID(),
      ...(cookie ? { cookie } : {}),
    },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<{ id: string }>().id, body };
}

const partnerOf = async (id: string) =>
  (await ctx.app.db.select().from(referrals).where(eq(referrals.id, id)))[0]!.partnerId;

async function invite(id: string, studentEmail: string) {
  const res = await call('POST', `/api/staff/referrals/${id}/invite`, consultant.cookie, {});
  expect(res.statusCode, res.body).toBe(200);
  await expect.poll(async () => (await mailTo(ctx.app, studentEmail)).length).toBe(1);
  const [mail] = await mailTo(ctx.app, studentEmail);
  const link = linkIn(mail!, ctx.app.config.publicUrl);
  return new URLSearchParams(new URL(link).hash.slice(1)).get('invite')!;
}

const referralsOf = async (cookie: string) => {
  const res = await call('GET', '/api/partner/referrals', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PartnerReferralView[]>();
};

describe('the students a partner referred (D20)', () => {
  it('a referral made while signed in as a partner is the partner’s; anyone else’s is nobody’s', async () => {
    const applicant = await createUser(ctx.app);
    const fromPartner = await refer(mine.cookie);
    expect(await partnerOf(fromPartner.id)).toBe(mine.organisation.id);
    for (const cookie of [null, applicant.cookie, consultant.cookie, admin.cookie]) {
      const { id } = await refer(cookie);
      expect(await partnerOf(id), String(cookie)).toBeNull();
    }
    const listed = await referralsOf(mine.cookie);
    expect(listed.map((r) => r.id)).toContain(fromPartner.id);
    expect((await referralsOf(other.cookie)).map((r) => r.id)).not.toContain(fromPartner.id);
  });

  it('the dashboard follows the student: referred, invited, applied with its status while the student agrees', async () => {
    const { id, body } = await refer(mine.cookie, {
      studentName: 'Ngozi Adeyemi',
      studyInterest: 'LLM International Law',
    });
    const one = async () => {
      const res = await call('GET', `/api/partner/referrals/${id}`, mine.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json<PartnerReferralView>();
    };
    expect(await one()).toMatchObject({
      id,
      studentName: 'Ngozi Adeyemi',
      studyInterest: 'LLM International Law',
      state: 'referred',
      invitedAt: null,
      application: null,
    });
    // the student's contact details are the team's: the partner's view has the name only
    const listed = JSON.stringify(await referralsOf(mine.cookie));
    expect(listed).not.toContain(body.studentEmail!);

    const token = await invite(id, body.studentEmail!);
    expect(await one()).toMatchObject({ state: 'invited', invitedAt: expect.any(String) });

    const student = await createUser(ctx.app, { email: body.studentEmail! });
    const { id: applicationId } = await createApplication(
      ctx.app,
      { email: body.studentEmail!, invitation: token, referrerMayFollow: 'yes' },
      { cookie: student.cookie },
    );
    const [row] = await ctx.app.db
      .select()
      .from(applications)
      .where(eq(applications.id, applicationId));
    expect(row).toMatchObject({
      sourceKind: 'referral',
      sourceReferralId: id,
      sourcePartnerId: mine.organisation.id,
    });
    expect(await one()).toMatchObject({
      state: 'applied',
      application: { id: applicationId, status: 'submitted', outcome: null },
    });
    // the application is on the partner's students list too, and the student sees who follows it
    const students = await call('GET', '/api/partner/applications', mine.cookie);
    expect(students.json<PartnerApplicationView[]>().map((a) => a.id)).toContain(applicationId);
    const track = await call('GET', `/api/applications/${applicationId}/partner`, student.cookie);
    expect(track.json<TrackPartnerView>().partner).toEqual({ name: 'Referring Partner' });

    // the student stops it: the partner keeps "applied" and loses the status
    const stop = await call(
      'POST',
      `/api/applications/${applicationId}/partner/stop`,
      student.cookie,
    );
    expect(stop.statusCode, stop.body).toBe(200);
    expect(await one()).toMatchObject({ state: 'applied', application: null });
    expect(
      (await call('GET', `/api/partner/applications/${applicationId}`, mine.cookie)).statusCode,
    ).toBe(404);

    const reads = await ctx.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectType, 'partner'), eq(auditLog.subjectId, mine.organisation.id)),
      );
    expect(reads.map((r) => r.action)).toEqual(
      expect.arrayContaining(['partner.referrals_listed', 'partner.referral_viewed']),
    );
  });

  it('without the student’s agreement the partner never learns that they applied', async () => {
    const { id, body } = await refer(mine.cookie);
    const token = await invite(id, body.studentEmail!);
    const { id: applicationId } = await createApplication(ctx.app, {
      email: body.studentEmail!,
      invitation: token,
    });
    const [view] = (await referralsOf(mine.cookie)).filter((r) => r.id === id);
    expect(view).toMatchObject({ state: 'invited', application: null });
    expect(
      (await call('GET', `/api/partner/applications/${applicationId}`, mine.cookie)).statusCode,
    ).toBe(404);
    const students = await call('GET', '/api/partner/applications', mine.cookie);
    expect(students.json<PartnerApplicationView[]>().map((a) => a.id)).not.toContain(applicationId);
  });
});

describe('who may read a partner’s referrals', () => {
  it('anonymous 401; applicant, consultant and admin 403; another partner sees none and gets 404 on their ids', async () => {
    const applicant = await createUser(ctx.app);
    const { id } = await refer(mine.cookie);
    for (const url of ['/api/partner/referrals', `/api/partner/referrals/${id}`]) {
      expect((await call('GET', url, null)).statusCode, url).toBe(401);
      for (const cookie of [applicant.cookie, consultant.cookie, admin.cookie]) {
        const res = await call('GET', url, cookie);
        expect(res.statusCode, url).toBe(403);
        expect(apiError(res).code, url).toBe('FORBIDDEN');
      }
      expect((await call('GET', url, mine.cookie)).statusCode, url).toBe(200);
    }
    const theirs = await call('GET', `/api/partner/referrals/${id}`, other.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(apiError(theirs).code).toBe('CONTACT_REQUEST_NOT_FOUND');
    const list = await referralsOf(other.cookie);
    expect(list.map((r) => r.id)).not.toContain(id);
    expect(JSON.stringify(list)).not.toContain(id);
    expect(
      (await call('GET', `/api/partner/referrals/${randomUUID()}`, mine.cookie)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/partner/referrals/not-an-id', mine.cookie)).statusCode).toBe(
      400,
    );
  });
});

import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FunnelReport, LeadPage } from '../../../shared/schemas/leads.ts';
import { applications } from '../../db/schema/index.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication } from '../../../tests/factories/application.ts';
import { createReferralInput } from '../../../tests/factories/referral.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import { mailTo } from '../../../tests/factories/user-mail.ts';
import { sendLeadReminders } from './reminders.ts';
import { londonToday } from './service.ts';

const ctx = useTestApp();
let consultant: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  consultant = await createStaff(ctx.app, 'consultant', 'Cora Consultant');
  admin = await createStaff(ctx.app, 'admin');
});

async function refer() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/referrals',
    headers: { 'idempotency-key': randomUUID() },
    payload: createReferralInput(),
  });
  return res.json().id as string;
}

const put = (id: string, payload: object) =>
  staffCall(
    ctx.app,
    { method: 'PUT', url: `/api/staff/leads/referral/${id}`, payload },
    consultant.cookie,
  );

describe('leads (issue 28 §1)', () => {
  it('a new referral is a new, unowned lead at version 0; a save from an older version is 409 with the current lead', async () => {
    const id = await refer();
    const list = (
      await staffCall(
        ctx.app,
        { method: 'GET', url: '/api/staff/leads?kind=referral&owner=none' },
        consultant.cookie,
      )
    ).json() as LeadPage;
    expect(list.items.find((l) => l.id === id)).toMatchObject({
      stage: 'new',
      owner: null,
      version: 0,
    });
    const body = {
      ownerId: consultant.user.id,
      stage: 'contacted',
      closedReason: null,
      followUpOn: '2099-01-01',
    };
    const first = await put(id, { ...body, version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      version: 1,
      stage: 'contacted',
      owner: { name: 'Cora Consultant' },
    });
    const stale = await put(id, {
      ...body,
      stage: 'closed',
      closedReason: 'No answer',
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('LEAD_CHANGED_MEANWHILE');
    expect(stale.json().error.current).toMatchObject({ version: 1, stage: 'contacted' });
    const mine = (
      await staffCall(
        ctx.app,
        { method: 'GET', url: '/api/staff/leads?owner=me&stage=contacted' },
        consultant.cookie,
      )
    ).json() as LeadPage;
    expect(mine.items.map((l) => l.id)).toContain(id);
  });

  it('refuses a closed lead without a reason and an owner who is not staff', async () => {
    const id = await refer();
    const closed = await put(id, {
      version: 0,
      ownerId: null,
      stage: 'closed',
      closedReason: '',
      followUpOn: null,
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().error.issues.closedReason.code).toBe('LEAD_CLOSE_REASON_REQUIRED');
    const applicant = await put(id, {
      version: 0,
      ownerId: randomUUID(),
      stage: 'new',
      closedReason: null,
      followUpOn: null,
    });
    expect(applicant.statusCode).toBe(400);
    expect(applicant.json().error.issues.ownerId.code).toBe('LEAD_OWNER_NOT_STAFF');
    expect(
      (
        await put(randomUUID(), {
          version: 0,
          ownerId: null,
          stage: 'new',
          closedReason: null,
          followUpOn: null,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('e-mails the owner once on the follow-up date', async () => {
    const id = await refer();
    const saved = await put(id, {
      version: 0,
      ownerId: consultant.user.id,
      stage: 'contacted',
      closedReason: null,
      followUpOn: londonToday(),
    });
    expect(saved.statusCode).toBe(200);
    const before = (await mailTo(ctx.app, consultant.user.email)).length;
    expect(await sendLeadReminders(ctx.app)).toBeGreaterThanOrEqual(1);
    expect(await sendLeadReminders(ctx.app)).toBe(0);
    await expect
      .poll(async () => (await mailTo(ctx.app, consultant.user.email)).length)
      .toBe(before + 1);
  });
});

describe('the funnel (issue 28 §4)', () => {
  it('counts a seeded month: steps, conversion, by source, CSV; admins only', async () => {
    const made = await Promise.all([0, 1, 2].map(() => createApplication(ctx.app)));
    const ids = made.map((m) => m.id);
    await ctx.app.db
      .update(applications)
      .set({ createdAt: new Date('2020-03-10T12:00:00Z') })
      .where(inArray(applications.id, ids));
    await ctx.app.db
      .update(applications)
      .set({ status: 'accepted', sourceKind: 'referral' })
      .where(eq(applications.id, ids[0]!));
    await ctx.app.db
      .update(applications)
      .set({ status: 'reviewed' })
      .where(eq(applications.id, ids[1]!));
    const res = await staffCall(
      ctx.app,
      { method: 'GET', url: '/api/staff/funnel?from=2020-03-01&to=2020-03-31' },
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as FunnelReport;
    expect(report.steps.map((s) => [s.step, s.count, s.conversion])).toEqual([
      ['guidance', 0, null],
      ['bookings', 0, null],
      ['referrals', 0, null],
      ['applications', 3, null],
      ['reviewed', 2, 66.7],
      ['sent', 1, 50],
      ['offers', 1, 100],
      ['accepted', 1, 100],
    ]);
    expect(report.bySource.map((r) => [r.key, r.applications, r.accepted])).toEqual([
      ['direct', 2, 0],
      ['referral', 1, 1],
      ['partner', 0, 0],
      ['booking', 0, 0],
    ]);
    const csv = await staffCall(
      ctx.app,
      { method: 'GET', url: '/api/staff/funnel?from=2020-03-01&to=2020-03-31&format=csv' },
      admin.cookie,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('step,applications,applications,,,,,,3,,');
    const consultantAsks = await staffCall(
      ctx.app,
      { method: 'GET', url: '/api/staff/funnel?from=2020-03-01&to=2020-03-31' },
      consultant.cookie,
    );
    expect(consultantAsks.statusCode).toBe(403);
    const backwards = await staffCall(
      ctx.app,
      { method: 'GET', url: '/api/staff/funnel?from=2020-03-31&to=2020-03-01' },
      admin.cookie,
    );
    expect(backwards.statusCode).toBe(400);
  });
});

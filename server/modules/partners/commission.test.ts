import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isoDay } from '../../../shared/schemas/casework.ts';
import {
  commissionAmounts,
  shareOf,
  type CommissionLineView,
  type PartnerCommissionView,
} from '../../../shared/schemas/partners.ts';
import type { StaffApplicationDetail } from '../../../shared/schemas/staff.ts';
import { auditLog, programs } from '../../db/schema/index.ts';
import { createApplication, sampleProgram } from '../../../tests/factories/application.ts';
import { createPartner, submitForStudent } from '../../../tests/factories/partner.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { apiError } from '../../../tests/factories/user-requests.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, cookie: string | null, payload?: object) =>
  staffCall(ctx.app, { method, url, ...(payload ? { payload } : {}) }, cookie);

describe('commission amounts (decision 0041: pence, half up to the penny)', () => {
  it('a percentage of first-year tuition, and the partner share of it', () => {
    // 12.5% of £18,500.00
    expect(
      commissionAmounts(1_850_000, { kind: 'percent', rateBp: 1250, fixedPence: null }, 2000),
    ).toEqual({
      agencyPence: 231_250,
      partnerPence: 46_250,
    });
    // 12.5% of £12,345.67 = 154,320.875p -> 154,321p; a third of it (33.33%) = 51,435.19p -> 51,435p
    expect(
      commissionAmounts(1_234_567, { kind: 'percent', rateBp: 1250, fixedPence: null }, 3333),
    ).toEqual({
      agencyPence: 154_321,
      partnerPence: 51_435,
    });
  });

  it('a fixed amount, whatever the tuition', () => {
    expect(
      commissionAmounts(2_900_000, { kind: 'fixed', rateBp: null, fixedPence: 150_000 }, 2500),
    ).toEqual({
      agencyPence: 150_000,
      partnerPence: 37_500,
    });
    expect(commissionAmounts(0, { kind: 'fixed', rateBp: null, fixedPence: 99_999 }, 0)).toEqual({
      agencyPence: 99_999,
      partnerPence: 0,
    });
  });

  it('rounds half a penny up and less than half down', () => {
    expect(shareOf(2, 2500)).toBe(1); // 0.5p
    expect(shareOf(10, 1250)).toBe(1); // 1.25p
    expect(shareOf(14, 2500)).toBe(4); // 3.5p
    expect(shareOf(13, 2500)).toBe(3); // 3.25p
    expect(shareOf(1, 10_000)).toBe(1);
    expect(shareOf(123_456_789, 0)).toBe(0);
  });
});

describe('commission lines (D20)', () => {
  it(
    'the firm offer becomes unconditional: a line with the university terms and the partner share; the partner sees its share, another partner nothing',
    { timeout: 90_000 },
    async () => {
      const admin = await createStaff(ctx.app, 'admin');
      const consultant = await createStaff(ctx.app, 'consultant');
      const mine = await createPartner(ctx.app, admin.cookie, 'Accra Scholars');
      const other = await createPartner(ctx.app, admin.cookie, 'Other Agency');
      const universityId = sampleProgram.universityId;
      const [program] = await ctx.app.db
        .select({ tuitionGbp: programs.tuitionGbp })
        .from(programs)
        .where(eq(programs.id, sampleProgram.id));

      const rate = await call('PUT', `/api/staff/commission/rates/${universityId}`, admin.cookie, {
        kind: 'percent',
        rateBp: 1500,
        version: null,
      });
      expect(rate.statusCode, rate.body).toBe(200);
      const stale = await call('PUT', `/api/staff/commission/rates/${universityId}`, admin.cookie, {
        kind: 'fixed',
        fixedPence: 100,
        version: null,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ error: { current: { rateBp: number } } }>().error.current.rateBp).toBe(
        1500,
      );
      const share = await call(
        'PUT',
        `/api/staff/partners/${mine.organisation.id}/share`,
        admin.cookie,
        {
          shareBp: 2000,
          version: mine.organisation.version,
        },
      );
      expect(share.statusCode, share.body).toBe(200);

      const student = await createUser(ctx.app);
      const id = await submitForStudent(ctx.app, mine.cookie, { email: student.user.email });
      await call('POST', '/api/me/applications/add', student.cookie, { applicationId: id });
      const staffUrl = `/api/staff/applications/${id}`;
      const choice = async () =>
        (await call('GET', staffUrl, consultant.cookie)).json<StaffApplicationDetail>().choices[0]!;
      const first = await choice();
      expect(
        (
          await call('POST', `${staffUrl}/choices/${first.id}/sent`, consultant.cookie, {
            version: first.version,
            sentOn: isoDay(-2),
            reference: 'REF-1',
          })
        ).statusCode,
      ).toBe(204);
      expect(
        (
          await call('POST', `${staffUrl}/choices/${first.id}/decision`, consultant.cookie, {
            version: (await choice()).version,
            decision: 'unconditional_offer',
            replyDeadline: isoDay(20),
          })
        ).statusCode,
      ).toBe(204);
      expect((await call('GET', '/api/staff/commission/lines', admin.cookie)).json()).toEqual([]);
      const replied = await call(
        'POST',
        `/api/applications/${id}/choices/${first.id}/reply`,
        student.cookie,
        { reply: 'firm', confirm: true },
      );
      expect(replied.statusCode, replied.body).toBe(200);

      const lines = (await call('GET', '/api/staff/commission/lines', admin.cookie)).json<
        CommissionLineView[]
      >();
      expect(lines).toHaveLength(1);
      const tuitionPence = program!.tuitionGbp * 100;
      const agencyPence = Math.floor((tuitionPence * 1500 + 5000) / 10_000);
      expect(lines[0]).toMatchObject({
        applicationId: id,
        partner: { id: mine.organisation.id, name: 'Accra Scholars' },
        universityId,
        tuitionPence,
        rate: { kind: 'percent', rateBp: 1500, fixedPence: null },
        shareBp: 2000,
        agencyPence,
        partnerPence: Math.floor((agencyPence * 2000 + 5000) / 10_000),
        status: 'expected',
        version: 1,
      });

      const seen = await call('GET', '/api/partner/commission', mine.cookie);
      const [partnerLine] = seen.json<PartnerCommissionView[]>();
      expect(partnerLine).toMatchObject({ id: lines[0]!.id, partnerPence: lines[0]!.partnerPence });
      expect(JSON.stringify(seen.json())).not.toContain('agencyPence');
      expect((await call('GET', '/api/partner/commission', other.cookie)).json()).toEqual([]);
      // the partner's dashboard shows the case accepted
      const item = await call('GET', `/api/partner/applications/${id}`, mine.cookie);
      expect(item.json<{ status: string }>().status).toBe('accepted');

      // admins move it on with the version they saw; a stale one is 409 with the line as it is
      const url = `/api/staff/commission/lines/${lines[0]!.id}`;
      const invoiced = await call('PATCH', url, admin.cookie, {
        version: 1,
        status: 'invoiced',
        on: '2026-10-01',
      });
      expect(invoiced.json<CommissionLineView>()).toMatchObject({
        status: 'invoiced',
        invoicedOn: '2026-10-01',
        version: 2,
      });
      const late = await call('PATCH', url, admin.cookie, { version: 1, status: 'paid' });
      expect(late.statusCode).toBe(409);
      expect(apiError(late).code).toBe('COMMISSION_LINE_CHANGED');
      expect(late.json<{ error: { current: CommissionLineView } }>().error.current.status).toBe(
        'invoiced',
      );
      const corrected = await call('PATCH', url, admin.cookie, {
        version: 2,
        tuitionPence: 2_000_000,
      });
      expect(corrected.json<CommissionLineView>()).toMatchObject({
        tuitionPence: 2_000_000,
        agencyPence: 300_000,
        partnerPence: 60_000,
      });
      const csv = await call('GET', '/api/staff/commission/lines.csv', admin.cookie);
      expect(csv.body).toContain('300000');
      expect(csv.body).toContain('Accra Scholars');
      const changes = await ctx.app.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.subjectId, lines[0]!.id));
      expect(changes.map((c) => c.action).sort()).toEqual([
        'commission.line_changed',
        'commission.line_changed',
        'commission.line_created',
      ]);
    },
  );

  it('a fixed amount for a case the team marks accepted (enrolled), with no partner', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const { id, fields } = await createApplication(ctx.app);
    const universityId = String(fields.universityId);
    const current = (await call('GET', '/api/staff/commission/rates', admin.cookie))
      .json<{ universityId: string; version: number }[]>()
      .find((r) => r.universityId === universityId);
    const set = await call('PUT', `/api/staff/commission/rates/${universityId}`, admin.cookie, {
      kind: 'fixed',
      fixedPence: 175_050,
      version: current?.version ?? null,
    });
    expect(set.statusCode, set.body).toBe(200);
    for (const status of ['reviewed', 'applied', 'offered', 'accepted'])
      await call('POST', `/api/test/applications/${id}/status`, admin.cookie, { status });
    const line = (await call('GET', '/api/staff/commission/lines', admin.cookie))
      .json<CommissionLineView[]>()
      .find((l) => l.applicationId === id);
    expect(line).toMatchObject({
      partner: null,
      rate: { kind: 'fixed', fixedPence: 175_050, rateBp: null },
      agencyPence: 175_050,
      partnerPence: 0,
    });

    // the console's filters, on the list and on the CSV alike
    const ids = async (query: string) =>
      (await call('GET', `/api/staff/commission/lines${query}`, admin.cookie))
        .json<CommissionLineView[]>()
        .map((l) => l.id);
    expect(await ids(`?universityId=${universityId}&partnerId=none`)).toContain(line!.id);
    expect(await ids('?status=expected')).toContain(line!.id);
    expect(await ids('?status=paid')).not.toContain(line!.id);
    expect(await ids('?universityId=no-such-university')).toEqual([]);
    expect(await ids(`?partnerId=${crypto.randomUUID()}`)).toEqual([]);
    const paid = await call('PATCH', `/api/staff/commission/lines/${line!.id}`, admin.cookie, {
      version: line!.version,
      status: 'paid',
      on: '2026-10-01',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ids('?status=paid')).toContain(line!.id);
    const csv = await call(
      'GET',
      `/api/staff/commission/lines.csv?status=expected&universityId=${universityId}`,
      admin.cookie,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(line!.id);
    const paidCsv = await call('GET', '/api/staff/commission/lines.csv?status=paid', admin.cookie);
    expect(paidCsv.body).toContain(line!.id);
    for (const bad of [
      '?status=owed',
      '?partnerId=abc',
      `?universityId=${'x'.repeat(121)}`,
      '?x=1',
    ]) {
      const res = await call('GET', `/api/staff/commission/lines${bad}`, admin.cookie);
      expect(res.statusCode, bad).toBe(400);
      const csvRes = await call('GET', `/api/staff/commission/lines.csv${bad}`, admin.cookie);
      expect(csvRes.statusCode, bad).toBe(400);
    }
  });
});

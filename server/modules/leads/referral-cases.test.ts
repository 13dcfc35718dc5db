import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactRequestDetail } from '../../../shared/schemas/staff.ts';
import { applications, leads, referrals } from '../../db/schema/index.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import {
  createApplication,
  submitApplication,
  createApplicationFields,
} from '../../../tests/factories/application.ts';
import { createReferralInput, type ReferralBody } from '../../../tests/factories/referral.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import { linkIn, mailTo, waitForMail } from '../../../tests/factories/user-mail.ts';

const ctx = useTestApp();
let consultant: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  consultant = await createStaff(ctx.app, 'consultant', 'Cora Consultant');
});

async function refer(
  overrides: Partial<ReferralBody & { studentLanguage: string }> = {},
  lang = 'en',
) {
  const body = createReferralInput(overrides as Partial<ReferralBody>);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/referrals?lang=${lang}`,
    headers: { 'idempotency-key': randomUUID() },
    payload: { ...body, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, body };
}

const post = (url: string, payload: object) =>
  staffCall(ctx.app, { method: 'POST', url, payload }, consultant.cookie);

const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('invite')!;

async function invite(id: string, studentEmail: string, note?: string) {
  const before = (await mailTo(ctx.app, studentEmail)).length;
  const res = await post(`/api/staff/referrals/${id}/invite`, note ? { note } : {});
  expect(res.statusCode, res.body).toBe(200);
  await expect.poll(async () => (await mailTo(ctx.app, studentEmail)).length).toBe(before + 1);
  const [mail] = await mailTo(ctx.app, studentEmail);
  if (!mail) throw new Error('no invitation');
  return {
    detail: res.json() as ContactRequestDetail,
    mail,
    token: tokenOf(linkIn(mail, ctx.app.config.publicUrl)),
  };
}

describe('a referral answered from the console (issue 28 §1)', () => {
  it('stores the referrer’s language and the one chosen for the student', async () => {
    const { id } = await refer({ studentLanguage: 'fr' }, 'ar');
    const [row] = await ctx.app.db.select().from(referrals).where(eq(referrals.id, id));
    expect(row).toMatchObject({ language: 'ar', studentLanguage: 'fr' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: { 'idempotency-key': randomUUID() },
      payload: { ...createReferralInput(), studentLanguage: 'klingon' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['studentLanguage']);
  });

  it('e-mails a reply to the referrer in their language, keeps it on the referral and marks it contacted', async () => {
    const { id, body } = await refer({}, 'ar');
    const res = await post(`/api/staff/referrals/${id}/reply`, {
      body: 'Thank you!\n\nWe will call Chidi this week.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const detail = res.json() as ContactRequestDetail;
    expect(detail.status).toBe('contacted');
    expect(detail.casework!.messages).toEqual([
      expect.objectContaining({
        kind: 'reply',
        body: 'Thank you!\n\nWe will call Chidi this week.',
        by: { id: consultant.user.id, name: 'Cora Consultant' },
      }),
    ]);
    const mail = await waitForMail(ctx.app, body.email, /Chidi/);
    expect(mail.subject).toBe('بخصوص Chidi Eze الذي أحلته إلينا');
    expect(mail.text).toContain('We will call Chidi this week.');
    const [lead] = await ctx.app.db.select().from(leads).where(eq(leads.referralId, id));
    expect(lead).toMatchObject({ stage: 'contacted', version: 1 });
  });

  it('refuses an empty or too long reply, and an unknown referral', async () => {
    const { id } = await refer();
    expect((await post(`/api/staff/referrals/${id}/reply`, { body: '  ' })).statusCode).toBe(400);
    expect(
      (await post(`/api/staff/referrals/${id}/reply`, { body: 'x'.repeat(5001) })).statusCode,
    ).toBe(400);
    const unknown = await post(`/api/staff/referrals/${randomUUID()}/reply`, { body: 'Hi' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('CONTACT_REQUEST_NOT_FOUND');
  });

  it('cannot invite a student who has only a phone number', async () => {
    const { id } = await refer({ studentEmail: '', studentPhone: '+234 803 765 4321' });
    const res = await post(`/api/staff/referrals/${id}/invite`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('REFERRAL_NO_STUDENT_EMAIL');
  });

  it('invites the student in the language chosen for them, with the secret in the link’s fragment; the link fills in the form', async () => {
    const { id, body } = await refer({ studentLanguage: 'fr', studentPhone: '+234 803 765 4321' });
    const { detail, mail, token } = await invite(id, body.studentEmail!, 'Call us any time.');
    expect(mail.subject).toBe('Adaeze Obi vous propose d’étudier au Royaume-Uni');
    expect(mail.text).toContain('Call us any time.');
    const link = linkIn(mail, ctx.app.config.publicUrl);
    expect(link).toMatch(/\/application#invite=[A-Za-z0-9_-]{43}$/);
    expect(new URL(link).search).toBe('');
    expect(detail.casework).toMatchObject({ studentLanguage: 'fr', invitedAt: expect.any(String) });
    expect(detail.casework!.messages.map((m) => m.kind)).toEqual(['invitation']);
    const [row] = await ctx.app.db.select().from(referrals).where(eq(referrals.id, id));
    expect(row!.invitationTokenHash).not.toContain(token);

    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/referral-invitations/open',
      payload: { token },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.json()).toEqual({
      fullName: 'Chidi Eze',
      email: body.studentEmail,
      phone: '+2348037654321',
      language: 'fr',
      studyInterest: 'MSc Data Science',
    });

    // a second invitation replaces the first link
    const again = await invite(id, body.studentEmail!);
    expect(again.token).not.toBe(token);
    const stale = await ctx.app.inject({
      method: 'POST',
      url: '/api/referral-invitations/open',
      payload: { token },
    });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error.code).toBe('INVITATION_NOT_FOUND');
  });

  it.each([{ token: 'short' }, { token: 'x'.repeat(43) + '!' }, {}, { token: 42 }, []])(
    'answers a made-up invitation %j with a 4xx',
    async (payload) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/referral-invitations/open',
        payload: payload as object,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    },
  );

  it('an application from the invitation records the referral as its source; the referral shows it; with consent the referrer hears twice, by name only', async () => {
    const { id, body } = await refer({}, 'en');
    const { token } = await invite(id, body.studentEmail!);
    const { id: applicationId } = await createApplication(ctx.app, {
      fullName: 'Chidi Nnamdi Eze',
      email: body.studentEmail!,
      invitation: token,
      referrerMayFollow: 'yes',
    });
    const [app] = await ctx.app.db
      .select()
      .from(applications)
      .where(eq(applications.id, applicationId));
    expect(app).toMatchObject({
      sourceKind: 'referral',
      sourceReferralId: id,
      referrerMayFollow: true,
    });
    const detail = (
      await staffCall(
        ctx.app,
        { method: 'GET', url: `/api/staff/referrals/${id}` },
        consultant.cookie,
      )
    ).json() as ContactRequestDetail;
    expect(detail.casework!.applications).toEqual([
      expect.objectContaining({ id: applicationId, status: 'submitted', referrerMayFollow: true }),
    ]);
    expect(detail.casework!.referrerToldAppliedAt).not.toBeNull();
    const contacted = await waitForMail(ctx.app, body.email, /^We have contacted Chidi Eze$/);
    const applied = await waitForMail(ctx.app, body.email, /^Chidi Eze has applied$/);
    for (const mail of [contacted, applied]) {
      expect(mail.text).not.toContain(body.studentEmail!);
      expect(mail.text).not.toContain('Nnamdi');
      expect(mail.text).not.toContain(applicationId);
    }
    const [lead] = await ctx.app.db.select().from(leads).where(eq(leads.referralId, id));
    expect(lead!.stage).toBe('applied');
  });

  it('without the student’s consent the referrer hears nothing', async () => {
    const { id, body } = await refer();
    const { token } = await invite(id, body.studentEmail!);
    await createApplication(ctx.app, { email: body.studentEmail!, invitation: token });
    const [row] = await ctx.app.db.select().from(referrals).where(eq(referrals.id, id));
    expect(row).toMatchObject({ referrerToldContactedAt: null, referrerToldAppliedAt: null });
    expect(await mailTo(ctx.app, body.email)).toEqual([]);
  });

  it('an invitation no longer valid at submission: the application goes in as a direct one', async () => {
    const res = await submitApplication(
      ctx.app,
      createApplicationFields({ invitation: 'A'.repeat(43), referrerMayFollow: 'yes' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.app.db
      .select()
      .from(applications)
      .where(eq(applications.id, res.json().id));
    expect(row).toMatchObject({
      sourceKind: 'direct',
      sourceReferralId: null,
      referrerMayFollow: false,
    });
  });
});

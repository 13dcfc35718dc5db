import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication, fixture, multipartBody } from '../../../tests/factories/application.ts';
import { listUploadedFiles } from '../../../tests/factories/application-storage.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { waitForMail } from '../../../tests/factories/user-mail.ts';
import { apiError } from '../../../tests/factories/user-requests.ts';
import { isoDay } from '../../../shared/schemas/casework.ts';
import type { ErasurePreview } from '../../../shared/schemas/personal-data.ts';
import type { QueuePage, StaffApplicationDetail } from '../../../shared/schemas/staff.ts';
import {
  applicationDocuments,
  applicationMessages,
  applicationRequests,
  applicationStatusEvents,
  applications,
  auditLog,
  erasedApplications,
  mailOutbox,
  savedGuidance,
  users,
} from '../../db/schema/index.ts';
import { changeStatus } from '../applications/index.ts';
import { eraseExpiredKeptCases } from './kept-case-retention.ts';

/*
 * D16: deleting an account is not deleting a live case. An active case (past submitted, not
 * closed) is kept for the contract and legal duties and becomes an erasure request its consultant
 * sees; everything else goes at once; the kept case is erased CASE_RETENTION_MONTHS after it closes.
 */
const ctx = useTestApp();

const post = (url: string, payload: object, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: ctx.app.config.publicUrl, ...(cookie ? { cookie } : {}) },
    payload,
  });

async function previewOf(cookie: string): Promise<ErasurePreview> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/me/erasure-preview',
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const movedTo = (applicationId: string, to: 'reviewed' | 'applied' | 'offered' | 'accepted') =>
  changeStatus(ctx.app, { applicationId, to, note: 'Checked by the team', actorId: null });

async function fileExists(key: string) {
  return (await listUploadedFiles(ctx.app)).some((f) => f.includes(key));
}

/**
 * A student (writing in French) with an offer on a case a consultant owns: a transcript, an open
 * request, a message with an attachment, an internal note; and a second application, only sent.
 */
async function studentWithLiveCase() {
  const student = await createUser(ctx.app);
  await ctx.app.db.update(users).set({ language: 'fr' }).where(eq(users.id, student.user.id));
  const consultant = await createStaff(ctx.app, 'consultant', 'Olu Consultant');
  const live = await createApplication(
    ctx.app,
    { email: student.user.email },
    {
      cookie: student.cookie,
      files: [{ key: 'transcripts', ...fixture('transcript.pdf'), contentType: 'application/pdf' }],
    },
  );
  const sentOnly = await createApplication(
    ctx.app,
    { email: student.user.email },
    { cookie: student.cookie },
  );
  await ctx.app.db
    .update(applications)
    .set({ ownerId: consultant.user.id })
    .where(eq(applications.id, live.id));
  for (const to of ['reviewed', 'applied', 'offered'] as const) await movedTo(live.id, to);
  const asked = await staffCall(
    ctx.app,
    {
      method: 'POST',
      url: `/api/staff/applications/${live.id}/requests`,
      payload: { kind: 'information', message: 'Your CAS details, please', dueOn: isoDay(7) },
    },
    consultant.cookie,
  );
  expect(asked.statusCode, asked.body).toBe(201);
  const noted = await staffCall(
    ctx.app,
    {
      method: 'POST',
      url: `/api/staff/applications/${live.id}/notes`,
      payload: { body: 'Deposit of £4,000 paid on 2 May' },
    },
    consultant.cookie,
  );
  expect(noted.statusCode, noted.body).toBeLessThan(300);
  const { payload, contentType } = multipartBody({ body: 'Here is my bank letter' }, [
    {
      key: 'attachment',
      ...fixture('transcript.pdf'),
      filename: 'bank.pdf',
      contentType: 'application/pdf',
    },
  ]);
  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/api/applications/${live.id}/messages`,
    payload,
    headers: {
      origin: ctx.app.config.publicUrl,
      cookie: student.cookie,
      'content-type': contentType,
    },
  });
  expect(sent.statusCode, sent.body).toBeLessThan(300);
  const guidance = await post(
    '/api/guidance',
    {
      level: 'Masters',
      subjects: 'finance',
      budgetGbp: '40000',
      ielts: '6.5',
      qualification: '2:1',
      regions: [],
      intake: '',
    },
    student.cookie,
  );
  expect(guidance.statusCode).toBe(200);
  const [message] = await ctx.app.db
    .select()
    .from(applicationMessages)
    .where(eq(applicationMessages.applicationId, live.id));
  const [document] = await ctx.app.db
    .select()
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, live.id));
  return {
    student,
    consultant,
    live: live.id,
    sentOnly: sentOnly.id,
    attachmentKey: message!.attachmentStorageKey!,
    documentKey: document!.storageKey,
  };
}

describe('deleting an account with an active case (D16)', () => {
  it('shows what is kept, keeps the case as an erasure request the consultant sees, erases the rest, and e-mails the student in French', async () => {
    const s = await studentWithLiveCase();

    const shown = await previewOf(s.student.cookie);
    expect(shown.retentionMonths).toBe(72);
    expect(shown.applications.map((a) => [a.id, a.kept, a.erasedOn]).sort()).toEqual(
      [
        [s.live, true, null],
        [s.sentOnly, false, null],
      ].sort(),
    );

    const res = await post(
      '/api/me/delete-account',
      { password: s.student.password, kept: [s.live] },
      s.student.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);

    // Gone at once: the account, the other application, the conversation and its file, the guidance.
    expect(await ctx.app.db.select().from(users).where(eq(users.id, s.student.user.id))).toEqual(
      [],
    );
    expect(
      await ctx.app.db.select().from(applications).where(eq(applications.id, s.sentOnly)),
    ).toEqual([]);
    expect(
      await ctx.app.db
        .select()
        .from(applicationMessages)
        .where(eq(applicationMessages.applicationId, s.live)),
    ).toEqual([]);
    expect(await fileExists(s.attachmentKey)).toBe(false);
    expect(
      await ctx.app.db
        .select()
        .from(savedGuidance)
        .where(eq(savedGuidance.userId, s.student.user.id)),
    ).toEqual([]);

    // Kept: the application out of any account, its history, documents and requests (closed).
    const [kept] = await ctx.app.db.select().from(applications).where(eq(applications.id, s.live));
    expect(kept).toMatchObject({
      userId: null,
      status: 'offered',
      erasureRequestedVia: 'account',
      erasureRequestedAt: expect.any(Date),
      trackingRevokedAt: expect.any(Date),
    });
    expect(
      await ctx.app.db
        .select()
        .from(applicationStatusEvents)
        .where(eq(applicationStatusEvents.applicationId, s.live)),
    ).toHaveLength(4);
    expect(await fileExists(s.documentKey)).toBe(true);
    const requests = await ctx.app.db
      .select()
      .from(applicationRequests)
      .where(eq(applicationRequests.applicationId, s.live));
    expect(requests.map((r) => r.closedAt !== null)).toEqual([true]);

    // The owning consultant sees it on the case, in the queue, and by e-mail.
    const detail = await staffCall(
      ctx.app,
      { method: 'GET', url: `/api/staff/applications/${s.live}` },
      s.consultant.cookie,
    );
    expect(detail.statusCode).toBe(200);
    const casework = (detail.json() as StaffApplicationDetail).casework;
    expect(casework.erasureRequest).toMatchObject({
      via: 'account',
      retentionMonths: 72,
      erasedOn: null,
    });
    expect(casework.messages).toEqual([]);
    const queue = await staffCall(
      ctx.app,
      { method: 'GET', url: '/api/staff/applications?owner=me&erasure=requested' },
      s.consultant.cookie,
    );
    expect(queue.statusCode, queue.body).toBe(200);
    const page = queue.json() as QueuePage;
    expect(page.items.map((i) => [i.id, i.erasureRequested])).toEqual([[s.live, true]]);
    expect(page.flagCounts.erasureRequested).toBe(1);
    const notice = await waitForMail(ctx.app, s.consultant.user.email, /^Erasure request/);
    expect(notice.text).toContain(`/staff/applications/${s.live}`);

    // The student hears, in French, what went and what is kept, why and until when.
    const mail = await waitForMail(
      ctx.app,
      s.student.user.email,
      /Vos données UK Study Portal ont été supprimées/,
    );
    expect(mail.text).toContain(
      'Supprimée dès maintenant : votre candidature qui n’était pas en cours',
    );
    expect(mail.text).toContain('Un dossier est encore en cours');
    expect(mail.text).toContain(
      `(candidature ${s.live}) : conservé jusqu’à 72 mois après la clôture`,
    );

    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'application.erasure_requested'), eq(auditLog.subjectId, s.live)),
      );
    expect(audit).toMatchObject([{ actorId: null, details: { via: 'account' } }]);
  });

  it('refuses (409, nothing erased) when what would be kept changed after the screen showed it', async () => {
    const s = await studentWithLiveCase();
    const shown = await previewOf(s.student.cookie);
    // The team moves the other application on while the student reads the screen.
    await movedTo(s.sentOnly, 'reviewed');

    const stale = await post(
      '/api/me/delete-account',
      {
        password: s.student.password,
        kept: shown.applications.filter((a) => a.kept).map((a) => a.id),
      },
      s.student.cookie,
    );
    expect(stale.statusCode).toBe(409);
    expect(apiError(stale).code).toBe('ERASURE_PLAN_CHANGED');
    expect(
      await ctx.app.db.select().from(users).where(eq(users.id, s.student.user.id)),
    ).toHaveLength(1);
    expect(await fileExists(s.attachmentKey)).toBe(true);

    const again = await previewOf(s.student.cookie);
    expect(again.applications.every((a) => a.kept)).toBe(true);
    const res = await post(
      '/api/me/delete-account',
      { password: s.student.password, kept: [s.sentOnly, s.live] },
      s.student.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const left = await ctx.app.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.erasureRequestedVia, 'account'));
    expect(left.map((a) => a.id)).toEqual(expect.arrayContaining([s.live, s.sentOnly]));
  });
});

describe('a kept case is out of the applicant’s reach', () => {
  it('tracks for nobody, e-mails nobody, refuses requests and messages to them; staff still record its facts', async () => {
    const s = await studentWithLiveCase();
    const tracked = await post('/api/track', {
      applicationId: s.live,
      email: s.student.user.email,
    });
    expect(tracked.statusCode).toBe(200);
    const { token } = tracked.json() as { token: string };
    expect(
      (
        await post(
          '/api/me/delete-account',
          { password: s.student.password, kept: [s.live] },
          s.student.cookie,
        )
      ).statusCode,
    ).toBe(200);

    expect(
      (await post('/api/track', { applicationId: s.live, email: s.student.user.email })).statusCode,
    ).toBe(404);
    expect((await post('/api/track/token', { token })).statusCode).toBe(401);

    await movedTo(s.live, 'accepted');
    const facts = await staffCall(
      ctx.app,
      {
        method: 'PATCH',
        url: `/api/staff/applications/${s.live}/after-offer`,
        payload: { version: 1, casNumber: 'E4G1234567890X' },
      },
      s.consultant.cookie,
    );
    expect(facts.statusCode, facts.body).toBeLessThan(300);
    const asked = await staffCall(
      ctx.app,
      {
        method: 'POST',
        url: `/api/staff/applications/${s.live}/requests`,
        payload: { kind: 'information', message: 'Your arrival date', dueOn: isoDay(7) },
      },
      s.consultant.cookie,
    );
    expect(asked.statusCode).toBe(409);
    expect(apiError(asked).code).toBe('ERASURE_REQUESTED');
    const { payload, contentType } = multipartBody({ body: 'Are you still coming?' });
    const written = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${s.live}/messages`,
      payload,
      headers: {
        origin: ctx.app.config.publicUrl,
        cookie: s.consultant.cookie,
        'content-type': contentType,
      },
    });
    expect(written.statusCode).toBe(409);
    expect(apiError(written).code).toBe('ERASURE_REQUESTED');

    // The only e-mail to the student since the erasure is the one saying it.
    const toStudent = await ctx.app.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, s.student.user.email));
    expect(toStudent.map((m) => m.subject)).toEqual([
      'Vos données UK Study Portal ont été supprimées',
    ]);
    const [row] = await ctx.app.db.select().from(applications).where(eq(applications.id, s.live));
    expect(row).toMatchObject({ status: 'accepted', afterOffer: { casNumber: 'E4G1234567890X' } });
  });
});

describe('the retention of kept cases', () => {
  it('erases a kept case CASE_RETENTION_MONTHS after it closes, and nothing else', async () => {
    const s = await studentWithLiveCase();
    // A closed case nobody asked to erase, and a kept one still open: the job leaves both.
    const untouched = await createApplication(ctx.app);
    await movedTo(untouched.id, 'reviewed');
    await post(
      `/api/staff/applications/${untouched.id}/close`,
      { reason: 'No place left' },
      s.consultant.cookie,
    );
    expect(
      (
        await post(
          '/api/me/delete-account',
          { password: s.student.password, kept: [s.live] },
          s.student.cookie,
        )
      ).statusCode,
    ).toBe(200);
    const farFuture = new Date(Date.now() + 100 * 365 * 86_400_000);
    await eraseExpiredKeptCases(ctx.app, farFuture);
    expect(
      await ctx.app.db.select().from(applications).where(eq(applications.id, s.live)),
    ).toHaveLength(1);

    const closed = await staffCall(
      ctx.app,
      {
        method: 'POST',
        url: `/api/staff/applications/${s.live}/close`,
        payload: { reason: 'Visa refused, the student will not enrol' },
      },
      s.consultant.cookie,
    );
    expect(closed.statusCode, closed.body).toBeLessThan(300);
    const [row] = await ctx.app.db.select().from(applications).where(eq(applications.id, s.live));
    const closedAt = row!.outcomeAt!;
    const erasedOn = new Date(closedAt);
    erasedOn.setUTCMonth(erasedOn.getUTCMonth() + 72);
    const detail = (
      await staffCall(
        ctx.app,
        { method: 'GET', url: `/api/staff/applications/${s.live}` },
        s.consultant.cookie,
      )
    ).json() as StaffApplicationDetail;
    expect(detail.casework.erasureRequest?.erasedOn).toBe(erasedOn.toISOString().slice(0, 10));

    const dayBefore = new Date(erasedOn.getTime() - 86_400_000);
    expect(await eraseExpiredKeptCases(ctx.app, dayBefore)).toBe(0);
    expect(await fileExists(s.documentKey)).toBe(true);

    const statsBefore = (await ctx.app.db.select().from(erasedApplications)).length;
    const dayAfter = new Date(erasedOn.getTime() + 86_400_000);
    expect(await eraseExpiredKeptCases(ctx.app, dayAfter)).toBe(1);
    expect(await ctx.app.db.select().from(applications).where(eq(applications.id, s.live))).toEqual(
      [],
    );
    expect(await fileExists(s.documentKey)).toBe(false);
    expect((await ctx.app.db.select().from(erasedApplications)).length).toBe(statsBefore + 1);
    const audit = await ctx.app.db.select().from(auditLog).where(eq(auditLog.subjectId, s.live));
    expect(audit.map((a) => a.action)).toContain('personal_data.case_erased');
    // Who did what stays; what they wrote about the person does not.
    expect(JSON.stringify(audit)).not.toContain('Visa refused');
    expect(JSON.stringify(audit)).not.toContain('Checked by the team');
    expect(
      await ctx.app.db.select().from(applications).where(eq(applications.id, untouched.id)),
    ).toHaveLength(1);
  });
});

describe('a request by e-mail for a person without an account, with an active case', () => {
  it('follows the same rules: the case is kept as an erasure request, the rest goes, the person is told', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const live = await createApplication(ctx.app);
    const done = await createApplication(ctx.app, { email: live.email });
    await movedTo(live.id, 'reviewed');
    const lookup = await post(
      '/api/staff/data-requests/lookup',
      { email: live.email },
      admin.cookie,
    );
    const shown = lookup.json() as ErasurePreview;
    expect(shown.applications.map((a) => [a.id, a.kept]).sort()).toEqual(
      [
        [live.id, true],
        [done.id, false],
      ].sort(),
    );
    const res = await post(
      '/api/staff/data-requests/erase',
      {
        email: live.email,
        password: admin.password,
        verification: 'Replied from the address with the application id',
        kept: [live.id],
      },
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [kept] = await ctx.app.db.select().from(applications).where(eq(applications.id, live.id));
    expect(kept).toMatchObject({ erasureRequestedVia: 'email' });
    expect(
      await ctx.app.db.select().from(applications).where(eq(applications.id, done.id)),
    ).toEqual([]);
    const mail = await waitForMail(ctx.app, live.email, /data has been deleted/);
    expect(mail.text).toContain('As you asked by e-mail');
    expect(mail.text).toContain('One case is still active');
    expect(mail.text).toContain('kept until 72 months after the case closes');
    // Unassigned: the team's address hears of it.
    await waitForMail(ctx.app, ctx.app.site.teamNoticesTo, /^Erasure request/);

    // A second request keeps what the first one kept, even once the case is closed.
    await post(
      `/api/staff/applications/${live.id}/close`,
      { reason: 'Withdrawn by phone' },
      admin.cookie,
    );
    const again = (
      await post('/api/staff/data-requests/lookup', { email: live.email }, admin.cookie)
    ).json() as ErasurePreview;
    expect(again.applications).toMatchObject([
      { id: live.id, kept: true, erasedOn: expect.any(String) },
    ]);
  });
});

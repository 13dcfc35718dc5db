import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication, fixture, multipartBody } from '../../../tests/factories/application.ts';
import { listUploadedFiles } from '../../../tests/factories/application-storage.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import { createUser, signInAs } from '../../../tests/factories/user.ts';
import { waitForMail } from '../../../tests/factories/user-mail.ts';
import { apiError } from '../../../tests/factories/user-requests.ts';
import { readZip } from '../../../tests/factories/zip.ts';
import {
  applicationDocuments,
  applicationMessages,
  applications,
  auditLog,
  erasedApplications,
  mailOutbox,
  savedGuidance,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { changeStatus } from '../applications/index.ts';
import { closeApplication } from '../casework/outcomes.ts';
import { isoDay } from '../../../shared/schemas/casework.ts';

const ctx = useTestApp();

const post = (url: string, payload: object, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: ctx.app.config.publicUrl, ...(cookie ? { cookie } : {}) },
    payload,
  });

/** An applicant with two applications (one with a transcript, one moved on with a note, then withdrawn) and their e-mails. */
async function applicantWithData() {
  const created = await createUser(ctx.app);
  const first = await createApplication(
    ctx.app,
    { email: created.user.email, passportNumber: 'X1234567' },
    {
      cookie: created.cookie,
      files: [{ key: 'transcripts', ...fixture('transcript.pdf'), contentType: 'application/pdf' }],
    },
  );
  const second = await createApplication(
    ctx.app,
    { email: created.user.email },
    { cookie: created.cookie },
  );
  await changeStatus(ctx.app, {
    applicationId: second.id,
    to: 'reviewed',
    note: 'Your CV looks good.',
    actorId: null,
  });
  await waitForMail(ctx.app, created.user.email, /being reviewed/i);
  // Closed, so nothing is active and deletion erases everything at once (D16: see erasure-requests.test.ts).
  await closeApplication(ctx.app, second.id, 'withdrawn', null, null);
  return { ...created, applicationIds: [first.id, second.id] };
}

describe('Download my data (articles 15 and 20)', () => {
  it('asks for the password again, then gives one zip: data.json and the documents', async () => {
    const person = await applicantWithData();
    expect((await post('/api/me/data-export', { password: person.password })).statusCode).toBe(401);
    const wrong = await post('/api/me/data-export', { password: 'not my password' }, person.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(apiError(wrong).fields).toEqual({ password: 'This is not your current password.' });
    expect(apiError(wrong).issues).toEqual({ password: { code: 'WRONG_CURRENT_PASSWORD' } });
    // No password and no recent re-authentication (a code or a passkey, decision 0023): refused.
    const unconfirmed = await post('/api/me/data-export', {}, person.cookie);
    expect(unconfirmed.statusCode).toBe(403);
    expect(apiError(unconfirmed).code).toBe('REAUTH_REQUIRED');

    const res = await post('/api/me/data-export', { password: person.password }, person.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="uk-study-portal-my-data.zip"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const zip = await readZip(res.rawPayload);
    const data = JSON.parse(zip.get('data.json')!.toString('utf8'));
    expect(data.account).toMatchObject({
      email: person.user.email,
      emailConfirmed: true,
      role: 'applicant',
    });
    expect(data.account.sessions.length).toBeGreaterThan(0);
    expect(data.applications.map((a: { id: string }) => a.id).sort()).toEqual(
      [...person.applicationIds].sort(),
    );
    const [withDocument] = data.applications.filter(
      (a: { id: string }) => a.id === person.applicationIds[0],
    );
    expect(withDocument).toMatchObject({
      passportNumber: 'X1234567',
      fullName: 'Amina Yusuf',
      documents: [{ key: 'transcripts' }],
    });
    const [moved] = data.applications.filter(
      (a: { id: string }) => a.id === person.applicationIds[1],
    );
    expect(
      moved.statusHistory.map((e: { status: string; note: string | null }) => [e.status, e.note]),
    ).toEqual([
      ['submitted', null],
      ['reviewed', 'Your CV looks good.'],
    ]);
    expect(data.messages.map((m: { subject: string }) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/received/i),
        expect.stringMatching(/being reviewed/i),
      ]),
    );
    const documentPath = [...zip.keys()].find((p) =>
      p.startsWith(`documents/${person.applicationIds[0]}/transcripts-`),
    );
    expect(documentPath).toBeDefined();
    expect(zip.get(documentPath!)!.equals(fixture('transcript.pdf').content)).toBe(true);

    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, person.user.id));
    expect(audit).toMatchObject({
      action: 'personal_data.exported',
      actorId: person.user.id,
      details: { by: 'self', files: 1 },
    });
  });
});

describe('Delete my account (article 17)', () => {
  it('asks for the password again, then erases the person and their documents, ends every session, keeps anonymised statistics', async () => {
    const person = await applicantWithData();
    const otherDevice = await signInAs(ctx.app, person.user.email, person.password);
    const filesBefore = await listUploadedFiles(ctx.app);
    const [document] = await ctx.app.db
      .select({ storage_key: applicationDocuments.storageKey })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, person.applicationIds[0]!));
    expect(filesBefore.some((f) => f.includes(document!.storage_key))).toBe(true);

    const wrong = await post(
      '/api/me/delete-account',
      { password: 'not my password', kept: [] },
      person.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(await ctx.app.db.select().from(users).where(eq(users.id, person.user.id))).toHaveLength(
      1,
    );

    const res = await post(
      '/api/me/delete-account',
      { password: person.password, kept: [] },
      person.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/portal\.session_token=; Path=\/; Max-Age=0/);

    expect(await ctx.app.db.select().from(users).where(eq(users.id, person.user.id))).toEqual([]);
    expect(
      await ctx.app.db.select().from(sessions).where(eq(sessions.userId, person.user.id)),
    ).toEqual([]);
    expect(
      await ctx.app.db
        .select()
        .from(applications)
        .where(sql`${applications.id} in ${person.applicationIds}`),
    ).toEqual([]);
    // The e-mails we kept are gone; the one left says what was deleted (nothing is kept: no active case).
    const left = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.recipient}) = ${person.user.email}`);
    expect(left.map((m) => m.subject)).toEqual(['Your UK Study Portal data has been deleted']);
    expect(left[0]!.text).toContain('your 2 applications that were not active');
    expect(left[0]!.text).not.toContain('still active');
    expect((await listUploadedFiles(ctx.app)).some((f) => f.includes(document!.storage_key))).toBe(
      false,
    );
    for (const cookie of [person.cookie, otherDevice]) {
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/me/applications', headers: { cookie } }))
          .statusCode,
      ).toBe(401);
    }
    const stats = await ctx.app.db.select().from(erasedApplications);
    expect(stats.filter((s) => s.status === 'reviewed').length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(stats)).not.toContain(person.user.email);

    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'personal_data.erased'));
    expect(audit).toMatchObject({
      subjectId: person.user.id,
      details: { by: 'self', applications: 2, documents: 1 },
    });
    expect(JSON.stringify(audit)).not.toContain(person.user.email);
  });
});

describe('the conversation, requests and guidance (issues 11 and 12)', () => {
  it('are in the download, and erasing the person removes the files attached to messages', async () => {
    const person = await createUser(ctx.app);
    const consultant = await createStaff(ctx.app, 'consultant');
    const application = await createApplication(
      ctx.app,
      { email: person.user.email },
      { cookie: person.cookie },
    );
    const asked = await staffCall(
      ctx.app,
      {
        method: 'POST',
        url: `/api/staff/applications/${application.id}/requests`,
        payload: {
          kind: 'information',
          message: 'Your intended start date, please',
          dueOn: isoDay(7),
        },
      },
      consultant.cookie,
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const { payload, contentType } = multipartBody({ body: 'My offer letter' }, [
      {
        key: 'attachment',
        ...fixture('transcript.pdf'),
        filename: 'offer.pdf',
        contentType: 'application/pdf',
      },
    ]);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/applications/${application.id}/messages`,
      payload,
      headers: {
        origin: ctx.app.config.publicUrl,
        cookie: person.cookie,
        'content-type': contentType,
      },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const guidance = {
      level: 'Masters',
      subjects: 'cyber security',
      budgetGbp: '40000',
      ielts: '6.5',
      qualification: '2:1',
      regions: [],
      intake: '',
    };
    expect((await post('/api/guidance', guidance, person.cookie)).statusCode).toBe(200);

    const zip = await readZip(
      (await post('/api/me/data-export', { password: person.password }, person.cookie)).rawPayload,
    );
    const data = JSON.parse(zip.get('data.json')!.toString('utf8'));
    expect(data.casework.requests).toMatchObject([
      {
        applicationId: application.id,
        kind: 'information',
        message: 'Your intended start date, please',
      },
    ]);
    expect(data.casework.conversation).toMatchObject([
      { from: 'you', text: 'My offer letter', attachment: { fileName: 'offer.pdf' } },
    ]);
    expect(data.guidance).toMatchObject([{ profile: { subjects: 'cyber security' } }]);
    const attachmentPath = [...zip.keys()].find(
      (p) => p.startsWith(`messages/${application.id}/`) && p.endsWith('-offer.pdf'),
    );
    expect(zip.get(attachmentPath!)!.equals(fixture('transcript.pdf').content)).toBe(true);

    const [message] = await ctx.app.db
      .select()
      .from(applicationMessages)
      .where(eq(applicationMessages.applicationId, application.id));
    const attachmentKey = message!.attachmentStorageKey!;
    expect((await listUploadedFiles(ctx.app)).some((f) => f.includes(attachmentKey))).toBe(true);
    expect(
      (await post('/api/me/delete-account', { password: person.password, kept: [] }, person.cookie))
        .statusCode,
    ).toBe(200);
    expect((await listUploadedFiles(ctx.app)).some((f) => f.includes(attachmentKey))).toBe(false);
    expect(
      await ctx.app.db
        .select()
        .from(applicationMessages)
        .where(eq(applicationMessages.applicationId, application.id)),
    ).toEqual([]);
    expect(
      await ctx.app.db.select().from(savedGuidance).where(eq(savedGuidance.userId, person.user.id)),
    ).toEqual([]);
  });
});

describe('Delete my account, as the last administrator', () => {
  it('is refused: the portal keeps an active administrator', async () => {
    await ctx.app.db.update(users).set({ role: 'consultant' }).where(eq(users.role, 'admin'));
    const admin = await createStaff(ctx.app, 'admin');
    const res = await post(
      '/api/me/delete-account',
      { password: admin.password, kept: [] },
      admin.cookie,
    );
    expect(res.statusCode).toBe(409);
    expect(apiError(res).code).toBe('LAST_ADMIN');
    expect(await ctx.app.db.select().from(users).where(eq(users.id, admin.user.id))).toHaveLength(
      1,
    );
  });
});

describe('data requests handled by staff', () => {
  it('lets an admin export and erase a person’s data by e-mail, with the admin’s password again; others cannot', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const consultant = await createStaff(ctx.app, 'consultant');
    const person = await applicantWithData();
    const payload = {
      email: person.user.email.toUpperCase(),
      password: admin.password,
      verification: 'They wrote from this address and answered with their application id',
      kept: [],
    };

    expect(
      (
        await post(
          '/api/staff/data-requests/export',
          { ...payload, password: consultant.password },
          consultant.cookie,
        )
      ).statusCode,
    ).toBe(403);
    expect((await post('/api/staff/data-requests/erase', payload, person.cookie)).statusCode).toBe(
      403,
    );
    expect(
      (
        await post(
          '/api/staff/data-requests/export',
          { ...payload, password: 'wrong one' },
          admin.cookie,
        )
      ).statusCode,
    ).toBe(400);
    const exported = await post('/api/staff/data-requests/export', payload, admin.cookie);
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(
      (await readZip(exported.rawPayload)).get('data.json')!.toString('utf8'),
    );
    expect(data.account.email).toBe(person.user.email);

    const erased = await staffCall(
      ctx.app,
      { method: 'POST', url: '/api/staff/data-requests/erase', payload },
      admin.cookie,
    );
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({
      erased: true,
      counts: { applications: 2, documents: 1 },
    });
    expect(await ctx.app.db.select().from(users).where(eq(users.id, person.user.id))).toEqual([]);
    const actions = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, person.user.id));
    expect(actions.map((a) => [a.action, a.actorId, (a.details as { by: string }).by])).toEqual(
      expect.arrayContaining([
        ['personal_data.exported', admin.user.id, 'staff'],
        ['personal_data.erased', admin.user.id, 'staff'],
      ]),
    );
  });
});

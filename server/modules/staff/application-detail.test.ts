import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { useStaffApplicationScenario } from '../../../tests/factories/staff-scenario.ts';
import { staffCall } from '../../../tests/factories/staff.ts';
import { applications, auditLog } from '../../db/schema/index.ts';

const ctx = useTestApp();

const { s, move, detail, statusMails, expectStatusMails } = useStaffApplicationScenario(ctx);

describe('an application as staff see it', () => {
  it('shows every field, the passport number masked (its full view is audited), and its documents', async () => {
    const { application, documents, history } = await detail();
    expect(application).toMatchObject({
      id: s.applicationId,
      passportNumber: '•••••5432',
      email: s.applicant.user.email,
      status: 'submitted',
    });
    expect(application.selectedUniversities.length).toBeGreaterThanOrEqual(3);
    expect(history).toHaveLength(1);
    expect(documents).toEqual([
      expect.objectContaining({
        key: 'transcripts',
        label: 'Transcripts',
        url: expect.stringContaining(s.applicationId),
      }),
    ]);
  });

  it('lets staff download a document and writes that in the audit log', async () => {
    const { documents } = await detail();
    const res = await staffCall(
      ctx.app,
      { method: 'GET', url: documents[0]!.url },
      s.consultant.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'document.downloaded'), eq(auditLog.subjectId, documents[0]!.id)),
      );
    expect(entry).toMatchObject({
      actorId: s.consultant.user.id,
      details: { applicationId: s.applicationId, key: 'transcripts' },
    });
    const ownDownload = await staffCall(
      ctx.app,
      { method: 'GET', url: documents[0]!.url },
      s.applicant.cookie,
    );
    expect(ownDownload.statusCode).toBe(200);
    const entries = await ctx.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.subjectId, documents[0]!.id));
    expect(entries[0]!.n).toBe(1);
  });
});

describe('internal notes', () => {
  const note = (body: unknown, id = s.applicationId) =>
    staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/applications/${id}/notes`, payload: { body } },
      s.consultant.cookie,
    );

  it('are added and listed with who and when', async () => {
    const res = await note('  Called the applicant: IELTS booked for June.  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      body: 'Called the applicant: IELTS booked for June.',
      by: { name: 'Cora Consultant' },
    });
    await note('Second note');
    const { notes } = await detail();
    expect(notes.map((n) => n.body)).toEqual([
      'Called the applicant: IELTS booked for June.',
      'Second note',
    ]);
    expect(Date.parse(notes[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([[''], ['   '], ['n'.repeat(2001)], [42], [null]])(
    'refuses a note of %j',
    async (body) => {
      const res = await note(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('body');
      expect((await detail()).notes).toEqual([]);
    },
  );

  it('refuses a note on an unknown application', async () => {
    expect((await note('Hello', '7b1e8f3c-1111-4a2b-9c3d-123456789abc')).statusCode).toBe(404);
  });

  it('are never shown to the s.applicant, on any of its pages', async () => {
    const secret = 'INTERNAL-ONLY: documents look doctored';
    expect((await note(secret)).statusCode).toBe(201);
    expect((await move({ from: 'submitted', to: 'reviewed' })).statusCode).toBe(200);
    const answers = [
      await ctx.app.inject({
        method: 'GET',
        url: '/api/me/applications',
        headers: { cookie: s.applicant.cookie },
      }),
      await ctx.app.inject({
        method: 'GET',
        url: `/api/applications/${s.applicationId}`,
        headers: { cookie: s.applicant.cookie },
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/track',
        headers: { origin: ctx.app.config.publicUrl },
        payload: { applicationId: s.applicationId, email: s.applicant.user.email },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('reviewed');
      expect(res.body).not.toContain('INTERNAL-ONLY');
      expect(res.body).not.toContain('doctored');
    }
    await expectStatusMails(1);
    expect((await statusMails())[0]!.text).not.toContain('INTERNAL-ONLY');
    const [row] = await ctx.app.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, s.applicationId));
    expect(row!.status).toBe('reviewed');
  });
});

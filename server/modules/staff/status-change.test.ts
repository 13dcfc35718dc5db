import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationStatuses, statusDescriptions } from '../../../shared/application-status.ts';
import type { StaffApplicationDetail } from '../../../shared/schemas/staff.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { useStaffApplicationScenario } from '../../../tests/factories/staff-scenario.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import { applicationStatusEvents, auditLog } from '../../db/schema/index.ts';

const ctx = useTestApp();

/** The English status e-mails' subjects and headings, word for word. */
const statusWords = {
  reviewed: {
    subject: 'Your application is being reviewed',
    heading: 'The admissions team is reviewing your application',
  },
  applied: {
    subject: 'Your application has been sent to your universities',
    heading: 'We have submitted your application to your chosen universities',
  },
  offered: {
    subject: 'You have received an offer',
    heading: 'Congratulations! You have received an offer',
  },
  accepted: {
    subject: 'Your application has been accepted',
    heading: 'Welcome to your new university!',
  },
} as const;

const { s, move, advanceTo, detail, statusMails, expectStatusMails } =
  useStaffApplicationScenario(ctx);
const eventCount = async () =>
  (
    await ctx.app.db
      .select({ n: count() })
      .from(applicationStatusEvents)
      .where(eq(applicationStatusEvents.applicationId, s.applicationId))
  )[0]!.n;

describe('changing the status from the staff console', () => {
  it('moves an application to reviewed by hand, recording who, when and why, and e-mailing it', async () => {
    const res = await move({ from: 'submitted', to: 'reviewed', note: 'Documents look complete.' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StaffApplicationDetail;
    expect(body.application.status).toBe('reviewed');
    expect(body.history.at(-1)).toMatchObject({
      fromStatus: 'submitted',
      status: 'reviewed',
      note: 'Documents look complete.',
      by: { id: s.consultant.user.id, name: 'Cora Consultant' },
    });
    expect(body.history[0]!.by).toBeNull();
    await expectStatusMails(1);
    const [mail] = await statusMails();
    expect(mail!.subject).toBe(statusWords.reviewed.subject);
    expect(mail!.text).toContain(statusWords.reviewed.heading);
    expect(mail!.text).toContain(statusDescriptions.reviewed);
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectId, s.applicationId),
          eq(auditLog.action, 'application.status_changed'),
        ),
      );
    expect(audits.map((a) => [a.actorId, a.details])).toEqual([
      [
        s.consultant.user.id,
        { from: 'submitted', to: 'reviewed', note: 'Documents look complete.' },
      ],
    ]);
  });

  it('refuses applied, offered and accepted by hand: they follow the choices (D18)', async () => {
    expect((await move({ from: 'submitted', to: 'reviewed' })).statusCode).toBe(200);
    const res = await move({ from: 'reviewed', to: 'applied', note: 'Sent to Leeds.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('STATUS_FOLLOWS_CHOICES');
    await advanceTo('offered');
    expect((await move({ from: 'offered', to: 'accepted' })).json().error.code).toBe(
      'STATUS_FOLLOWS_CHOICES',
    );
    expect((await detail()).application.status).toBe('offered');
    expect(await eventCount()).toBe(4);
  });

  it('e-mails each later status, in the spec’s words, when the choices move it', async () => {
    await advanceTo('accepted');
    await expectStatusMails(4);
    const mails = await statusMails();
    for (const status of ['reviewed', 'applied', 'offered', 'accepted'] as const) {
      const mail = mails.find((m) => m.subject === statusWords[status].subject);
      expect(mail, status).toBeDefined();
      expect(mail!.text).toContain(statusWords[status].heading);
      expect(mail!.text).toContain(statusDescriptions[status]);
    }
    expect((await detail()).history.map((h) => h.status)).toEqual([...applicationStatuses]);
  });

  it('goes back a step only with a note', async () => {
    expect((await move({ from: 'submitted', to: 'reviewed' })).statusCode).toBe(200);
    for (const note of [undefined, '', '   ']) {
      const res = await move({
        from: 'reviewed',
        to: 'submitted',
        ...(note === undefined ? {} : { note }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('note');
    }
    expect((await detail()).application.status).toBe('reviewed');
    const back = await move({
      from: 'reviewed',
      to: 'submitted',
      note: 'Reviewed by mistake: wrong s.applicant.',
    });
    expect(back.statusCode).toBe(200);
    expect((back.json() as StaffApplicationDetail).history.at(-1)).toMatchObject({
      fromStatus: 'reviewed',
      status: 'submitted',
      note: 'Reviewed by mistake: wrong s.applicant.',
    });
    await expectStatusMails(2);
  });

  it('moves forward one step at a time', async () => {
    const res = await move({ from: 'submitted', to: 'offered' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('STATUS_MOVE_NOT_ALLOWED');
    expect((await move({ from: 'submitted', to: 'submitted' })).statusCode).toBe(409);
    expect(await eventCount()).toBe(1);
  });

  it('refuses a change made from a stale page, and answers a replayed click without a second change', async () => {
    const body = { from: 'submitted', to: 'reviewed' };
    expect((await move(body)).statusCode).toBe(200);
    const replay = await move(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await move({ from: 'submitted', to: 'applied' })).json().error.code).toBe(
      'STATUS_CHANGED_MEANWHILE',
    );
    const other = await createStaff(ctx.app, 'consultant', 'Other Consultant');
    const stale = await move(body, s.applicationId, other.cookie);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STATUS_CHANGED_MEANWHILE');
    expect(await eventCount()).toBe(2);
    await expectStatusMails(1);
  });

  it('makes one change when the same click arrives twice at once', async () => {
    const body = { from: 'submitted', to: 'reviewed' };
    const answers = await Promise.all([move(body), move(body)]);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect(await eventCount()).toBe(2);
    await expectStatusMails(1);
  });

  it.each([
    [{ from: 'submitted', to: 'rejected' }, 'to'],
    [{ from: 'nowhere', to: 'reviewed' }, 'from'],
    [{ to: 'reviewed' }, 'from'],
    [{ from: 'submitted', to: 'reviewed', note: 'n'.repeat(2001) }, 'note'],
    [{ from: 'submitted', to: 'reviewed', note: 42 }, 'note'],
    [{ from: 'submitted', to: 'reviewed', actorId: 'someone-else' }, 'actorId'],
  ])('refuses %j, naming %s, and changes nothing', async (body, field) => {
    const res = await move(body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
    expect(await eventCount()).toBe(1);
  });

  it('answers 404 for an unknown application and 400 for something that is not an id', async () => {
    expect(
      (await move({ from: 'submitted', to: 'reviewed' }, '7b1e8f3c-1111-4a2b-9c3d-123456789abc'))
        .statusCode,
    ).toBe(404);
    expect((await move({ from: 'submitted', to: 'reviewed' }, 'not-an-id')).statusCode).toBe(400);
    const missing = await staffCall(
      ctx.app,
      { method: 'GET', url: '/api/staff/applications/7b1e8f3c-1111-4a2b-9c3d-123456789abc' },
      s.consultant.cookie,
    );
    expect(missing.statusCode).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statusDescriptions } from '../../../shared/application-status.ts';
import { maxNoteLength, statusChangeInput } from '../../../shared/schemas/staff.ts';
import { applicationStatusEvents } from '../../db/schema/index.ts';
import { createTestApp, useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication } from '../../../tests/factories/application.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { linkIn, waitForMail } from '../../../tests/factories/user-mail.ts';
import { changeStatus } from './index.ts';

const ctx = useTestApp();

async function history(id: string) {
  return ctx.app.db
    .select()
    .from(applicationStatusEvents)
    .where(eq(applicationStatusEvents.applicationId, id))
    .orderBy(asc(applicationStatusEvents.id));
}

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; statusCode: number; message: string };
  }
  throw new Error('expected a refusal');
}

describe('changeStatus', () => {
  it('moves to the next status, records who, when and the note, and e-mails the applicant', async () => {
    const { user: staff } = await createUser(ctx.app, { role: 'consultant' });
    const { id, email } = await createApplication(ctx.app);
    const { record } = await changeStatus(ctx.app, {
      applicationId: id,
      to: 'reviewed',
      note: '  Documents look complete. ',
      actorId: staff.id,
    });
    expect(record.status).toBe('reviewed');
    expect(record.lastStatusUpdate.getTime()).toBeGreaterThan(record.createdAt.getTime());
    const events = await history(id);
    expect(events.map((e) => [e.fromStatus, e.status, e.note, e.actorId])).toEqual([
      [null, 'submitted', null, null],
      ['submitted', 'reviewed', 'Documents look complete.', staff.id],
    ]);
    // the funnel's time in status (issue 28 §4): the first status ends when the next begins
    expect(events[0]!.endedAt).toEqual(events[1]!.createdAt);
    expect(events[1]!.endedAt).toBeNull();
    const mail = await waitForMail(ctx.app, email, /^Your application is being reviewed$/);
    expect(mail.text).toContain(statusDescriptions.reviewed);
    expect(mail.text).toContain('Documents look complete.');
    expect(linkIn(mail, ctx.app.config.publicUrl)).toMatch(/\/track#t=/);
  });

  it('goes forward one step at a time only', async () => {
    const { id } = await createApplication(ctx.app);
    const skip = await errorOf(
      changeStatus(ctx.app, { applicationId: id, to: 'offered', actorId: null }),
    );
    expect(skip).toMatchObject({ code: 'STATUS_MOVE_NOT_ALLOWED', statusCode: 409 });
    const same = await errorOf(
      changeStatus(ctx.app, { applicationId: id, to: 'submitted', actorId: null }),
    );
    expect(same).toMatchObject({ code: 'STATUS_UNCHANGED', statusCode: 409 });
    for (const to of ['reviewed', 'applied', 'offered', 'accepted'] as const) {
      await changeStatus(ctx.app, { applicationId: id, to, actorId: null });
    }
    expect((await history(id)).map((e) => e.status)).toEqual([
      'submitted',
      'reviewed',
      'applied',
      'offered',
      'accepted',
    ]);
  });

  it('goes back only with a note saying why', async () => {
    const { id } = await createApplication(ctx.app);
    await changeStatus(ctx.app, { applicationId: id, to: 'reviewed', actorId: null });
    const bare = await errorOf(
      changeStatus(ctx.app, { applicationId: id, to: 'submitted', note: '   ', actorId: null }),
    );
    expect(bare).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400 });
    const { record: back } = await changeStatus(ctx.app, {
      applicationId: id,
      to: 'submitted',
      note: 'Reviewed by mistake',
      actorId: null,
    });
    expect(back.status).toBe('submitted');
    expect((await history(id)).at(-1)).toMatchObject({
      fromStatus: 'reviewed',
      status: 'submitted',
      note: 'Reviewed by mistake',
    });
  });

  it('refuses an unknown application, an unknown status and an over-long note, changing nothing', async () => {
    expect(
      await errorOf(
        changeStatus(ctx.app, { applicationId: randomUUID(), to: 'reviewed', actorId: null }),
      ),
    ).toMatchObject({
      statusCode: 404,
    });
    expect(
      await errorOf(
        changeStatus(ctx.app, { applicationId: 'nope', to: 'reviewed', actorId: null }),
      ),
    ).toMatchObject({
      statusCode: 404,
    });
    const { id } = await createApplication(ctx.app);
    const unknown = await errorOf(
      changeStatus(ctx.app, { applicationId: id, to: 'rejected' as never, actorId: null }),
    );
    expect(unknown.statusCode).toBe(400);
    const long = await errorOf(
      changeStatus(ctx.app, {
        applicationId: id,
        to: 'reviewed',
        note: 'x'.repeat(maxNoteLength + 1),
        actorId: null,
      }),
    );
    expect(long.statusCode).toBe(400);
    expect(await history(id)).toHaveLength(1);
  });

  it('takes a 1,500-character note as the console’s form and route do: one limit, 2,000', async () => {
    const note = 'n'.repeat(1500);
    expect(statusChangeInput.safeParse({ from: 'submitted', to: 'reviewed', note }).success).toBe(
      true,
    );
    const tooLong = statusChangeInput.safeParse({
      from: 'submitted',
      to: 'reviewed',
      note: 'n'.repeat(maxNoteLength + 1),
    });
    expect(tooLong.success).toBe(false);

    const { id } = await createApplication(ctx.app);
    await changeStatus(ctx.app, { applicationId: id, to: 'reviewed', note, actorId: null });
    const saved = await history(id);
    expect(saved.map((e) => e.status)).toEqual(['submitted', 'reviewed']);
    expect(saved[1]!.note).toBe(note);
  });

  it('never interleaves two changes made at once', async () => {
    const { id } = await createApplication(ctx.app);
    const results = await Promise.allSettled([
      changeStatus(ctx.app, { applicationId: id, to: 'reviewed', actorId: null }),
      changeStatus(ctx.app, { applicationId: id, to: 'reviewed', actorId: null }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await history(id)).map((e) => e.status)).toEqual(['submitted', 'reviewed']);
  });
});

describe('POST /api/test/applications/:id/status', () => {
  it('changes a status in the test environment', async () => {
    const { id } = await createApplication(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/test/applications/${id}/status`,
      payload: { status: 'reviewed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'reviewed' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/test/applications/${id}/status`,
      payload: { status: 'done' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('does not exist outside the test environment', async () => {
    const other = await createTestApp({ NODE_ENV: 'development' });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: `/api/test/applications/${randomUUID()}/status`,
        payload: { status: 'reviewed' },
      });
      expect(res.statusCode).toBe(404);
      expect(other.app.printRoutes()).not.toContain('test/');
    } finally {
      await other.close();
    }
  });
});

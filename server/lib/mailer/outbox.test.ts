import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/outbox.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { SmtpSink } from '../../../tests/support/smtp-sink.ts';
import { createApplication } from '../../../tests/factories/application.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import type { MailOverview } from '../../../shared/schemas/mail.ts';
import { changeStatus } from '../../modules/applications/status.ts';
import { MailWorker } from './worker.ts';
import { createDelivery } from './delivery.ts';
import { outboxDir } from './index.ts';

const smtp = new SmtpSink();
let ctx: TestApp;

beforeAll(async () => {
  await smtp.start();
  ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '3' });
});

afterAll(async () => {
  await ctx?.close();
  await smtp.stop();
});

const rowsTo = (email: string) =>
  ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
const message = (to: string, subject = 'Hello') => ({
  to,
  subject,
  text: 'Hello',
  html: '<p>Hello</p>',
});

describe('the mail outbox', () => {
  it('writes the confirmation with the application and the status e-mail with the change, and sends each once', async () => {
    const { id, email } = await createApplication(ctx.app);
    await changeStatus(ctx.app, { applicationId: id, to: 'reviewed', actorId: null });
    await expect
      .poll(async () => (await rowsTo(email)).filter((r) => r.status === 'sent').length, {
        timeout: 5_000,
      })
      .toBe(2);
    const rows = await rowsTo(email);
    expect(rows.map((r) => r.subject).sort()).toEqual([
      'We have received your application',
      'Your application is being reviewed',
    ]);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(new Set(smtp.to(email).map((m) => m.messageId)).size).toBe(2);
  });

  it('writes no e-mail when the change is refused (its transaction rolls back)', async () => {
    const { id, email } = await createApplication(ctx.app);
    await expect.poll(() => smtp.to(email).length, { timeout: 5_000 }).toBe(1);
    await expect(
      changeStatus(ctx.app, { applicationId: id, to: 'offered', actorId: null }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      changeStatus(ctx.app, {
        applicationId: id,
        to: 'reviewed',
        actorId: null,
        expectedFrom: 'applied',
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await rowsTo(email)).toHaveLength(1);
  });

  it('retries a message the server turns away for now, waiting longer each time, then sends it', async () => {
    const to = 'later@example.test';
    smtp.answer = (rcpt) => (rcpt === to ? 'temporary' : 'accept');
    await ctx.app.mailer.enqueue(ctx.app.db, message(to));
    // two attempts over and turned away (the lease is given back after each)
    await expect
      .poll(async () => rowsTo(to).then(([r]) => r && r.attempts === 2 && r.lockedUntil === null), {
        timeout: 10_000,
      })
      .toBe(true);
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: 'pending', lastError: expect.stringContaining('451') });
    expect(row!.lastError).not.toContain(to);
    smtp.answer = () => 'accept';
    await expect.poll(async () => (await rowsTo(to))[0]?.status, { timeout: 10_000 }).toBe('sent');
    expect((await rowsTo(to))[0]!.attempts).toBe(3);
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('gives up on a refused address at once, and on others after MAIL_MAX_ATTEMPTS', async () => {
    smtp.answer = (rcpt) =>
      rcpt === 'nobody@example.test'
        ? 'permanent'
        : rcpt === 'flaky@example.test'
          ? 'temporary'
          : 'accept';
    await ctx.app.mailer.enqueue(ctx.app.db, message('nobody@example.test'));
    await ctx.app.mailer.enqueue(ctx.app.db, message('flaky@example.test'));
    await expect
      .poll(async () => (await rowsTo('nobody@example.test'))[0]?.status, { timeout: 5_000 })
      .toBe('failed');
    expect((await rowsTo('nobody@example.test'))[0]).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('550'),
    });
    await expect
      .poll(async () => (await rowsTo('flaky@example.test'))[0]?.status, { timeout: 15_000 })
      .toBe('failed');
    expect((await rowsTo('flaky@example.test'))[0]!.attempts).toBe(3);
    smtp.answer = () => 'accept';
  });

  it('lets two workers share the outbox: each message goes out exactly once', async () => {
    smtp.answer = () => 'accept';
    const other = new MailWorker(
      ctx.app.db,
      createDelivery(ctx.config, outboxDir(ctx.config), ctx.app.log),
      ctx.app.log,
      { maxAttempts: 3 },
    );
    const recipients = Array.from({ length: 30 }, (_, i) => `many-${i}@example.test`);
    await ctx.app.db.transaction(async (tx) => {
      for (const to of recipients) await ctx.app.mailer.enqueue(tx, message(to, 'Batch'));
    });
    await Promise.all([other.wake(), ctx.app.mailer.flush(), other.wake()]);
    await expect
      .poll(() => recipients.every((to) => smtp.to(to).length >= 1), { timeout: 10_000 })
      .toBe(true);
    await other.stop();
    expect(recipients.map((to) => smtp.to(to).length)).toEqual(recipients.map(() => 1));
  });

  it('shows failed e-mails to admins only, and a retry sends the message and is audited', async () => {
    smtp.answer = (rcpt) => (rcpt === 'typo@example.test' ? 'permanent' : 'accept');
    const id = await ctx.app.mailer.enqueue(ctx.app.db, message('typo@example.test', 'Your offer'));
    await expect
      .poll(async () => (await rowsTo('typo@example.test'))[0]?.status, { timeout: 5_000 })
      .toBe('failed');
    const admin = await createStaff(ctx.app, 'admin');
    const consultant = await createStaff(ctx.app, 'consultant');
    expect(
      (await staffCall(ctx.app, { method: 'GET', url: '/api/staff/mail' }, consultant.cookie))
        .statusCode,
    ).toBe(403);

    const res = await staffCall(ctx.app, { method: 'GET', url: '/api/staff/mail' }, admin.cookie);
    expect(res.headers['cache-control']).toBe('no-store');
    const overview = res.json<MailOverview>();
    expect(overview.failed.find((m) => m.id === id)).toMatchObject({
      recipient: 'typo@example.test',
      subject: 'Your offer',
      attempts: 1,
    });
    expect(overview.counts.failed).toBeGreaterThanOrEqual(1);

    smtp.answer = () => 'accept';
    const retry = await staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/mail/${id}/retry` },
      admin.cookie,
    );
    expect(retry.statusCode).toBe(200);
    await expect.poll(() => smtp.to('typo@example.test').length, { timeout: 5_000 }).toBe(1);
    const again = await staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/mail/${id}/retry` },
      admin.cookie,
    );
    expect(again.statusCode).toBe(404);
    const audit = await staffCall(
      ctx.app,
      { method: 'GET', url: '/api/staff/audit?action=mail.retried' },
      admin.cookie,
    );
    expect(audit.json<{ items: { subjectId: string; actor: { id: string } }[] }>().items).toEqual([
      expect.objectContaining({
        subjectId: id,
        actor: expect.objectContaining({ id: admin.user.id }),
      }),
    ]);
  });
});

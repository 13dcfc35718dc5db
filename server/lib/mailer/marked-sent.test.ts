import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/outbox.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { SmtpSink } from '../../../tests/support/smtp-sink.ts';
import { uniqueEmail } from '../../../tests/factories/user.ts';

/**
 * Issue 22 finding 12: once the SMTP server has accepted a message, a failure to mark it sent is
 * not a failed delivery. The database refuses the first "sent" mark (a trigger; a sequence counts
 * the refusals, since a sequence is not rolled back with the failing statement).
 */
const smtp = new SmtpSink();
let ctx: TestApp;

beforeAll(async () => {
  await smtp.start();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
  await ctx.app.db.execute(sql`create sequence mail_sent_refusals`);
  await ctx.app.db.execute(sql`
    create function refuse_first_sent_mark() returns trigger language plpgsql as $$
    begin
      if new.status = 'sent' and old.status <> 'sent' and nextval('mail_sent_refusals') = 1 then
        raise exception 'the database went away while marking a message sent';
      end if;
      return new;
    end $$`);
  await ctx.app.db.execute(sql`
    create trigger refuse_first_sent_mark before update on mail_outbox
    for each row execute function refuse_first_sent_mark()`);
});

afterAll(async () => {
  await ctx?.close();
  await smtp.stop();
});

describe('marking a message sent', () => {
  it('is tried again when the database fails it, and the message goes out once', async () => {
    const to = uniqueEmail('once');
    const id = await ctx.app.mailer.enqueue(ctx.app.db, {
      to,
      subject: 'Your application is being reviewed',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    await ctx.app.mailer.flush();
    const row = async () =>
      (await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
    await expect.poll(async () => (await row()).status, { timeout: 10_000 }).toBe('sent');
    // on 4f65be7 the failed mark counted as a failed delivery: sent again a second later
    expect(await row()).toMatchObject({ attempts: 1, lastError: null });
    expect(smtp.to(to).map((m) => m.messageId)).toEqual([
      `<${id}@${new URL(ctx.app.config.publicUrl).hostname}>`,
    ]);
    const refusals = await ctx.app.db.execute(sql`select last_value from mail_sent_refusals`);
    const [{ last_value }] = (refusals as unknown as { rows: [{ last_value: string }] }).rows;
    expect(Number(last_value)).toBeGreaterThanOrEqual(2);
  });
});

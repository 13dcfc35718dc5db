import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/outbox.ts';
import { createApplicationFields, multipartBody } from '../../../tests/factories/application.ts';
import { freePort, type ServerProcess } from '../../../tests/support/server-process.ts';
import { SmtpSink } from '../../../tests/support/smtp-sink.ts';
import { usePortalProcesses } from '../../../tests/support/portal-processes.ts';

async function submitOver(server: ServerProcess): Promise<{ id: string; email: string }> {
  const fields = createApplicationFields();
  const { payload, contentType } = multipartBody(fields);
  const res = await fetch(`${server.url}/api/applications`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': contentType },
  });
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, email: fields.email as string };
}

async function moveOver(server: ServerProcess, id: string, status: string) {
  const res = await fetch(`${server.url}/api/test/applications/${id}/status`, {
    method: 'POST',
    body: JSON.stringify({ status }),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status).toBe(200);
}

const retries = (server: ServerProcess) =>
  server.output().split('mail not sent, will retry').length - 1;

describe('durable mail across a crash', () => {
  const smtp = new SmtpSink();
  let portal: Awaited<ReturnType<typeof usePortalProcesses>>;
  beforeAll(async () => {
    portal = await usePortalProcesses('portal-mail-');
    smtp.port = await freePort();
  });
  afterAll(async () => {
    await portal?.close();
    await smtp.stop();
  });

  it(
    'keeps the mail of a submission and a status change through kill -9 while SMTP is down, and sends each once',
    { timeout: 120_000 },
    async () => {
      const env = { SMTP_URL: smtp.url, LOG_LEVEL: 'warn' };
      const first = await portal.start(env);
      const { id, email } = await submitOver(first);
      await moveOver(first, id, 'reviewed');
      // all three messages (the confirmation, the team's notice, the status e-mail) have been tried
      // and turned away (nothing listens on the SMTP port): none is left leased by this process
      await expect.poll(() => retries(first), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      first.child.kill('SIGKILL');
      await first.exited;

      await smtp.start();
      const second = await portal.start(env);
      await expect.poll(() => smtp.to(email).length, { timeout: 20_000 }).toBe(2);
      expect(await second.stop('SIGTERM')).toBe(0);

      const subjects = smtp.to(email).map((m) => /^Subject: (.+)$/im.exec(m.raw)?.[1]);
      expect(subjects.sort()).toEqual([
        'We have received your application',
        'Your application is being reviewed',
      ]);
      const database = await portal.open();
      try {
        const rows = await database.db.select().from(mailOutbox);
        expect(rows.filter((r) => r.recipient === email).map((r) => r.status)).toEqual([
          'sent',
          'sent',
        ]);
      } finally {
        await database.close();
      }
      expect(smtp.to(email)).toHaveLength(2);
    },
  );
});

if (process.env.TEST_DATABASE_URL) {
  describe('two instances on one PostgreSQL', () => {
    const smtp = new SmtpSink();
    let portal: Awaited<ReturnType<typeof usePortalProcesses>>;
    beforeAll(async () => {
      await smtp.start();
      portal = await usePortalProcesses('portal-mail-pair-');
    });
    afterAll(async () => {
      await portal?.close();
      await smtp.stop();
    });

    it('send each message once', async () => {
      const env = { SMTP_URL: smtp.url };
      const servers = [await portal.start(env), await portal.start(env)];
      const submitted = await Promise.all(
        Array.from({ length: 12 }, (_, i) => submitOver(servers[i % 2]!)),
      );
      await Promise.all(
        submitted.map(({ id }, i) => moveOver(servers[(i + 1) % 2]!, id, 'reviewed')),
      );
      const emails = submitted.map((s) => s.email);
      await expect
        .poll(() => emails.every((e) => smtp.to(e).length >= 2), { timeout: 20_000 })
        .toBe(true);
      const database = await portal.open();
      try {
        await expect
          .poll(
            async () =>
              (await database.db.select().from(mailOutbox)).every((r) => r.status === 'sent'),
            { timeout: 10_000 },
          )
          .toBe(true);
      } finally {
        await database.close();
      }
      expect(emails.map((e) => smtp.to(e).length)).toEqual(emails.map(() => 2));
    });
  });
}

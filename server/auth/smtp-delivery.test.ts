import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { uniqueEmail } from '../../tests/factories/user.ts';
import { confirmByLink, mailTo } from '../../tests/factories/user-mail.ts';
import { authPost } from '../../tests/factories/user-requests.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let ctx: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  ctx = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'UK Study Portal <portal@example.test>',
  });
});

afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The text/plain part, quoted-printable decoded. */
function textPart(raw: string): string {
  const match = /Content-Type: text\/plain[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n--/i.exec(
    raw,
  );
  const body = match?.[1] ?? '';
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('e-mail over SMTP (SMTP_URL)', () => {
  it('delivers the confirmation to the SMTP server, with text and HTML parts, and its link confirms the address', async () => {
    const email = uniqueEmail();
    expect(
      (
        await authPost(ctx.app, '/sign-up/email', {
          email,
          password: 'sesame-71',
          confirmPassword: 'sesame-71',
        })
      ).statusCode,
    ).toBe(200);
    await expect
      .poll(() => received.filter((m) => m.to.includes(email)).length, { timeout: 5_000 })
      .toBe(1);
    const message = received.find((m) => m.to.includes(email))!;
    expect(message.from).toBe('portal@example.test');
    expect(message.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message.raw).toMatch(/Content-Type: text\/html/i);
    const text = textPart(message.raw);
    expect(text).toContain('UK Study Portal');
    const link = /https?:\/\/\S+confirm-email#token=\S+/.exec(text)![0];
    expect(link.startsWith(ctx.config.publicUrl)).toBe(true);

    expect(
      (await authPost(ctx.app, '/sign-in/email', { email, password: 'sesame-71' })).statusCode,
    ).toBe(403);
    const confirm = await confirmByLink(ctx.app, link);
    expect(confirm.statusCode).toBe(200);
    expect(
      (await authPost(ctx.app, '/sign-in/email', { email, password: 'sesame-71' })).statusCode,
    ).toBe(200);
    expect(await mailTo(ctx.app, email)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/outbox.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import {
  createApplicationFields,
  multipartBody,
  pdfOfSize,
  type ApplicationFields,
  type UploadFile,
} from '../../../tests/factories/application.ts';
import { storedState } from '../../../tests/factories/application-storage.ts';
import { createPartnershipInput, createReferralInput } from '../../../tests/factories/referral.ts';
import { waitForMail } from '../../../tests/factories/user-mail.ts';

const ctx = useTestApp({
  FORMS_RATE_LIMIT_PER_CLIENT: '3',
  FORMS_RATE_LIMIT_PER_ADDRESS: '2',
  MAX_UPLOAD_MB: '0.6',
  MAX_APPLICATION_MB: '1',
});

let ipCounter = 1;
const freshIp = () => `198.51.100.${ipCounter++}`;

function apply(fields: ApplicationFields, ip: string, files: UploadFile[] = []) {
  const { payload, contentType } = multipartBody(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/applications',
    payload,
    headers: { 'content-type': contentType },
    remoteAddress: ip,
  });
}

const post = (url: string, payload: object, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    headers: { 'idempotency-key': randomUUID() },
  });

describe('anonymous forms are throttled (finding 4)', () => {
  it('per client address, for each form', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expect((await post('/api/referrals', createReferralInput(), ip)).statusCode).toBe(201);
    const refused = await post('/api/referrals', createReferralInput(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'TOO_MANY_SUBMISSIONS' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/api/referrals', createReferralInput(), freshIp())).statusCode).toBe(201);
    expect((await post('/api/partnerships', createPartnershipInput(), ip)).statusCode).toBe(201);
  });

  it('per e-mail address written to, from any number of clients, storing and mailing nothing past it', async () => {
    const email = `target-${randomUUID().slice(0, 8)}@example.test`;
    for (let i = 0; i < 2; i++)
      expect((await apply(createApplicationFields({ email }), freshIp())).statusCode).toBe(201);
    const before = await storedState(ctx.app);
    const refused = await apply(createApplicationFields({ email }), freshIp(), [
      { key: 'cv', ...pdfOfSize(10_000) },
    ]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'TOO_MANY_FOR_ADDRESS' } });
    expect(await storedState(ctx.app)).toEqual(before);
    expect(await ctx.app.db.$count(mailOutbox, eq(mailOutbox.recipient, email))).toBe(2);
    const partner = createPartnershipInput();
    await post('/api/partnerships', partner, freshIp());
    await post('/api/partnerships', partner, freshIp());
    expect((await post('/api/partnerships', partner, freshIp())).statusCode).toBe(429);
  });

  it('limits the total size of one application, keeping nothing of a refused one', async () => {
    const before = await storedState(ctx.app);
    const res = await apply(createApplicationFields(), freshIp(), [
      { key: 'cv', ...pdfOfSize(550_000) },
      { key: 'transcripts', ...pdfOfSize(550_000) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: 'APPLICATION_TOO_LARGE' } });
    expect(await storedState(ctx.app)).toEqual(before);
    expect(
      (await apply(createApplicationFields(), freshIp(), [{ key: 'cv', ...pdfOfSize(550_000) }]))
        .statusCode,
    ).toBe(201);
  });

  it('never turns submitted text into a link in the e-mail it sends', async () => {
    const fields = createApplicationFields({
      fullName: 'Win http://evil.example/login www.evil.example me@evil.example',
    });
    expect((await apply(fields, freshIp())).statusCode).toBe(201);
    const mail = await waitForMail(ctx.app, fields.email as string, /received your application/);
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toMatch(/evil\.example/);
      expect(part).not.toMatch(/http:\/\/evil/);
    }
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.every((href) => href!.startsWith(ctx.app.config.publicUrl))).toBe(true);
    expect(mail.html).toContain('Win http:\u200b/\u200b/\u200bevil.\u200bexample');
  });
});

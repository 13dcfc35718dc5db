import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackResult } from '../shared/schemas/application.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createApplicationFields, fixture } from '../tests/factories/application.ts';
import { openTrackStream } from '../tests/factories/application-stream.ts';
import { createUser } from '../tests/factories/user.ts';
import { startNginx, type NginxProxy } from '../tests/support/nginx.ts';
import { startS3Server, type S3TestServer } from '../tests/support/s3-server.ts';
import { SmtpSink } from '../tests/support/smtp-sink.ts';
import {
  freePort,
  spawnServer,
  waitUntilHealthy,
  type ServerProcess,
} from '../tests/support/server-process.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';

/**
 * Two instances on one PostgreSQL database with S3 storage, behind a real nginx running
 * deploy/nginx.conf: one instance in this process (so factories can make accounts), the other a
 * server process of its own. Requests go to each instance directly and through nginx.
 */
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

let s3: S3TestServer;
const smtp = new SmtpSink();
const trackingLimit = 6;
let drop: () => Promise<void>;
let inProcess: FastifyInstance;
let other: ServerProcess;
let nginx: NginxProxy;
let urls: { a: string; b: string; proxy: string };
const dirs: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  await smtp.start();
  const db = await createTestDatabase();
  drop = db.drop;
  if (db.database.kind !== 'postgres') throw new Error('Several instances need PostgreSQL');
  const proxyPort = await freePort();
  const shared = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.database.url,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: '127.0.0.1',
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
    TRACKING_TOKEN_SECRET: randomBytes(32).toString('base64'),
    TRACKING_RATE_LIMIT_MAX: String(trackingLimit),
    SMTP_URL: smtp.url,
    ...s3.env,
  };
  const dataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-instance-'));
    dirs.push(dir);
    return dir;
  };
  inProcess = await buildApp({ ...loadConfig({ ...shared, DATA_DIR: await dataDir() }) });
  const a = await inProcess.listen({ host: '127.0.0.1', port: 0 });
  other = await spawnServer({ ...shared, DATA_DIR: await dataDir() });
  if (!(await waitUntilHealthy(other)))
    throw new Error(`The second instance did not start:\n${other.output()}`);
  nginx = await startNginx([new URL(a).host, new URL(other.url).host], { port: proxyPort });
  urls = { a, b: other.url, proxy: nginx.url };
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await other?.stop();
  await inProcess?.close();
  await drop?.();
  await s3?.stop();
  await smtp.stop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function submit(baseUrl: string) {
  const fields = createApplicationFields();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  const transcript = fixture('transcript.pdf');
  form.append(
    'transcripts',
    new Blob([new Uint8Array(transcript.content)], { type: 'application/pdf' }),
    'transcript.pdf',
  );
  const res = await fetch(`${baseUrl}/api/applications`, {
    method: 'POST',
    body: form,
    headers: { origin: urls.proxy },
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { id, email: fields.email as string, transcript: transcript.content };
}

/** Each test's look-ups come from a client address of its own (nginx and TRUST_PROXY pass it on). */
let clientAddress = 10;
const nextClient = () => `203.0.113.${clientAddress++}`;

function lookUp(baseUrl: string, applicationId: string, email: string, client: string) {
  return fetch(`${baseUrl}/api/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: urls.proxy, 'x-forwarded-for': client },
    body: JSON.stringify({ applicationId, email }),
  });
}

async function track(baseUrl: string, applicationId: string, email: string): Promise<TrackResult> {
  const res = await lookUp(baseUrl, applicationId, email, nextClient());
  expect(res.status).toBe(200);
  return (await res.json()) as TrackResult;
}

/** Waits until the SMTP server has received what `count` says for `address`, then a moment more. */
async function mailsTo(address: string, subject: RegExp, count: number) {
  const matching = () => smtp.to(address).filter((m) => subject.test(m.raw));
  await expect.poll(() => matching().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  // both instances poll the outbox: give the slower one time to send a duplicate, if it would
  await new Promise((r) => setTimeout(r, 1500));
  return matching();
}

describe('two instances behind nginx', () => {
  it('takes an application with its document on one instance and sends the document from the other and through nginx', async () => {
    const { id, email, transcript } = await submit(urls.a);
    const { token } = await track(urls.b, id, email);
    for (const baseUrl of [urls.b, urls.proxy]) {
      const res = await fetch(`${baseUrl}/api/applications/${id}/documents/transcripts`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="transcript.pdf"');
      expect(Buffer.from(await res.arrayBuffer()).equals(transcript)).toBe(true);
    }
  });

  it('takes an upload streamed through nginx', async () => {
    const { id, email } = await submit(urls.proxy);
    expect((await track(urls.a, id, email)).application.id).toBe(id);
  });

  it('shows a consultant’s status change, made on one instance, live on a track page served by the other and through nginx', async () => {
    const { id, email } = await submit(urls.proxy);
    const tracked = await track(urls.b, id, email);
    const streams = [
      await openTrackStream(urls.b, tracked.streamToken),
      await openTrackStream(urls.proxy, tracked.streamToken),
    ];
    try {
      for (const stream of streams)
        expect(JSON.parse((await stream.next()).data).status).toBe('submitted');
      const consultant = await createUser(inProcess, { role: 'consultant' });
      const changed = await inProcess.inject({
        method: 'POST',
        url: `/api/staff/applications/${id}/status`,
        headers: { cookie: consultant.cookie, origin: urls.proxy },
        payload: { from: 'submitted', to: 'reviewed', note: 'Documents look complete.' },
      });
      expect(changed.statusCode).toBe(200);
      for (const stream of streams)
        expect(JSON.parse((await stream.next()).data).status).toBe('reviewed');
    } finally {
      streams.forEach((s) => s.close());
    }
  });

  it('counts tracking look-ups from one client across both instances', async () => {
    const { id } = await submit(urls.a);
    const client = nextClient();
    const answers: number[] = [];
    for (let i = 0; i < trackingLimit; i++) {
      answers.push(
        (await lookUp(i % 2 ? urls.a : urls.b, id, 'wrong@example.test', client)).status,
      );
    }
    expect(answers).toEqual(Array(trackingLimit).fill(404));
    expect((await lookUp(urls.a, id, 'wrong@example.test', client)).status).toBe(429);
    expect((await lookUp(urls.b, id, 'wrong@example.test', client)).status).toBe(429);
    expect((await lookUp(urls.proxy, id, 'wrong@example.test', client)).status).toBe(429);
    expect((await lookUp(urls.b, id, 'wrong@example.test', nextClient())).status).toBe(404);
  });

  it('sends each e-mail once, though both instances deliver the outbox', async () => {
    const { id, email } = await submit(urls.b);
    expect(await mailsTo(email, /received your application/i, 1)).toHaveLength(1);
    const consultant = await createUser(inProcess, { role: 'consultant' });
    const changed = await fetch(`${urls.proxy}/api/staff/applications/${id}/status`, {
      method: 'POST',
      headers: {
        cookie: consultant.cookie,
        origin: urls.proxy,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ from: 'submitted', to: 'reviewed' }),
    });
    expect(changed.status).toBe(200);
    const all = await mailsTo(email, /./, 2);
    expect(all).toHaveLength(2);
    expect(new Set(all.map((m) => m.messageId)).size).toBe(2);
  });

  it('logs no query string and no Referer in nginx’s access log (issue 22 finding 7)', async () => {
    const secret = `tok${randomBytes(12).toString('hex')}`;
    await fetch(`${urls.proxy}/reset-password?token=${secret}`, {
      headers: { referer: `${urls.proxy}/track?email=${secret}%40example.test` },
    });
    await fetch(`${urls.proxy}/api/programs?q=${secret}`);
    await expect
      .poll(async () => (await readFile(nginx.accessLog, 'utf8').catch(() => '')).split('\n'))
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('"GET /reset-password HTTP/1.1"'),
          expect.stringContaining('"GET /api/programs HTTP/1.1" 200'),
        ]),
      );
    expect(await readFile(nginx.accessLog, 'utf8')).not.toContain(secret);
  });
});

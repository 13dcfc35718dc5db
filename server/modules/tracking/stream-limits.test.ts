import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackResult } from '../../../shared/schemas/application.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createApplication } from '../../../tests/factories/application.ts';
import { openEventStream, openTrackStream } from '../../../tests/factories/application-stream.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { changeStatus } from '../applications/status.ts';

let ctx: TestApp;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestApp({
    STREAMS_PER_APPLICATION: '3',
    STREAMS_PER_ACCOUNT: '2',
    STREAMS_PER_CLIENT: '6',
    HTTP_HEADERS_TIMEOUT_SECONDS: '1',
    HTTP_REQUEST_TIMEOUT_SECONDS: '2',
    HTTP_IDLE_TIMEOUT_SECONDS: '1',
  });
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => ctx?.close());

async function streamToken(app: FastifyInstance, id: string, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/track',
    payload: { applicationId: id, email },
  });
  return (res.json() as TrackResult).streamToken;
}

/** Sends raw bytes on a fresh connection and resolves with what came back and when it closed. */
function rawConnection(
  send: (socket: import('node:net').Socket) => void,
): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const { port } = new URL(baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    socket.on('error', reject);
    socket.on('connect', () => send(socket));
  });
}

describe('live stream caps (finding 7)', () => {
  it('opens a tracking stream through a cookie set from a POSTed token, never a token in the URL (finding 12)', async () => {
    const { id, email } = await createApplication(ctx.app);
    const token = await streamToken(ctx.app, id, email);
    const access = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/stream-access',
      payload: { token },
    });
    expect(access.statusCode).toBe(200);
    expect(access.json()).toEqual({ url: `/api/track/stream/${id}` });
    const cookie = String(access.headers['set-cookie']);
    expect(cookie).toContain(`Path=/api/track/stream/${id}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/track/stream?token=${token}` })).statusCode,
    ).toBe(404);
  });

  it('accepts a few streams on one application, refuses more with 429, and takes one again when one closes', async () => {
    const { id, email } = await createApplication(ctx.app);
    const token = await streamToken(ctx.app, id, email);
    const open = await Promise.all([1, 2, 3].map(() => openTrackStream(baseUrl, token)));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await openTrackStream(baseUrl, token);
    expect(refused.status).toBe(429);
    refused.close();
    open[0]!.close();
    await expect.poll(() => ctx.app.applicationLive.streams.countOf('application', id)).toBe(2);
    const again = await openTrackStream(baseUrl, token);
    expect(again.status).toBe(200);
    [again, ...open].forEach((s) => s.close());
  });

  it('caps the dashboard streams of one account and the streams of one client address', async () => {
    const { cookie } = await createUser(ctx.app);
    const mine = await Promise.all(
      [1, 2].map(() => openEventStream(`${baseUrl}/api/me/applications/stream`, { cookie })),
    );
    const third = await openEventStream(`${baseUrl}/api/me/applications/stream`, { cookie });
    expect(third.status).toBe(429);
    third.close();

    const apps = await Promise.all([1, 2, 3, 4].map(() => createApplication(ctx.app)));
    const others = await Promise.all(
      apps.map(async (a) => openTrackStream(baseUrl, await streamToken(ctx.app, a.id, a.email))),
    );
    expect(others.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const seventh = await openTrackStream(
      baseUrl,
      await streamToken(ctx.app, apps[0]!.id, apps[0]!.email),
    );
    expect(seventh.status).toBe(429);
    [seventh, ...mine, ...others].forEach((s) => s.close());
  });
});

describe('timeouts for slow clients (finding 7)', () => {
  it('cuts off a body trickled a byte at a time, headers that never end, and a silent connection, but not a live stream', async () => {
    const { id, email } = await createApplication(ctx.app);
    const live = await openTrackStream(baseUrl, await streamToken(ctx.app, id, email));
    expect(live.status).toBe(200);
    await live.next();

    const trickle = rawConnection((socket) => {
      socket.write(
        'POST /api/referrals HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      const timer = setInterval(
        () => (socket.writable ? socket.write(' ') : clearInterval(timer)),
        400,
      );
      socket.on('close', () => clearInterval(timer));
    });
    const slowHeaders = rawConnection((socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
      const timer = setInterval(
        () => (socket.writable ? socket.write('X-Slow: 1\r\n') : clearInterval(timer)),
        400,
      );
      socket.on('close', () => clearInterval(timer));
    });
    const silent = rawConnection(() => {});
    const [body, headers, idle] = await Promise.all([trickle, slowHeaders, silent]);
    expect(body.ms).toBeLessThan(6_000);
    expect(body.answer === '' || /^HTTP\/1\.1 408/.test(body.answer)).toBe(true);
    expect(headers.ms).toBeLessThan(6_000);
    expect(headers.answer).not.toMatch(/200 OK/);
    expect(idle.ms).toBeLessThan(4_000);

    // the stream outlived all three and still follows changes
    await changeStatus(ctx.app, { applicationId: id, to: 'reviewed', actorId: null });
    expect(JSON.parse((await live.next()).data)).toMatchObject({ id, status: 'reviewed' });
    live.close();
  });
});

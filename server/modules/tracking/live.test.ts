import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationView, TrackResult } from '../../../shared/schemas/application.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { listenerApplicationName } from '../../lib/events/change-feed.ts';
import { changeStatus } from '../applications/index.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createTestDatabase } from '../../../tests/support/test-database.ts';
import { createApplication } from '../../../tests/factories/application.ts';
import { openEventStream, openTrackStream } from '../../../tests/factories/application-stream.ts';
import { createUser } from '../../../tests/factories/user.ts';

async function trackTokens(app: FastifyInstance, id: string, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/track',
    payload: { applicationId: id, email },
  });
  return res.json() as TrackResult;
}

const viewOf = (event: { data: string }) => JSON.parse(event.data) as ApplicationView;

describe('live updates in one process (PGlite: in-process NOTIFY; PostgreSQL: LISTEN/NOTIFY)', () => {
  let ctx: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => ctx?.close());

  it('streams the current record, then every change, to the track page', async () => {
    const { id, email } = await createApplication(ctx.app);
    const { streamToken } = await trackTokens(ctx.app, id, email);
    const stream = await openTrackStream(baseUrl, streamToken, { 'accept-encoding': 'gzip, br' });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('content-encoding')).toBeNull();
      expect(stream.headers.get('cache-control')).toBe('no-store');
      const first = await stream.next();
      expect(first.event).toBe('application');
      expect(viewOf(first)).toMatchObject({ id, status: 'submitted' });
      expect(stream.retry).toBe(3000);

      await changeStatus(ctx.app, {
        applicationId: id,
        to: 'reviewed',
        note: 'Looks good',
        actorId: null,
      });
      const changed = viewOf(await stream.next());
      expect(changed.status).toBe('reviewed');
      expect(changed.statusUpdates.at(-1)).toMatchObject({
        status: 'reviewed',
        note: 'Looks good',
      });
      expect(changed.personalInfo.passportNumber).toMatch(/^•+/);
    } finally {
      stream.close();
    }
  });

  it('streams changes of the signed-in user’s applications only, to the dashboard', async () => {
    const { cookie } = await createUser(ctx.app);
    const { id } = await createApplication(ctx.app, {}, { cookie });
    const { id: someoneElses } = await createApplication(ctx.app);
    const stream = await openEventStream(`${baseUrl}/api/me/applications/stream`, { cookie });
    try {
      expect(stream.status).toBe(200);
      await changeStatus(ctx.app, { applicationId: someoneElses, to: 'reviewed', actorId: null });
      await changeStatus(ctx.app, { applicationId: id, to: 'reviewed', actorId: null });
      const event = viewOf(await stream.next());
      expect(event).toMatchObject({ id, status: 'reviewed' });
      expect(stream.received).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('refuses a stream without a valid token or session', async () => {
    const { id, email } = await createApplication(ctx.app);
    const { token, streamToken } = await trackTokens(ctx.app, id, email);
    const other = await createApplication(ctx.app);
    const othersStream = (await trackTokens(ctx.app, other.id, other.email)).streamToken;
    for (const cookie of [
      undefined,
      'portal_track_stream=forged.token',
      `portal_track_stream=${token}`,
      `portal_track_stream=${othersStream}`,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/track/stream/${id}`,
        ...(cookie ? { headers: { cookie } } : {}),
      });
      expect(res.statusCode, cookie).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, cookie).toBeLessThan(500);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/track/stream?token=${streamToken}` }))
        .statusCode,
    ).toBe(404);
    const dashboard = await ctx.app.inject({ method: 'GET', url: '/api/me/applications/stream' });
    expect(dashboard.statusCode).toBe(401);
  });

  it('closes open streams when the app closes, without waiting for them', async () => {
    const other = await createTestApp();
    const url = await other.app.listen({ host: '127.0.0.1', port: 0 });
    const { id, email } = await createApplication(other.app);
    const { streamToken } = await trackTokens(other.app, id, email);
    const streams = await Promise.all([1, 2, 3].map(() => openTrackStream(url, streamToken)));
    await Promise.all(streams.map((s) => s.next()));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await Promise.all(streams.map((s) => s.waitForEnd()));
  });
});

/** Two server instances on one PostgreSQL database, as in production (D1). */
async function twoInstances() {
  const { database, drop } = await createTestDatabase();
  const dirs = await Promise.all([1, 2].map(() => mkdtemp(path.join(tmpdir(), 'portal-live-'))));
  const secret = 'one secret shared by every instance of the portal';
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BETTER_AUTH_SECRET: secret,
    TRACKING_TOKEN_SECRET: secret,
  };
  const apps: FastifyInstance[] = [];
  for (const dir of dirs)
    apps.push(await buildApp({ ...loadConfig({ ...env, DATA_DIR: dir }), database }));
  return {
    apps,
    databaseName: database.kind === 'postgres' ? new URL(database.url).pathname.slice(1) : '',
    async close() {
      await Promise.all(apps.map((a) => a.close()));
      await drop();
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    },
  };
}

if (process.env.TEST_DATABASE_URL) {
  describe('live updates between two instances on one PostgreSQL', () => {
    let pair: Awaited<ReturnType<typeof twoInstances>>;
    let urlB: string;
    beforeAll(async () => {
      pair = await twoInstances();
      urlB = await pair.apps[1]!.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => pair?.close());

    it('delivers a change made through one instance to streams opened on the other', async () => {
      const [a, b] = pair.apps as [FastifyInstance, FastifyInstance];
      const { id, email } = await createApplication(a);
      const { streamToken } = await trackTokens(a, id, email);
      const { cookie } = await createUser(a);
      const { id: owned } = await createApplication(a, {}, { cookie });
      const track = await openTrackStream(urlB, streamToken);
      const dashboard = await openEventStream(`${urlB}/api/me/applications/stream`, { cookie });
      try {
        expect(viewOf(await track.next()).status).toBe('submitted');
        await changeStatus(a, { applicationId: id, to: 'reviewed', actorId: null });
        await changeStatus(a, { applicationId: owned, to: 'reviewed', actorId: null });
        expect(viewOf(await track.next())).toMatchObject({ id, status: 'reviewed' });
        expect(viewOf(await dashboard.next())).toMatchObject({ id: owned, status: 'reviewed' });
        expect(b.applicationLive.streams.size).toBe(2);
      } finally {
        track.close();
        dashboard.close();
      }
    });

    it('listens again after losing its connection, and sends what changed meanwhile', async () => {
      const [a] = pair.apps as [FastifyInstance, FastifyInstance];
      const { id, email } = await createApplication(a);
      const { streamToken } = await trackTokens(a, id, email);
      const track = await openTrackStream(urlB, streamToken);
      try {
        await track.next();
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        try {
          const killed = await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2',
            [listenerApplicationName, pair.databaseName],
          );
          expect(killed.rowCount).toBeGreaterThanOrEqual(2);
        } finally {
          await admin.end();
        }
        await changeStatus(a, { applicationId: id, to: 'reviewed', actorId: null });
        let latest = viewOf(await track.next(10_000));
        while (latest.status !== 'reviewed') latest = viewOf(await track.next(10_000));
        expect(latest.status).toBe('reviewed');
      } finally {
        track.close();
      }
    });
  });
}

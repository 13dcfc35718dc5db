import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TrackResult } from '../../../shared/schemas/application.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication, fixture } from '../../../tests/factories/application.ts';
import { openEventStream, openTrackStream } from '../../../tests/factories/application-stream.ts';
import { streamCookieName, streamPath } from './stream-access.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';

const ctx = useTestApp();

const track = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/track', payload });
const byToken = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/track/token', payload: { token } });

let address: Promise<string> | undefined;
/** The test app on a loopback port, started once for the tests that need real streams. */
const listening = () => (address ??= ctx.app.listen({ host: '127.0.0.1', port: 0 }));

/** Counts the statements on application tables while `run` goes (background mail and jobs aside). */
async function statementsDuring(run: () => Promise<unknown>): Promise<number> {
  const client = (
    ctx.app.db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }
  ).$client;
  const originals = { query: client.query!, exec: client.exec };
  let count = 0;
  const note = (args: unknown[]) => {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (/"application/.test(text)) count++;
  };
  client.query = (...args: unknown[]) => (note(args), originals.query.apply(client, args));
  if (originals.exec)
    client.exec = (...args: unknown[]) => (note(args), originals.exec!.apply(client, args));
  try {
    await run();
  } finally {
    client.query = originals.query;
    if (originals.exec) client.exec = originals.exec;
  }
  return count;
}

describe('tracking without an oracle (finding 11)', () => {
  it('does the same work for a real id with a wrong e-mail as for an unknown id', async () => {
    const { id } = await createApplication(
      ctx.app,
      {},
      { files: [{ key: 'transcripts', ...fixture('transcript.pdf') }] },
    );
    await ctx.app.mailer.flush();
    const wrongEmail = await statementsDuring(async () =>
      expect((await track({ applicationId: id, email: 'not-them@example.test' })).statusCode).toBe(
        404,
      ),
    );
    const unknownId = await statementsDuring(async () =>
      expect(
        (await track({ applicationId: randomUUID(), email: 'not-them@example.test' })).statusCode,
      ).toBe(404),
    );
    const notAnId = await statementsDuring(async () =>
      expect(
        (await track({ applicationId: 'abc', email: 'not-them@example.test' })).statusCode,
      ).toBe(404),
    );
    expect(wrongEmail).toBeGreaterThan(0);
    expect(unknownId).toBe(wrongEmail);
    expect(notAnId).toBe(wrongEmail);
  });
});

describe('revoking tracking links (finding 11)', () => {
  it('lets the applicant end every link issued so far, open streams and downloads included; id + e-mail still work', async () => {
    const { id, email } = await createApplication(
      ctx.app,
      {},
      { files: [{ key: 'cv', ...fixture('transcript.pdf') }] },
    );
    const first = (await track({ applicationId: id, email })).json<TrackResult>();
    const baseUrl = await listening();
    const live = await openTrackStream(baseUrl, first.streamToken);
    await live.next();

    const revoke = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/revoke',
      payload: { token: first.token },
    });
    expect(revoke.statusCode).toBe(204);
    await live.waitForEnd(5_000);
    expect(live.ended).toBe(true);
    expect((await byToken(first.token)).json()).toMatchObject({
      error: { code: 'TRACKING_LINK_EXPIRED' },
    });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/track/stream-access',
          payload: { token: first.streamToken },
        })
      ).statusCode,
    ).toBe(401);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/applications/${id}/documents/cv`,
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(download.statusCode).toBeGreaterThanOrEqual(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/track/revoke',
          payload: { token: first.token },
        })
      ).statusCode,
    ).toBe(401);

    const again = (await track({ applicationId: id, email })).json<TrackResult>();
    expect((await byToken(again.token)).statusCode).toBe(200);
  });

  it('refuses a stream token issued before the revocation, even while a newer stream keeps the application in memory', async () => {
    const { id, email } = await createApplication(ctx.app);
    const old = (await track({ applicationId: id, email })).json<TrackResult>();
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/track/revoke',
          payload: { token: old.token },
        })
      ).statusCode,
    ).toBe(204);
    const fresh = (await track({ applicationId: id, email })).json<TrackResult>();
    const baseUrl = await listening();
    const open = await openTrackStream(baseUrl, fresh.streamToken);
    try {
      await open.next();
      // the old token as a cookie, straight at the stream URL (the stream-access route refuses it too)
      const replay = await fetch(`${baseUrl}${streamPath(id)}`, {
        headers: { cookie: `${streamCookieName}=${old.streamToken}` },
      });
      expect(replay.status).toBe(401);
      expect(((await replay.json()) as { error: { code: string } }).error.code).toBe(
        'TRACKING_LINK_EXPIRED',
      );
    } finally {
      open.close();
    }
  });

  it('lets staff revoke them from the application, audited; applicants cannot use the staff route', async () => {
    const { id, email } = await createApplication(ctx.app);
    const { token } = (await track({ applicationId: id, email })).json<TrackResult>();
    const consultant = await createStaff(ctx.app, 'consultant');
    const admin = await createStaff(ctx.app, 'admin');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/staff/applications/${id}/tracking/revoke`,
        })
      ).statusCode,
    ).toBe(401);
    const res = await staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/applications/${id}/tracking/revoke` },
      consultant.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect((await byToken(token)).statusCode).toBe(401);
    const audit = await staffCall(
      ctx.app,
      { method: 'GET', url: '/api/staff/audit?action=application.tracking_revoked' },
      admin.cookie,
    );
    expect(
      audit.json<{ items: { subjectId: string; actor: { id: string } }[] }>().items[0],
    ).toMatchObject({ subjectId: id, actor: { id: consultant.user.id } });
    const missing = await staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/applications/${randomUUID()}/tracking/revoke` },
      consultant.cookie,
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('many track pages on one application', () => {
  it('read the application from the database once while they stay open', async () => {
    const { id, email } = await createApplication(ctx.app);
    const { streamToken } = (await track({ applicationId: id, email })).json<TrackResult>();
    const baseUrl = await listening();
    const open = (headers: Record<string, string> = {}) =>
      openEventStream(`${baseUrl}${streamPath(id)}`, {
        cookie: `${streamCookieName}=${streamToken}`,
        ...headers,
      });
    const streams: Awaited<ReturnType<typeof open>>[] = [];
    try {
      const firstRead = await statementsDuring(async () => {
        streams.push(await open());
        await streams[0]!.next();
      });
      expect(firstRead).toBeGreaterThan(0);
      const moreReads = await statementsDuring(async () => {
        for (let i = 0; i < 5; i++) streams.push(await open());
        for (const stream of streams.slice(1))
          expect(JSON.parse((await stream.next()).data)).toMatchObject({ id, status: 'submitted' });
      });
      expect(moreReads).toBe(0);
    } finally {
      streams.forEach((stream) => stream.close());
    }
  });
});

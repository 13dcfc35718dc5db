import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { createTestDatabase } from '../../tests/support/test-database.ts';
import {
  createApplicantWithApplication,
  createStaff,
  staffCall,
} from '../../tests/factories/staff.ts';
import { openEventStream } from '../../tests/factories/application-stream.ts';
import { createUser, signInAs } from '../../tests/factories/user.ts';
import { authPost } from '../../tests/factories/user-requests.ts';
import { linkIn, tokenOfLink, waitForMail } from '../../tests/factories/user-mail.ts';

/** Finding 6: a dashboard stream ends with its session, at once, on every instance. */
describe('live streams end with their session', () => {
  let ctx: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    ctx = await createTestApp({
      AUTH_RATE_LIMIT_IP_MAX: '1000',
      AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000',
    });
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => ctx?.close());

  const dashboardStream = async (cookie: string) => {
    const stream = await openEventStream(`${baseUrl}/api/me/applications/stream`, { cookie });
    expect(stream.status).toBe(200);
    return stream;
  };

  it('sign-out ends that session’s stream only', async () => {
    const { user, password, cookie } = await createUser(ctx.app);
    const otherDevice = await signInAs(ctx.app, user.email, password);
    const mine = await dashboardStream(cookie);
    const theirs = await dashboardStream(otherDevice);
    try {
      expect((await authPost(ctx.app, '/sign-out', {}, { cookie })).statusCode).toBe(200);
      await mine.waitForEnd(3_000);
      // The page is told, so it does not reconnect with a session that is gone.
      expect(mine.received.map((e) => e.event)).toContain('session-ended');
      expect(theirs.ended).toBe(false);
      expect(ctx.app.applicationLive.streams.countOf('account', user.id)).toBe(1);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('sign out everywhere ends every stream of the account', async () => {
    const { user, password, cookie } = await createUser(ctx.app);
    const laptop = await signInAs(ctx.app, user.email, password);
    const streams = [await dashboardStream(cookie), await dashboardStream(laptop)];
    try {
      expect((await authPost(ctx.app, '/revoke-sessions', {}, { cookie: laptop })).statusCode).toBe(
        200,
      );
      await Promise.all(streams.map((s) => s.waitForEnd(3_000)));
    } finally {
      streams.forEach((s) => s.close());
    }
  });

  it('a password reset ends every stream of the account', async () => {
    const { user, cookie } = await createUser(ctx.app);
    const stream = await dashboardStream(cookie);
    try {
      expect(
        (await authPost(ctx.app, '/request-password-reset', { email: user.email })).statusCode,
      ).toBe(200);
      const mail = await waitForMail(ctx.app, user.email, /reset/i);
      const token = tokenOfLink(linkIn(mail, ctx.app.config.publicUrl));
      const reset = await authPost(ctx.app, '/reset-password', {
        token,
        newPassword: 'another fine password',
        confirmPassword: 'another fine password',
      });
      expect(reset.statusCode).toBe(200);
      await stream.waitForEnd(3_000);
    } finally {
      stream.close();
    }
  });

  it('a deactivation ends every stream of the account', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const consultant = await createStaff(ctx.app, 'consultant');
    const stream = await dashboardStream(consultant.cookie);
    try {
      const res = await staffCall(
        ctx.app,
        { method: 'POST', url: `/api/staff/team/${consultant.user.id}/deactivate` },
        admin.cookie,
      );
      expect(res.statusCode).toBe(200);
      await stream.waitForEnd(3_000);
    } finally {
      stream.close();
    }
  });

  /* Issue 22 finding 3: the console's stream of one application carries the applicant's record. */
  const staffStream = async (cookie: string, applicationId: string) => {
    const stream = await openEventStream(
      `${baseUrl}/api/staff/applications/${applicationId}/stream`,
      { cookie },
    );
    expect(stream.status).toBe(200);
    return stream;
  };

  it('sign-out ends the staff console’s stream of an application', async () => {
    const { applicationId } = await createApplicantWithApplication(ctx.app);
    const consultant = await createStaff(ctx.app, 'consultant');
    const stream = await staffStream(consultant.cookie, applicationId);
    try {
      const out = await authPost(ctx.app, '/sign-out', {}, { cookie: consultant.cookie });
      expect(out.statusCode).toBe(200);
      await stream.waitForEnd(3_000);
      expect(stream.received.map((e) => e.event)).toContain('session-ended');
    } finally {
      stream.close();
    }
  });

  it('a deactivation ends the consultant’s stream of an application', async () => {
    const { applicationId } = await createApplicantWithApplication(ctx.app);
    const admin = await createStaff(ctx.app, 'admin');
    const consultant = await createStaff(ctx.app, 'consultant');
    const stream = await staffStream(consultant.cookie, applicationId);
    try {
      const res = await staffCall(
        ctx.app,
        { method: 'POST', url: `/api/staff/team/${consultant.user.id}/deactivate` },
        admin.cookie,
      );
      expect(res.statusCode).toBe(200);
      await stream.waitForEnd(3_000);
      expect(stream.received.map((e) => e.event)).toContain('session-ended');
    } finally {
      stream.close();
    }
  });

  it('an admin ending a consultant’s sessions ends their stream of an application', async () => {
    const { applicationId } = await createApplicantWithApplication(ctx.app);
    const admin = await createStaff(ctx.app, 'admin');
    const consultant = await createStaff(ctx.app, 'consultant');
    const stream = await staffStream(consultant.cookie, applicationId);
    try {
      const res = await staffCall(
        ctx.app,
        { method: 'POST', url: `/api/staff/team/${consultant.user.id}/end-sessions` },
        admin.cookie,
      );
      expect(res.statusCode).toBeLessThan(300);
      await stream.waitForEnd(3_000);
    } finally {
      stream.close();
    }
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('live streams end with their session on another instance (PostgreSQL)', () => {
    const apps: FastifyInstance[] = [];
    let drop: () => Promise<void>;
    let dirs: string[] = [];
    let urlB: string;
    beforeAll(async () => {
      const created = await createTestDatabase();
      drop = created.drop;
      dirs = await Promise.all([1, 2].map(() => mkdtemp(path.join(tmpdir(), 'portal-sessions-'))));
      const secret = 'one secret shared by every instance of the portal';
      const env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        BETTER_AUTH_SECRET: secret,
        TRACKING_TOKEN_SECRET: secret,
      };
      for (const dir of dirs)
        apps.push(
          await buildApp({ ...loadConfig({ ...env, DATA_DIR: dir }), database: created.database }),
        );
      urlB = await apps[1]!.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      await Promise.all(apps.map((a) => a.close()));
      await drop?.();
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    });

    it('sign out everywhere on one instance ends the stream held by the other', async () => {
      const [a] = apps as [FastifyInstance, FastifyInstance];
      const { cookie } = await createUser(a);
      const stream = await openEventStream(`${urlB}/api/me/applications/stream`, { cookie });
      try {
        expect(stream.status).toBe(200);
        expect((await authPost(a, '/revoke-sessions', {}, { cookie })).statusCode).toBe(200);
        await stream.waitForEnd(3_000);
      } finally {
        stream.close();
      }
    });

    it('a consultant’s sign-out on one instance ends their application stream on the other', async () => {
      const [a] = apps as [FastifyInstance, FastifyInstance];
      const { applicationId } = await createApplicantWithApplication(a);
      const consultant = await createStaff(a, 'consultant');
      const stream = await openEventStream(
        `${urlB}/api/staff/applications/${applicationId}/stream`,
        { cookie: consultant.cookie },
      );
      try {
        expect(stream.status).toBe(200);
        expect((await authPost(a, '/sign-out', {}, { cookie: consultant.cookie })).statusCode).toBe(
          200,
        );
        await stream.waitForEnd(3_000);
        expect(stream.received.map((e) => e.event)).toContain('session-ended');
      } finally {
        stream.close();
      }
    });

    it('a deactivation on one instance ends the consultant’s application stream on the other', async () => {
      const [a] = apps as [FastifyInstance, FastifyInstance];
      const { applicationId } = await createApplicantWithApplication(a);
      const admin = await createStaff(a, 'admin');
      const consultant = await createStaff(a, 'consultant');
      const stream = await openEventStream(
        `${urlB}/api/staff/applications/${applicationId}/stream`,
        { cookie: consultant.cookie },
      );
      try {
        expect(stream.status).toBe(200);
        const res = await staffCall(
          a,
          { method: 'POST', url: `/api/staff/team/${consultant.user.id}/deactivate` },
          admin.cookie,
        );
        expect(res.statusCode).toBe(200);
        await stream.waitForEnd(3_000);
        expect(stream.received.map((e) => e.event)).toContain('session-ended');
      } finally {
        stream.close();
      }
    });
  });
}

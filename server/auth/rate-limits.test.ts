import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/test-app.ts';
import { cookieFrom, createUser, uniqueEmail } from '../../tests/factories/user.ts';
import { apiError, authPost } from '../../tests/factories/user-requests.ts';
import { mailTo } from '../../tests/factories/user-mail.ts';
import { rateLimits } from '../db/schema/rate-limits.ts';

const ctx = useTestApp({
  AUTH_RATE_LIMIT_IP_MAX: '3',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '2',
  AUTH_SLOW_DOWN_SECONDS: '30',
  AUTH_MAILS_PER_ADDRESS: '3',
});

const payloads: Record<string, (email: string) => object> = {
  '/sign-in/email': (email) => ({ email, password: 'wrong-password' }),
  '/sign-up/email': (email) => ({ email, password: 'sesame-71', confirmPassword: 'sesame-71' }),
  '/request-password-reset': (email) => ({ email }),
  '/send-verification-email': (email) => ({ email }),
};

let ipCounter = 10;
const freshIp = () => `198.51.100.${ipCounter++}`;

function expectRateLimited(res: Awaited<ReturnType<typeof authPost>>) {
  expect(res.statusCode).toBe(429);
  expect(apiError(res).code).toBe('RATE_LIMITED');
  expect(apiError(res).message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe.each(Object.keys(payloads))('limits on %s', (path) => {
  const payload = payloads[path]!;

  it('per IP: many addresses from one IP are stopped after the limit, other IPs go on', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expect((await authPost(ctx.app, path, payload(uniqueEmail()), { ip })).statusCode).not.toBe(
        429,
      );
    expectRateLimited(await authPost(ctx.app, path, payload(uniqueEmail()), { ip }));
    expect(
      (await authPost(ctx.app, path, payload(uniqueEmail()), { ip: freshIp() })).statusCode,
    ).not.toBe(429);
  });
});

/** The moment the current slow-down spacing ends, as if its seconds had passed. */
async function endSlowDownWindow() {
  await ctx.app.db
    .update(rateLimits)
    .set({ expire: new Date(Date.now() - 1000) })
    .where(like(rateLimits.key, 'auth-account-slow%'));
}

describe('per account (finding 5)', () => {
  it('counts failures only: the owner signing in from many places is never stopped', async () => {
    const { user, password } = await createUser(ctx.app);
    for (let i = 0; i < 6; i++) {
      expect(
        (
          await authPost(
            ctx.app,
            '/sign-in/email',
            { email: user.email, password },
            { ip: freshIp() },
          )
        ).statusCode,
      ).toBe(200);
    }
  });

  it('past the failures allowed, slows guessing to one attempt per spacing instead of locking the owner out', async () => {
    const { user, password } = await createUser(ctx.app);
    const guess = () =>
      authPost(
        ctx.app,
        '/sign-in/email',
        { email: user.email, password: 'wrong-guess' },
        { ip: freshIp() },
      );
    expect((await guess()).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(401);
    // Now one attempt per 30 s for this address, whoever sends it.
    expect((await guess()).statusCode).toBe(401);
    const slowed = await guess();
    expectRateLimited(slowed);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);
    expectRateLimited(
      await authPost(
        ctx.app,
        '/sign-in/email',
        { email: user.email.toUpperCase(), password },
        { ip: freshIp() },
      ),
    );
    // Another address is untouched.
    const other = await createUser(ctx.app);
    expect(
      (
        await authPost(
          ctx.app,
          '/sign-in/email',
          { email: other.user.email, password: other.password },
          { ip: freshIp() },
        )
      ).statusCode,
    ).toBe(200);

    // Seconds later (not 15 minutes), the owner's right password gets in and clears the count.
    await endSlowDownWindow();
    expect(
      (
        await authPost(
          ctx.app,
          '/sign-in/email',
          { email: user.email, password },
          { ip: freshIp() },
        )
      ).statusCode,
    ).toBe(200);
    expect((await guess()).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(401);
  });

  describe('a guesser who takes every turn (issue 22 finding 5)', () => {
    const signIn = (email: string, password: string, cookie?: string) =>
      authPost(ctx.app, '/sign-in/email', { email, password }, { ip: freshIp(), cookie });
    const knownDevice = (res: Awaited<ReturnType<typeof authPost>>) =>
      cookieFrom(
        ([res.headers['set-cookie'] ?? []].flat() as string[]).filter((c) =>
          c.startsWith('portal.known_device='),
        ),
      );
    /** Fails until the account is slowed, then takes the turn that just opened. */
    async function takeEveryTurn(email: string) {
      expect((await signIn(email, 'wrong-guess')).statusCode).toBe(401);
      expect((await signIn(email, 'wrong-guess')).statusCode).toBe(401);
      expect((await signIn(email, 'wrong-guess')).statusCode).toBe(401);
    }

    it('lets the owner in from a device that signed in before, while guessing stays one try per spacing', async () => {
      const { user, password } = await createUser(ctx.app);
      const device = knownDevice(await signIn(user.email, password));
      expect(device).toMatch(/^portal\.known_device=[A-Za-z0-9]{32}$/);
      await takeEveryTurn(user.email);

      const owner = await signIn(user.email, password, device);
      expect(owner.statusCode, owner.body).toBe(200);
      // The owner getting in gives the guesser no fresh turns.
      expectRateLimited(await signIn(user.email, 'wrong-guess'));
      // Another browser of the owner (not known yet) waits its turn like anyone.
      expectRateLimited(await signIn(user.email, password));
    });

    it('a device known to another account, or a made-up one, earns nothing', async () => {
      const { user, password } = await createUser(ctx.app);
      const other = await createUser(ctx.app);
      const elsewhere = knownDevice(await signIn(other.user.email, other.password));
      await takeEveryTurn(user.email);
      expectRateLimited(await signIn(user.email, password, elsewhere));
      expectRateLimited(
        await signIn(user.email, password, `portal.known_device=${'A'.repeat(32)}`),
      );
    });

    it('a known device that keeps sending wrong passwords soon waits like anyone', async () => {
      const { user, password } = await createUser(ctx.app);
      const device = knownDevice(await signIn(user.email, password));
      await takeEveryTurn(user.email);
      for (let i = 0; i < 4; i++)
        expect((await signIn(user.email, 'wrong-guess', device)).statusCode).toBe(401);
      expectRateLimited(await signIn(user.email, password, device));
    });
  });

  it.each(['/request-password-reset', '/send-verification-email', '/sign-up/email'])(
    '%s: always answered, but an address gets at most its share of e-mails, and its owner can still sign in',
    async (path) => {
      const { user, password } =
        path === '/send-verification-email'
          ? await createUser(ctx.app, { verified: false })
          : await createUser(ctx.app);
      for (let i = 0; i < 6; i++) {
        const res = await authPost(ctx.app, path, payloads[path]!(user.email), { ip: freshIp() });
        expect(res.statusCode, res.body).toBe(200);
      }
      await expect.poll(async () => (await mailTo(ctx.app, user.email)).length).toBe(3);
      await ctx.app.mailer.flush();
      expect(await mailTo(ctx.app, user.email)).toHaveLength(3);
      if (path !== '/send-verification-email') {
        expect(
          (
            await authPost(
              ctx.app,
              '/sign-in/email',
              { email: user.email, password },
              { ip: freshIp() },
            )
          ).statusCode,
        ).toBe(200);
      }
    },
  );
});

describe('client IP', () => {
  it('ignores X-Forwarded-For when no proxy is trusted, so it cannot buy fresh buckets', async () => {
    const ip = freshIp();
    const send = (n: number) =>
      authPost(ctx.app, '/sign-in/email', payloads['/sign-in/email']!(uniqueEmail()), {
        ip,
        headers: { 'x-forwarded-for': `203.0.113.${n}`, 'x-portal-client-ip': `203.0.113.${n}` },
      });
    for (let n = 1; n <= 3; n++) expect((await send(n)).statusCode).toBe(401);
    expectRateLimited(await send(4));
  });

  it('does not count refused (invalid) input against the limits', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await authPost(ctx.app, '/sign-in/email', { email: 'bad' }, { ip })).statusCode).toBe(
        400,
      );
    expect(
      (
        await authPost(ctx.app, '/sign-in/email', payloads['/sign-in/email']!(uniqueEmail()), {
          ip,
        })
      ).statusCode,
    ).toBe(401);
  });
});

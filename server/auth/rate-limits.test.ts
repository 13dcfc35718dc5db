import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/test-app.ts';
import { uniqueEmail } from '../../tests/factories/user.ts';
import { apiError, authPost } from '../../tests/factories/user-requests.ts';

const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '3', AUTH_RATE_LIMIT_ACCOUNT_MAX: '2' });

const payloads: Record<string, (email: string) => object> = {
  '/sign-in/email': (email) => ({ email, password: 'wrong-password' }),
  '/sign-up/email': (email) => ({ email, password: 'secret1', confirmPassword: 'secret1' }),
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

  it('per account: the same address from many IPs is stopped after the limit', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 2; i++) expect((await authPost(ctx.app, path, payload(email), { ip: freshIp() })).statusCode).not.toBe(429);
    expectRateLimited(await authPost(ctx.app, path, payload(email), { ip: freshIp() }));
    expectRateLimited(await authPost(ctx.app, path, payload(email.toUpperCase()), { ip: freshIp() }));
    expect((await authPost(ctx.app, path, payload(uniqueEmail()), { ip: freshIp() })).statusCode).not.toBe(429);
  });

  it('per IP: many addresses from one IP are stopped after the limit, other IPs go on', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await authPost(ctx.app, path, payload(uniqueEmail()), { ip })).statusCode).not.toBe(429);
    expectRateLimited(await authPost(ctx.app, path, payload(uniqueEmail()), { ip }));
    expect((await authPost(ctx.app, path, payload(uniqueEmail()), { ip: freshIp() })).statusCode).not.toBe(429);
  });
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
    for (let i = 0; i < 5; i++) expect((await authPost(ctx.app, '/sign-in/email', { email: 'bad' }, { ip })).statusCode).toBe(400);
    expect((await authPost(ctx.app, '/sign-in/email', payloads['/sign-in/email']!(uniqueEmail()), { ip })).statusCode).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/test-app.ts';
import { uniqueEmail } from '../../tests/factories/user.ts';
import { authPost } from '../../tests/factories/user-requests.ts';

const proxy = '10.0.0.5';
const ctx = useTestApp({
  AUTH_RATE_LIMIT_IP_MAX: '2',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '100',
  TRUST_PROXY: proxy,
});

const signIn = (forwardedFor: string, ip = proxy) =>
  authPost(
    ctx.app,
    '/sign-in/email',
    { email: uniqueEmail(), password: 'wrong-password' },
    { ip, headers: { 'x-forwarded-for': forwardedFor } },
  );

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  it('limits each client named by the proxy separately', async () => {
    expect((await signIn('192.0.2.1')).statusCode).toBe(401);
    expect((await signIn('192.0.2.1')).statusCode).toBe(401);
    expect((await signIn('192.0.2.1')).statusCode).toBe(429);
    expect((await signIn('192.0.2.2')).statusCode).toBe(401);
  });

  it('takes the hop the proxy saw, not an address the client wrote in front of it', async () => {
    expect((await signIn('1.1.1.1, 192.0.2.3')).statusCode).toBe(401);
    expect((await signIn('2.2.2.2, 192.0.2.3')).statusCode).toBe(401);
    expect((await signIn('3.3.3.3, 192.0.2.3')).statusCode).toBe(429);
  });

  it('does not trust X-Forwarded-For from anyone else', async () => {
    const direct = '192.0.2.50';
    expect((await signIn('192.0.2.60', direct)).statusCode).toBe(401);
    expect((await signIn('192.0.2.61', direct)).statusCode).toBe(401);
    expect((await signIn('192.0.2.62', direct)).statusCode).toBe(429);
  });
});

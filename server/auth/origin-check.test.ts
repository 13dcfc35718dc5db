import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/test-app.ts';
import { apiError } from '../../tests/factories/user-requests.ts';

const ctx = useTestApp();

beforeAll(() => {
  ctx.app.post('/api/test/change', async () => ({ changed: true }));
  ctx.app.get('/api/test/read', async () => ({ read: true }));
});

const post = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/test/change', headers, payload: {} });

describe('CSRF origin check on /api', () => {
  it('refuses a change sent from another origin', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      ctx.config.publicUrl.replace('localhost', '127.0.0.1'),
    ]) {
      const res = await post({ origin, cookie: 'portal.session_token=x' });
      expect(res.statusCode, origin).toBe(403);
      expect(apiError(res).code).toBe('FORBIDDEN_ORIGIN');
    }
  });

  it('refuses a change the browser marks as cross-site', async () => {
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('lets same-origin changes and requests without Origin (not from a browser page) through', async () => {
    expect(
      (await post({ origin: ctx.config.publicUrl, 'sec-fetch-site': 'same-origin' })).json(),
    ).toEqual({ changed: true });
    expect((await post({})).statusCode).toBe(200);
  });

  it('leaves reads alone', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/read',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses better-auth calls from another origin too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@example.test', password: 'sesame-71' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the exposed auth surface', () => {
  it('answers 404 for better-auth endpoints the portal does not use', async () => {
    for (const url of [
      '/api/auth/update-user',
      '/api/auth/sign-in/anonymous',
      '/api/auth/delete-user',
      '/api/auth/ok',
      '/api/auth/error',
    ]) {
      const isPost = url.endsWith('update-user') || url.endsWith('anonymous');
      const res = await ctx.app.inject({
        method: isPost ? 'POST' : 'GET',
        url,
        payload: isPost ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

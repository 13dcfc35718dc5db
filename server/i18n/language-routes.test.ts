import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/auth.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { createUser } from '../../tests/factories/user.ts';
import { authGet } from '../../tests/factories/user-requests.ts';

const ctx = useTestApp();

describe('PUT /api/me/language', () => {
  it('keeps the chosen language on the account, where the session and the first paint read it', async () => {
    const { user, cookie } = await createUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: { cookie, origin: ctx.config.publicUrl },
      payload: { language: 'ar' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ language: 'ar' });
    const [row] = await ctx.app.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.language).toBe('ar');
    const session = await authGet(ctx.app, '/get-session', { cookie });
    expect(session.json()).toMatchObject({ user: { language: 'ar' } });
  });

  it('refuses a language the site does not have with a 400, and a visitor without a session with a 401', async () => {
    const { cookie } = await createUser(ctx.app);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: { cookie, origin: ctx.config.publicUrl },
      payload: { language: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
    const extra = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: { cookie, origin: ctx.config.publicUrl },
      payload: { language: 'fr', role: 'admin' },
    });
    expect(extra.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: { origin: ctx.config.publicUrl },
      payload: { language: 'fr' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

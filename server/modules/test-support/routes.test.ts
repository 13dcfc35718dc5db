import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, useTestApp } from '../../../tests/support/test-app.ts';
import { createUser, uniqueEmail } from '../../../tests/factories/user.ts';

const ctx = useTestApp();

describe('test-support routes', () => {
  it('make an account staff by its e-mail in the body, and refuse bad input or an unknown e-mail', async () => {
    const { email, id } = (await createUser(ctx.app)).user;
    const post = (payload: unknown) =>
      ctx.app.inject({ method: 'POST', url: '/api/test/staff-role', payload: payload as object });
    expect((await post({ email: email.toUpperCase(), role: 'catalogue_editor' })).statusCode).toBe(
      204,
    );
    const [row] = await ctx.app.db.select({ role: users.role }).from(users).where(eq(users.id, id));
    expect(row?.role).toBe('catalogue_editor');
    expect((await post({ email: uniqueEmail('nobody') })).statusCode).toBe(404);
    expect((await post({ email, role: 'owner' })).statusCode).toBe(400);
    expect((await post(['x'])).statusCode).toBe(400);
  });

  it('do not exist outside the test environment', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      expect(dev.app.routeList.filter((r) => r.url.startsWith('/api/test/'))).toEqual([]);
      const res = await dev.app.inject({
        method: 'POST',
        url: '/api/test/staff-role',
        payload: { email: 'a@b.co' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await dev.close();
    }
  });
});

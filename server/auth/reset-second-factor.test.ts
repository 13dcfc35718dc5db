import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/test-app.ts';
import { cookieFrom, createUser, currentCodeOf, enrollTotp } from '../../tests/factories/user.ts';
import { authGet, authPost } from '../../tests/factories/user-requests.ts';
import { sessions, verifications } from '../db/schema/auth.ts';

/*
 * ASVS 5.0 6.4.3: resetting a forgotten password does not go round two-step verification: the new
 * password is the first step, the code still comes next.
 */
const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

/** The token of the reset the person asked for, as the e-mailed link carries it. */
async function resetToken(userId: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const [row] = await ctx.app.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(
        and(eq(verifications.value, userId), like(verifications.identifier, 'reset-password:%')),
      );
    if (row) return row.identifier.slice('reset-password:'.length);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no reset token was stored');
}

describe('a password reset with two-step verification on', () => {
  it('sets the new password but opens no session until the code', async () => {
    const person = await createUser(ctx.app);
    await enrollTotp(ctx.app, person.user.email, person.password, person.cookie);
    await ctx.app.db.delete(sessions).where(eq(sessions.userId, person.user.id));

    const asked = await authPost(ctx.app, '/request-password-reset', { email: person.user.email });
    expect(asked.statusCode).toBe(200);
    const token = await resetToken(person.user.id);
    const res = await authPost(ctx.app, '/reset-password', {
      token,
      newPassword: 'a fresh password 7',
      confirmPassword: 'a fresh password 7',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieFrom(res.headers['set-cookie'] as string[]);
    expect((await authGet(ctx.app, '/get-session', { cookie: pending })).json()).toBeNull();
    expect(
      await ctx.app.db.select().from(sessions).where(eq(sessions.userId, person.user.id)),
    ).toEqual([]);

    const step = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: currentCodeOf(person.user.email) },
      { cookie: pending },
    );
    expect(step.statusCode, step.body).toBe(200);
    const signedIn = cookieFrom(step.headers['set-cookie'] as string[]);
    expect((await authGet(ctx.app, '/get-session', { cookie: signedIn })).json()).toMatchObject({
      user: { email: person.user.email },
    });
  });
});

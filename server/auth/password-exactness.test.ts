import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/test-app.ts';
import { uniqueEmail } from '../../tests/factories/user.ts';
import { authPost } from '../../tests/factories/user-requests.ts';
import { accounts, users } from '../db/schema/auth.ts';

/*
 * ASVS 5.0 6.2.8, 6.2.9 and 6.2.10: long passwords of any characters are kept whole and checked
 * exactly as typed, and nothing makes a password expire.
 */
const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

/** Registers through the route the register page uses, then confirms the address. */
async function registered(password: string) {
  const email = uniqueEmail();
  const res = await authPost(ctx.app, '/sign-up/email', {
    email,
    password,
    confirmPassword: password,
  });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.app.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  return email;
}

const signIn = (email: string, password: string) =>
  authPost(ctx.app, '/sign-in/email', { email, password });

describe('passwords are checked exactly as typed', () => {
  it('a 128-character password of spaces, accents and other scripts signs in whole; a shortened, trimmed or case-changed one does not', async () => {
    const base = ' Mot de passe très long, 很长的密码, كلمة مرور طويلة 🔑 ';
    const password = base.repeat(4).slice(0, 128);
    expect(password.length).toBe(128);
    const email = await registered(password);

    expect((await signIn(email, password)).statusCode).toBe(200);
    for (const [what, wrong] of [
      ['its first 64 characters', password.slice(0, 64)],
      ['one character short', password.slice(0, 127)],
      ['trimmed', password.trim()],
      ['in capitals', password.toUpperCase()],
      ['in small letters', password.toLowerCase()],
    ] as const) {
      expect(wrong).not.toBe(password);
      expect((await signIn(email, wrong)).statusCode, what).toBe(401);
    }
  });

  it('a password set years ago still signs in: nothing makes it expire', async () => {
    const email = await registered('an old but good one 42');
    const longAgo = new Date(Date.now() - 5 * 365 * 86_400_000);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    await ctx.app.db
      .update(users)
      .set({ createdAt: longAgo, updatedAt: longAgo })
      .where(eq(users.id, user!.id));
    await ctx.app.db
      .update(accounts)
      .set({ createdAt: longAgo, updatedAt: longAgo })
      .where(eq(accounts.userId, user!.id));
    const res = await signIn(email, 'an old but good one 42');
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('twoFactorRedirect');
  });
});

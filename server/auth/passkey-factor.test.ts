import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import { identityMessages } from '../../tests/account-words.ts';
import { sessions } from '../db/schema/auth.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import {
  createSoftwarePasskey,
  savePasskey,
  signInWithPasskey,
} from '../../tests/support/software-passkey.ts';
import { cookieFrom, createUser, currentCodeOf } from '../../tests/factories/user.ts';
import { mailTo, waitForMail } from '../../tests/factories/user-mail.ts';
import { apiError, authGet, authPost } from '../../tests/factories/user-requests.ts';

// Decision 0023: a user-verified passkey sign-in is both factors; a passkey is a staff member's
// second factor; a code step can be finished with a passkey. Real ceremonies with a software
// authenticator against @better-auth/passkey.
const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

const setCookies = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []].flat() as string[];
const hasSession = (res: { headers: Record<string, unknown> }) =>
  setCookies(res).some((c) => /^portal\.session_token=[^;]/.test(c));
const sessionCount = async (userId: string) =>
  (await ctx.app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const staffRoute = (cookie: string) => authGet(ctx.app, '/api/staff/applications', { cookie });
const sessionOf = async (cookie: string) =>
  (await authGet(ctx.app, '/get-session', { cookie })).json() as {
    user: { email: string; secondFactor: boolean };
  } | null;

/** A user with a passkey saved, and no session left behind. */
async function withPasskey(overrides: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(ctx.app, overrides);
  const passkey = createSoftwarePasskey();
  await savePasskey(ctx.app, created.user.id, passkey);
  await ctx.app.db.delete(sessions).where(eq(sessions.userId, created.user.id));
  return { ...created, passkey };
}

async function emailCode(email: string): Promise<string> {
  const before = (await mailTo(ctx.app, email)).length;
  expect((await authPost(ctx.app, '/sign-in/magic-link', { email })).statusCode).toBe(200);
  const deadline = Date.now() + 5000;
  while ((await mailTo(ctx.app, email)).length === before && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 25));
  const mail = await waitForMail(ctx.app, email, /sign-in code/i);
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

describe('a passkey sign-in is both factors (user-verified)', () => {
  it('an account with an authenticator app signs in with its passkey alone: no code step', async () => {
    const { user, passkey } = await withPasskey({ secondFactor: true });
    const res = await signInWithPasskey(ctx.app, passkey);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('twoFactorRedirect');
    expect(JSON.stringify(res.json())).not.toContain('token');
    expect(hasSession(res)).toBe(true);
    expect((await sessionOf(cookieFrom(setCookies(res))))?.user.email).toBe(user.email);
  });

  it('a passkey that did not verify the person (no PIN, fingerprint or face) signs no one in', async () => {
    const { user, passkey } = await withPasskey({ secondFactor: true });
    const res = await signInWithPasskey(ctx.app, passkey, { userVerified: false });
    expect(res.statusCode).toBe(400);
    expect(apiError(res)).toMatchObject({
      code: 'PASSKEY_NOT_USER_VERIFIED',
      message: identityMessages.passkeyNotVerified,
    });
    expect(hasSession(res)).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('the code step after a password can be finished with the passkey instead; the pending step ends', async () => {
    const { user, password, passkey } = await withPasskey({ secondFactor: true });
    const first = await authPost(ctx.app, '/sign-in/email', { email: user.email, password });
    expect(first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const pending = cookieFrom(setCookies(first));
    expect(pending).toMatch(/two_factor=/);

    const res = await signInWithPasskey(ctx.app, passkey, { cookie: pending });
    expect(res.statusCode, res.body).toBe(200);
    expect(hasSession(res)).toBe(true);
    expect(
      setCookies(res).some(
        (c) => /^portal\.two_factor=;/.test(c) || /^portal\.two_factor=.*Max-Age=0/.test(c),
      ),
    ).toBe(true);
    expect(await sessionCount(user.id)).toBe(1);
    // The abandoned code step cannot be used afterwards.
    const late = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: currentCodeOf(user.email) },
      { cookie: pending },
    );
    expect(late.statusCode).toBe(401);
    expect(hasSession(late)).toBe(false);
  });
});

describe('a passkey is a staff member’s second factor', () => {
  it('staff with a passkey and no authenticator app open the console; with neither they are refused', async () => {
    const bare = await createUser(ctx.app, { role: 'consultant', secondFactor: false });
    const refused = await staffRoute(bare.cookie);
    expect(refused.statusCode).toBe(403);
    expect(apiError(refused)).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      message: authMessages.secondFactorRequired,
    });
    expect((await sessionOf(bare.cookie))?.user.secondFactor).toBe(false);

    const { passkey } = await withPasskey({ role: 'consultant', secondFactor: false });
    const res = await signInWithPasskey(ctx.app, passkey);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = cookieFrom(setCookies(res));
    expect((await staffRoute(cookie)).statusCode).toBe(200);
    expect((await sessionOf(cookie))?.user.secondFactor).toBe(true);
  });

  it('their password sign-in asks for the passkey (no session until then), which opens the console', async () => {
    const { user, password, passkey } = await withPasskey({
      role: 'consultant',
      secondFactor: false,
    });
    const first = await authPost(ctx.app, '/sign-in/email', { email: user.email, password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['passkey'] });
    expect(hasSession(first)).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);
    // A code is no way past this step: there is no authenticator app.
    const code = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: '123456' },
      { cookie: cookieFrom(setCookies(first)) },
    );
    expect(code.statusCode).toBeGreaterThanOrEqual(400);
    expect(code.statusCode).toBeLessThan(500);
    expect(hasSession(code)).toBe(false);

    const res = await signInWithPasskey(ctx.app, passkey, {
      cookie: cookieFrom(setCookies(first)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await staffRoute(cookieFrom(setCookies(res)))).statusCode).toBe(200);
  });

  it('their e-mail code sign-in asks for the passkey too', async () => {
    const { user } = await withPasskey({ role: 'consultant', secondFactor: false });
    const res = await authPost(ctx.app, '/sign-in/email-otp', {
      email: user.email,
      code: await emailCode(user.email),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['passkey'] });
    expect(hasSession(res)).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('a sign-in link opened in the browser goes to the passkey step, without a session', async () => {
    const { user } = await withPasskey({ role: 'consultant', secondFactor: false });
    await emailCode(user.email);
    const mail = await waitForMail(ctx.app, user.email, /sign-in code/i);
    const link = mail.text
      .split(/\s+/)
      .find((word) => word.startsWith(`${ctx.config.publicUrl}/login/link#token=`))!;
    const token = decodeURIComponent(new URL(link).hash.slice('#token='.length));
    const url = `${ctx.config.publicUrl}/api/auth/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=%2Fstaff`;
    const res = await ctx.app.auth.handler(new Request(url, { headers: { accept: 'text/html' } }));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?step=passkey');
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('an applicant’s passkey is another way in, not a second step: the password alone still signs in', async () => {
    const { user, password } = await withPasskey();
    const res = await authPost(ctx.app, '/sign-in/email', { email: user.email, password });
    expect(res.statusCode).toBe(200);
    expect(hasSession(res)).toBe(true);
  });
});

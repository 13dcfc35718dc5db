import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import { sessions, twoFactors, users } from '../db/schema/auth.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { cookieFrom, createUser, currentCodeOf, enrollTotp } from '../../tests/factories/user.ts';
import { mailTo, waitForMail } from '../../tests/factories/user-mail.ts';
import { apiError, authGet, authPost } from '../../tests/factories/user-requests.ts';
import { requireUser } from './index.ts';

const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

beforeAll(() => {
  ctx.app.get('/api/test/me', { preHandler: requireUser }, async (req) => req.user);
});

const setCookies = (res: { headers: Record<string, unknown> }) =>
  (res.headers['set-cookie'] ?? []) as string[];
const hasSession = (res: { headers: Record<string, unknown> }) =>
  setCookies(res).some((c) => /^portal\.session_token=[^;]/.test(c));
const me = (cookie: string) => authGet(ctx.app, '/api/test/me', { cookie });
const sessionCount = async (userId: string) =>
  (await ctx.app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

/** An applicant, optionally with an authenticator app set up; no session left behind. */
async function person(withTotp: boolean) {
  const created = await createUser(ctx.app, { secondFactor: withTotp });
  await ctx.app.db.delete(sessions).where(eq(sessions.userId, created.user.id));
  return created;
}

/** "Email me a sign-in code": the e-mail with the 6-digit code and the link (token in the fragment). */
async function requestCode(email: string) {
  const before = (await mailTo(ctx.app, email)).length;
  const res = await authPost(ctx.app, '/sign-in/magic-link', { email });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: true });
  const deadline = Date.now() + 5000;
  while ((await mailTo(ctx.app, email)).length === before && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 25));
  const mail = await waitForMail(ctx.app, email, /sign-in code/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const link = mail.text
    .split(/\s+/)
    .find((word) => word.startsWith(`${ctx.config.publicUrl}/login/link#token=`));
  expect(code).toBeDefined();
  expect(link).toBeDefined();
  return { code: code!, token: decodeURIComponent(new URL(link!).hash.slice('#token='.length)) };
}

type SignInPath = {
  name: string;
  start: (email: string, password: string) => Promise<Awaited<ReturnType<typeof authPost>>>;
};

const paths: SignInPath[] = [
  {
    name: 'password',
    start: (email, password) => authPost(ctx.app, '/sign-in/email', { email, password }),
  },
  {
    name: 'e-mail code',
    start: async (email) =>
      authPost(ctx.app, '/sign-in/email-otp', { email, code: (await requestCode(email)).code }),
  },
  {
    name: 'magic link',
    start: async (email) =>
      authPost(ctx.app, '/magic-link/verify', { token: (await requestCode(email)).token }),
  },
];

describe.each(paths)('sign-in by $name', ({ start }) => {
  it('without a second factor: a full session at once', async () => {
    const { user, password } = await person(false);
    const res = await start(user.email, password);
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toContain('token');
    expect(hasSession(res)).toBe(true);
    expect((await me(cookieFrom(setCookies(res)))).json()).toMatchObject({ email: user.email });
  });

  it('with an authenticator app: no session until the code, then a full one', async () => {
    const { user, password } = await person(true);
    const res = await start(user.email, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(hasSession(res)).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);

    const pending = cookieFrom(setCookies(res));
    expect((await me(pending)).statusCode).toBe(401);
    const step = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: currentCodeOf(user.email) },
      { cookie: pending },
    );
    expect(step.statusCode).toBe(200);
    expect(JSON.stringify(step.json())).not.toContain('token');
    expect(hasSession(step)).toBe(true);
    expect((await me(cookieFrom(setCookies(step)))).json()).toMatchObject({
      email: user.email,
      twoFactorEnabled: true,
    });
  });
});

describe('the second step', () => {
  it('a wrong code is refused in plain words and the challenge dies after 5 tries', async () => {
    const { user, password } = await person(true);
    const res = await authPost(ctx.app, '/sign-in/email', { email: user.email, password });
    const pending = cookieFrom(setCookies(res));
    const wrong = currentCodeOf(user.email) === '000000' ? '111111' : '000000';
    const first = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: wrong },
      { cookie: pending },
    );
    expect(first.statusCode).toBe(400);
    expect(apiError(first)).toMatchObject({
      code: 'INVALID_CODE',
      message: authMessages.codeWrong,
    });
    for (let i = 0; i < 4; i++)
      await authPost(ctx.app, '/two-factor/verify-totp', { code: wrong }, { cookie: pending });
    const sixth = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: currentCodeOf(user.email) },
      { cookie: pending },
    );
    expect(apiError(sixth).message).toBe(authMessages.codeTooManyTries);
    expect(hasSession(sixth)).toBe(false);
  });

  it('ten wrong codes lock the factor: even the right code is refused for a while', async () => {
    const { user, password } = await person(true);
    const wrong = () => (currentCodeOf(user.email) === '000000' ? '111111' : '000000');
    for (let round = 0; round < 2; round++) {
      const pending = cookieFrom(
        setCookies(await authPost(ctx.app, '/sign-in/email', { email: user.email, password })),
      );
      for (let i = 0; i < 5; i++)
        await authPost(ctx.app, '/two-factor/verify-totp', { code: wrong() }, { cookie: pending });
    }
    const [row] = await ctx.app.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
    const pending = cookieFrom(
      setCookies(await authPost(ctx.app, '/sign-in/email', { email: user.email, password })),
    );
    const locked = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: currentCodeOf(user.email) },
      { cookie: pending },
    );
    expect(locked.statusCode).toBe(429);
    expect(apiError(locked)).toMatchObject({
      code: 'ACCOUNT_TEMPORARILY_LOCKED',
      message: authMessages.factorLocked,
    });
    expect(hasSession(locked)).toBe(false);
  });

  it('a backup code works once', async () => {
    const created = await createUser(ctx.app);
    const { backupCodes } = await enrollTotp(
      ctx.app,
      created.user.email,
      created.password,
      created.cookie,
    );
    expect(backupCodes).toHaveLength(10);
    const code = backupCodes[0]!;
    const signIn = () =>
      authPost(ctx.app, '/sign-in/email', {
        email: created.user.email,
        password: created.password,
      });

    const first = await authPost(
      ctx.app,
      '/two-factor/verify-backup-code',
      { code },
      { cookie: cookieFrom(setCookies(await signIn())) },
    );
    expect(first.statusCode).toBe(200);
    expect(hasSession(first)).toBe(true);

    const again = await authPost(
      ctx.app,
      '/two-factor/verify-backup-code',
      { code },
      { cookie: cookieFrom(setCookies(await signIn())) },
    );
    expect(again.statusCode).toBe(400);
    expect(apiError(again)).toMatchObject({
      code: 'INVALID_BACKUP_CODE',
      message: authMessages.backupCodeWrong,
    });
    expect(hasSession(again)).toBe(false);
  });

  it('"Trust this device for 30 days": the next sign-in on that browser skips the code, on every path', async () => {
    const { user, password } = await person(true);
    const pending = cookieFrom(
      setCookies(await authPost(ctx.app, '/sign-in/email', { email: user.email, password })),
    );
    const step = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: currentCodeOf(user.email), trustDevice: true },
      { cookie: pending },
    );
    const trust = setCookies(step).find((c) => c.startsWith('portal.trust_device='));
    expect(trust).toMatch(/Max-Age=2592000/);
    const trusted = cookieFrom([trust!]);

    const again = await authPost(
      ctx.app,
      '/sign-in/email-otp',
      { email: user.email, code: (await requestCode(user.email)).code },
      { cookie: trusted },
    );
    expect(again.statusCode).toBe(200);
    expect(hasSession(again)).toBe(true);
    // Another browser (no trust cookie) is still asked.
    const elsewhere = await authPost(ctx.app, '/sign-in/email', { email: user.email, password });
    expect(elsewhere.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  });

  it('renewing a full session (password change) does not ask for the factor again', async () => {
    const created = await createUser(ctx.app, { secondFactor: true });
    const res = await authPost(
      ctx.app,
      '/change-password',
      {
        currentPassword: created.password,
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      },
      { cookie: created.cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(hasSession(res)).toBe(true);
    expect((await me(cookieFrom(setCookies(res)))).statusCode).toBe(200);
  });

  it('staff without a second factor are refused by staff routes with a plain message', async () => {
    const staff = await createUser(ctx.app, { role: 'consultant', secondFactor: false });
    const res = await authGet(ctx.app, '/api/staff/applications', { cookie: staff.cookie });
    expect(res.statusCode).toBe(403);
    expect(apiError(res)).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      message: authMessages.secondFactorRequired,
    });
    await ctx.app.db
      .update(users)
      .set({ twoFactorEnabled: false })
      .where(eq(users.id, staff.user.id));
    const enrolled = await enrollTotp(ctx.app, staff.user.email, staff.password, staff.cookie);
    expect(
      (await authGet(ctx.app, '/api/staff/applications', { cookie: enrolled.cookie })).statusCode,
    ).toBe(200);
  });
});

describe('the gate on a sign-in that a browser navigates to (link, OAuth callback)', () => {
  it('sends an enrolled user to the code page without a session; others straight on', async () => {
    for (const withTotp of [true, false]) {
      const { user } = await person(withTotp);
      const { token } = await requestCode(user.email);
      const url = `${ctx.config.publicUrl}/api/auth/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=%2Fdashboard`;
      const res = await ctx.app.auth.handler(
        new Request(url, { headers: { accept: 'text/html' } }),
      );
      expect(res.status).toBe(302);
      const started = res.headers.getSetCookie().some((c) => /^portal\.session_token=[^;]/.test(c));
      if (withTotp) {
        expect(res.headers.get('location')).toBe('/login?step=code');
        expect(started).toBe(false);
        expect(await sessionCount(user.id)).toBe(0);
      } else {
        expect(res.headers.get('location')).toBe(`${ctx.config.publicUrl}/dashboard`);
        expect(started).toBe(true);
      }
    }
  });

  it('the portal itself never takes a sign-in link by GET (its token would sit in a URL)', async () => {
    const { user } = await person(false);
    const { token } = await requestCode(user.email);
    const res = await authGet(ctx.app, `/magic-link/verify?token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(404);
  });
});

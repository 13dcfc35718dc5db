import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import { sessions, users } from '../db/schema/auth.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { cookieFrom, createUser, uniqueEmail } from '../../tests/factories/user.ts';
import { confirmByLink, linkIn, waitForMail } from '../../tests/factories/user-mail.ts';
import { apiError, authGet, authPost } from '../../tests/factories/user-requests.ts';
import { onUserSignedIn, requireRole, requireUser, type SessionUser } from './index.ts';

const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });
const signedIn: SessionUser[] = [];

beforeAll(() => {
  ctx.app.get('/api/test/me', { preHandler: requireUser }, async (req) => req.user);
  ctx.app.get(
    '/api/test/staff',
    { preHandler: requireRole('consultant', 'admin') },
    async (req) => req.user,
  );
  onUserSignedIn(ctx.app, (user) => {
    signedIn.push(user);
  });
  onUserSignedIn(ctx.app, () => {
    throw new Error('a broken listener does not stop the sign-in');
  });
});

const signIn = (email: string, password: string, rememberMe?: boolean) =>
  authPost(
    ctx.app,
    '/sign-in/email',
    rememberMe === undefined ? { email, password } : { email, password, rememberMe },
  );
const me = (cookie?: string) => authGet(ctx.app, '/api/test/me', { cookie });

async function registerUnconfirmed(password = 'sesame-71') {
  const email = uniqueEmail();
  await authPost(ctx.app, '/sign-up/email', { email, password, confirmPassword: password });
  const mail = await waitForMail(ctx.app, email, /confirm/i);
  return {
    email,
    password,
    link: linkIn(mail, ctx.config.publicUrl),
  };
}

describe('e-mail confirmation and sign-in', () => {
  it('refuses to sign in before the address is confirmed, with the not-confirmed message', async () => {
    const { email, password } = await registerUnconfirmed();
    const res = await signIn(email, password);
    expect(res.statusCode).toBe(403);
    expect(apiError(res)).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: authMessages.notConfirmed,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('confirms the address from the link (its token posted once), then signs in and runs the sign-in listeners', async () => {
    const { email, password, link } = await registerUnconfirmed();
    const confirm = await confirmByLink(ctx.app, link);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ confirmed: true, kind: 'sign-up' });
    expect(confirm.headers['cache-control']).toBe('no-store');
    expect(confirm.headers['set-cookie']).toBeUndefined();
    expect(
      (await ctx.app.db.select().from(users).where(eq(users.email, email)))[0]!.emailVerified,
    ).toBe(true);

    const res = await signIn(email, password);
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toContain('token');
    expect(signedIn.at(-1)).toMatchObject({ email, emailVerified: true, role: 'applicant' });
    const cookie = cookieFrom(res.headers['set-cookie'] as string[]);
    expect((await me(cookie)).json()).toMatchObject({ email, role: 'applicant' });
  });

  it('refuses a forged, a reused or an empty confirmation token with the link-expired message', async () => {
    const { email, link } = await registerUnconfirmed();
    const forged = await confirmByLink(ctx.app, link.replace(/token=.*/, 'token=abc.def.ghi'));
    expect(forged.statusCode).toBe(400);
    expect(apiError(forged)).toMatchObject({
      code: 'CONFIRM_LINK_INVALID',
      message: authMessages.confirmLinkInvalid,
    });
    expect(
      (await ctx.app.db.select().from(users).where(eq(users.email, email)))[0]!.emailVerified,
    ).toBe(false);
    expect((await confirmByLink(ctx.app, link)).statusCode).toBe(200);
    const reused = await confirmByLink(ctx.app, link);
    expect(reused.statusCode).toBe(400);
    expect(apiError(reused).code).toBe('CONFIRM_LINK_INVALID');
    for (const payload of [{}, { token: '' }, { token: 'x'.repeat(600) }, { token: ['a'] }]) {
      const res = await authPost(ctx.app, '/confirm-email', payload);
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers an old-format link (a token in the query) with the page that asks for a new one, and confirms nothing', async () => {
    const { email } = await registerUnconfirmed();
    const res = await authGet(ctx.app, '/verify-email?token=abc.def.ghi&callbackURL=%2Flogin');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/confirm-email');
    expect(
      (await ctx.app.db.select().from(users).where(eq(users.email, email)))[0]!.emailVerified,
    ).toBe(false);
  });

  it('answers a wrong password and an unknown address alike, with the invalid-credentials message', async () => {
    const { user } = await createUser(ctx.app);
    for (const res of [
      await signIn(user.email, 'wrong-password'),
      await signIn(uniqueEmail(), 'whatever1'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(apiError(res)).toMatchObject({
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: authMessages.invalidCredentials,
      });
    }
  });

  it.each([
    ['no e-mail', { password: 'sesame-71' }, 'email', authMessages.credentialsRequired],
    ['no password', { email: 'a@example.test' }, 'password', authMessages.credentialsRequired],
    ['a bad e-mail', { email: 'a@', password: 'sesame-71' }, 'email', authMessages.emailInvalid],
    [
      'a 129-character password',
      { email: 'a@example.test', password: 'p'.repeat(129) },
      'password',
      authMessages.invalidCredentials,
    ],
    [
      'rememberMe that is not a boolean',
      { email: 'a@example.test', password: 'sesame-71', rememberMe: 'yes' },
      'rememberMe',
      'Remember me must be true or false',
    ],
  ])('refuses %s with 400 naming the field', async (_case, payload, field, message) => {
    const res = await authPost(ctx.app, '/sign-in/email', payload);
    expect(res.statusCode).toBe(400);
    expect(apiError(res).fields?.[field]).toBe(message);
  });

  it('sets an HttpOnly SameSite=Lax cookie that dies with the browser unless "remember me" is ticked', async () => {
    const { user, password } = await createUser(ctx.app);
    const session = (await signIn(user.email, password, false)).headers['set-cookie'] as string[];
    const token = session.find((c) => c.startsWith('portal.session_token='))!;
    expect(token).toMatch(/HttpOnly/);
    expect(token).toMatch(/SameSite=Lax/);
    expect(token).not.toMatch(/Secure/);
    expect(token).not.toMatch(/Max-Age|Expires/i);

    const remembered = (await signIn(user.email, password, true)).headers['set-cookie'] as string[];
    expect(remembered.find((c) => c.startsWith('portal.session_token='))).toMatch(/Max-Age=\d{6,}/);
  });
});

describe('sessions', () => {
  it('answers 401 UNAUTHENTICATED without a session and 403 FORBIDDEN without the role', async () => {
    const none = await me();
    expect(none.statusCode).toBe(401);
    expect(apiError(none).code).toBe('UNAUTHENTICATED');
    const garbage = await me('portal.session_token=forged.value');
    expect(garbage.statusCode).toBe(401);

    const applicant = await createUser(ctx.app);
    const staff = await authGet(ctx.app, '/api/test/staff', { cookie: applicant.cookie });
    expect(staff.statusCode).toBe(403);
    expect(apiError(staff).code).toBe('FORBIDDEN');
    const consultant = await createUser(ctx.app, { role: 'consultant' });
    expect(
      (await authGet(ctx.app, '/api/test/staff', { cookie: consultant.cookie })).json(),
    ).toMatchObject({ role: 'consultant' });
  });

  it('reports the session without its token', async () => {
    const { user, cookie } = await createUser(ctx.app);
    const res = await authGet(ctx.app, '/get-session', { cookie });
    expect(res.json()).toMatchObject({ user: { email: user.email, role: 'applicant' } });
    expect(res.body).not.toContain(cookie.split('=')[1]!.split('.')[0]!);
    expect((await authGet(ctx.app, '/get-session')).json()).toBeNull();
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const { cookie } = await createUser(ctx.app);
    const out = await authPost(ctx.app, '/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(
      (out.headers['set-cookie'] as string[]).some((c) => /portal\.session_token=;/.test(c)),
    ).toBe(true);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('signs out everywhere: every session of the user ends, other users keep theirs', async () => {
    const { user, password, cookie: phone } = await createUser(ctx.app);
    const laptop = cookieFrom(
      (await signIn(user.email, password, true)).headers['set-cookie'] as string[],
    );
    const other = await createUser(ctx.app);
    const res = await authPost(ctx.app, '/revoke-sessions', {}, { cookie: laptop });
    expect(res.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      [],
    );
    expect((await me(other.cookie)).statusCode).toBe(200);
  });

  it('refuses a sign-out without a same-origin Origin (CSRF)', async () => {
    const { cookie } = await createUser(ctx.app);
    const foreign = await authPost(
      ctx.app,
      '/sign-out',
      {},
      { cookie, headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.statusCode).toBe(403);
    expect(apiError(foreign).code).toBe('FORBIDDEN_ORIGIN');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
      payload: {},
    });
    expect(missing.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

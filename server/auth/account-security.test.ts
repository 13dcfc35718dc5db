import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import { sessions, twoFactors, users } from '../db/schema/auth.ts';
import { auditLog } from '../db/schema/index.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { createStaff } from '../../tests/factories/staff.ts';
import { cookieFrom, createUser, currentCodeOf, signInAs } from '../../tests/factories/user.ts';
import { confirmByLink, linkIn, mailTo, waitForMail } from '../../tests/factories/user-mail.ts';
import { apiError, authGet, authPost } from '../../tests/factories/user-requests.ts';

const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

const post = (url: string, cookie: string, payload: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: ctx.config.publicUrl, cookie },
    payload,
  });
const get = (url: string, cookie: string) => authGet(ctx.app, url, { cookie });

describe('sessions on /account (item 6)', () => {
  it('lists every device with browser, created, last active and "this device"; ends another one', async () => {
    const { user, password, cookie } = await createUser(ctx.app);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: {
        origin: ctx.config.publicUrl,
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
      },
      payload: { email: user.email, password },
    });
    const otherCookie = cookieFrom(other.headers['set-cookie'] as string[]);
    const res = await get('/api/me/sessions', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const list = res.json().sessions as {
      id: string;
      browser: string;
      thisDevice: boolean;
      createdAt: string;
      lastActiveAt: string;
    }[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.thisDevice)).toHaveLength(1);
    const phone = list.find((s) => !s.thisDevice)!;
    expect(phone.browser).toBe('Safari on iPhone');
    expect(JSON.stringify(list)).not.toContain('token');

    expect((await post('/api/me/sessions/end', cookie, { id: phone.id })).statusCode).toBe(200);
    expect((await get('/api/me/sessions', otherCookie)).statusCode).toBe(401);
    // Someone else's session id is not found, whatever it is.
    const stranger = await createUser(ctx.app);
    const [theirs] = await ctx.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, stranger.user.id));
    const refused = await post('/api/me/sessions/end', cookie, { id: theirs!.id });
    expect(refused.statusCode).toBe(404);
    expect(
      await ctx.app.db.select().from(sessions).where(eq(sessions.id, theirs!.id)),
    ).toHaveLength(1);
    expect((await post('/api/me/sessions/end', cookie, { id: 'not-an-id' })).statusCode).toBe(400);
  });

  it("an admin ends a staff member's sessions from the team page, audited", async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const consultant = await createStaff(ctx.app, 'consultant');
    const res = await post(`/api/staff/team/${consultant.user.id}/end-sessions`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect((await get('/api/staff/applications', consultant.cookie)).statusCode).toBe(401);
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, consultant.user.id));
    expect(entry).toMatchObject({ action: 'staff.sessions_ended', actorId: admin.user.id });
    // A consultant cannot.
    expect(
      (
        await post(
          `/api/staff/team/${admin.user.id}/end-sessions`,
          (await createStaff(ctx.app)).cookie,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('re-authentication (item 7) and turning two-step verification off', () => {
  it('turning it off needs the password or a code within the last 5 minutes', async () => {
    const { user, password, cookie } = await createUser(ctx.app, { secondFactor: true });
    const first = await post('/api/me/two-factor/disable', cookie);
    expect(first.statusCode).toBe(403);
    expect(apiError(first)).toMatchObject({
      code: 'REAUTH_REQUIRED',
      message: authMessages.reauthRequired,
    });

    const wrong = await post('/api/me/reauth', cookie, { password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(apiError(wrong).fields).toEqual({ password: authMessages.passwordWrong });
    const wrongCode = await post('/api/me/reauth', cookie, {
      code: currentCodeOf(user.email) === '000000' ? '111111' : '000000',
    });
    expect(apiError(wrongCode).fields).toEqual({ code: authMessages.codeWrong });
    expect((await post('/api/me/reauth', cookie, {})).statusCode).toBe(400);

    expect(
      (await post('/api/me/reauth', cookie, { code: currentCodeOf(user.email) })).statusCode,
    ).toBe(200);
    const off = await post('/api/me/two-factor/disable', cookie);
    expect(off.statusCode).toBe(200);
    expect(
      (await ctx.app.db.select().from(users).where(eq(users.id, user.id)))[0]!.twoFactorEnabled,
    ).toBe(false);
    expect(
      await ctx.app.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id)),
    ).toEqual([]);
    // Signing in now needs only the password.
    const again = await authPost(ctx.app, '/sign-in/email', { email: user.email, password });
    expect(again.json()).not.toHaveProperty('twoFactorRedirect');

    // The proof is for 5 minutes of this session only.
    const otherCookie = await signInAs(ctx.app, user.email, password);
    expect((await post('/api/me/two-factor/disable', otherCookie)).statusCode).toBe(403);
  });

  it('too many wrong tries wait, in plain words', async () => {
    const { cookie } = await createUser(ctx.app);
    for (let i = 0; i < 5; i++) await post('/api/me/reauth', cookie, { password: `wrong-${i}` });
    const res = await post('/api/me/reauth', cookie, { password: 'wrong again' });
    expect(res.statusCode).toBe(429);
    expect(apiError(res).message).toBe(authMessages.reauthTooManyTries);
  });
});

describe('change e-mail (item 8)', () => {
  it('asks who you are, confirms on the new address, tells the old one, and changes only after the link', async () => {
    const { user, password, cookie } = await createUser(ctx.app);
    const newEmail = `moved-${user.email}`;
    const before = await authPost(ctx.app, '/change-email', { newEmail }, { cookie });
    expect(before.statusCode).toBe(403);
    expect(apiError(before).code).toBe('REAUTH_REQUIRED');

    expect((await post('/api/me/reauth', cookie, { password })).statusCode).toBe(200);
    const res = await authPost(ctx.app, '/change-email', { newEmail }, { cookie });
    expect(res.statusCode).toBe(200);
    const confirm = await waitForMail(ctx.app, newEmail, /Confirm your new e-mail address/);
    const notice = await waitForMail(ctx.app, user.email, /e-mail address is changing/);
    expect(notice.text).toContain('moved-');
    expect((await ctx.app.db.select().from(users).where(eq(users.id, user.id)))[0]!.email).toBe(
      user.email,
    );

    const link = linkIn(confirm, `${ctx.config.publicUrl}/confirm-email#token=`);
    // Decision 0032: no address (old or new) in the link, and its token only in the fragment.
    expect(link).not.toContain('moved-');
    expect(link).not.toContain(encodeURIComponent(newEmail));
    const opened = await confirmByLink(ctx.app, link, cookie);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ confirmed: true, kind: 'change' });
    expect((await ctx.app.db.select().from(users).where(eq(users.id, user.id)))[0]!.email).toBe(
      newEmail,
    );
    expect(await mailTo(ctx.app, newEmail)).toHaveLength(1);
  });

  it('refuses a malformed address with a field message', async () => {
    const { cookie } = await createUser(ctx.app);
    const res = await authPost(
      ctx.app,
      '/change-email',
      { newEmail: 'not an address' },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(apiError(res).fields).toEqual({ newEmail: 'Please enter a valid email address.' });
  });
});

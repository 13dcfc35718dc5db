import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import { users, verifications } from '../db/schema/auth.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { cookieFrom, createUser, uniqueEmail } from '../../tests/factories/user.ts';
import { linkIn, mailTo, tokenOfLink, waitForMail } from '../../tests/factories/user-mail.ts';
import { apiError, authGet, authPost } from '../../tests/factories/user-requests.ts';
import { onUserSignedIn } from './index.ts';

const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

const forgot = (email: unknown) => authPost(ctx.app, '/request-password-reset', { email });
const reset = (token: string, newPassword: string, confirmPassword = newPassword) =>
  authPost(ctx.app, '/reset-password', { token, newPassword, confirmPassword });
const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1]!;
const me = (cookie: string) => authGet(ctx.app, '/get-session', { cookie });

async function resetTokenFor(email: string) {
  expect((await forgot(email)).statusCode).toBe(200);
  const mail = await waitForMail(ctx.app, email, /reset/i);
  const link = new URL(linkIn(mail, ctx.config.publicUrl));
  expect(link.pathname).toBe('/reset-password');
  // Decision 0032: the secret in the fragment, which no request line carries.
  expect(link.search).toBe('');
  return tokenOfLink(link.href);
}

describe('password reset', () => {
  it('gives the same answer for an unknown address and sends nothing', async () => {
    const { user } = await createUser(ctx.app);
    const known = await forgot(user.email);
    const unknownEmail = uniqueEmail();
    const unknown = await forgot(unknownEmail);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await waitForMail(ctx.app, user.email, /reset/i);
    expect(await mailTo(ctx.app, unknownEmail)).toEqual([]);
  });

  it('mails a link to {PUBLIC_URL}/reset-password with HTML and text parts and the portal name', async () => {
    const { user } = await createUser(ctx.app);
    await resetTokenFor(user.email);
    const mail = await waitForMail(ctx.app, user.email, /reset/i);
    expect(mail.subject).toContain('UK Study Portal');
    expect(mail.html).toContain(`${ctx.config.publicUrl}/reset-password#token=`);
    expect(mail.text).toContain('UK Study Portal');
  });

  it.each([
    ['no e-mail', undefined, authMessages.resetEmailRequired],
    ['an empty e-mail', '', authMessages.resetEmailRequired],
    ['a bad e-mail', 'nope', authMessages.emailInvalid],
  ])('refuses a request with %s', async (_case, email, message) => {
    const res = await forgot(email);
    expect(res.statusCode).toBe(400);
    expect(apiError(res).fields?.email).toBe(message);
  });

  it('sets the new password, signs the user in, and ends the other sessions', async () => {
    const { user, password, cookie: oldSession } = await createUser(ctx.app);
    const token = await resetTokenFor(user.email);
    expect((await authPost(ctx.app, '/reset-password/status', { token })).json()).toEqual({
      valid: true,
    });

    const res = await reset(token, 'brand-new-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, signedIn: true });
    const cookie = cookieFrom(res.headers['set-cookie'] as string[]);
    expect((await me(cookie)).json()).toMatchObject({ user: { email: user.email } });
    expect((await me(oldSession)).json()).toBeNull();

    expect(
      (await authPost(ctx.app, '/sign-in/email', { email: user.email, password })).statusCode,
    ).toBe(401);
    expect(
      (await authPost(ctx.app, '/sign-in/email', { email: user.email, password: 'brand-new-1' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a replayed link, and the page can tell before the user types', async () => {
    const { user } = await createUser(ctx.app);
    const token = await resetTokenFor(user.email);
    expect((await reset(token, 'first-new-1')).statusCode).toBe(200);
    const replay = await reset(token, 'second-new-1');
    expect(replay.statusCode).toBe(400);
    expect(apiError(replay)).toMatchObject({
      code: 'RESET_LINK_INVALID',
      message: authMessages.resetLinkInvalid,
    });
    expect((await authPost(ctx.app, '/reset-password/status', { token })).json()).toEqual({
      valid: false,
    });
  });

  it('refuses an expired link', async () => {
    const { user } = await createUser(ctx.app);
    const token = await resetTokenFor(user.email);
    await ctx.app.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect((await authPost(ctx.app, '/reset-password/status', { token })).json()).toEqual({
      valid: false,
    });
    const res = await reset(token, 'brand-new-1');
    expect(res.statusCode).toBe(400);
    expect(apiError(res).code).toBe('RESET_LINK_INVALID');
  });

  it.each([
    ['a 5-character password', '12345', '12345', 'newPassword', authMessages.passwordTooShort],
    [
      'a 129-character password',
      'p'.repeat(129),
      'p'.repeat(129),
      'newPassword',
      authMessages.passwordTooLong,
    ],
    [
      'a wrong confirmation',
      'brand-new-1',
      'brand-new-2',
      'confirmPassword',
      authMessages.passwordsDoNotMatch,
    ],
  ])(
    'refuses %s and keeps the link usable',
    async (_case, newPassword, confirmPassword, field, message) => {
      const { user } = await createUser(ctx.app);
      const token = await resetTokenFor(user.email);
      const res = await reset(token, newPassword, confirmPassword);
      expect(res.statusCode).toBe(400);
      expect(apiError(res).fields?.[field]).toBe(message);
      expect((await authPost(ctx.app, '/reset-password/status', { token })).json()).toEqual({
        valid: true,
      });
    },
  );

  it('refuses a made-up token and a missing one', async () => {
    expect(apiError(await reset('made-up-token', 'brand-new-1')).code).toBe('RESET_LINK_INVALID');
    const missing = await authPost(ctx.app, '/reset-password', {
      newPassword: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    expect(missing.statusCode).toBe(400);
    expect(apiError(missing).fields?.token).toBe(authMessages.resetLinkInvalid);
  });

  it('answers an unknown address as fast as a known one', async () => {
    const { user } = await createUser(ctx.app);
    const time = async (email: string) => {
      const start = performance.now();
      await forgot(email);
      return performance.now() - start;
    };
    await time(uniqueEmail());
    // Interleaved, and the median of each: one slow moment on a busy machine decides nothing.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail()));
    }
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);
  });

  it('confirms an unconfirmed address, since the link reached its inbox, and runs the sign-in listeners', async () => {
    const seen: string[] = [];
    onUserSignedIn(ctx.app, (signedIn) => {
      seen.push(signedIn.email);
    });
    const { user } = await createUser(ctx.app, { verified: false });
    const token = await resetTokenFor(user.email);
    expect((await reset(token, 'brand-new-1')).json()).toEqual({ status: true, signedIn: true });
    expect(
      (await ctx.app.db.select().from(users).where(eq(users.id, user.id)))[0]!.emailVerified,
    ).toBe(true);
    expect(seen).toContain(user.email);
  });

  it('serves no token-in-path reset route (tokens would end up in logs)', async () => {
    const { user } = await createUser(ctx.app);
    const token = await resetTokenFor(user.email);
    const res = await authGet(ctx.app, `/reset-password/${token}?callbackURL=/reset-password`);
    expect(res.statusCode).toBe(404);
    expect(
      await ctx.app.db
        .select()
        .from(verifications)
        .where(like(verifications.identifier, `reset-password:${token}`)),
    ).toHaveLength(1);
  });
});

describe('resend confirmation', () => {
  it('sends a new link to an unconfirmed address and answers the same for confirmed and unknown ones', async () => {
    const unconfirmed = await createUser(ctx.app, { verified: false });
    const confirmed = await createUser(ctx.app);
    const unknown = uniqueEmail();
    const confirmedBefore = (await mailTo(ctx.app, confirmed.user.email)).length;
    const answers = [];
    for (const email of [unconfirmed.user.email, confirmed.user.email, unknown]) {
      const res = await authPost(ctx.app, '/send-verification-email', { email });
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![0]).toBe(200);
    await expect.poll(async () => (await mailTo(ctx.app, unconfirmed.user.email)).length).toBe(2);
    expect(await mailTo(ctx.app, confirmed.user.email)).toHaveLength(confirmedBefore);
    expect(await mailTo(ctx.app, unknown)).toEqual([]);
  });

  it('takes similar time for every address', async () => {
    const unconfirmed = await createUser(ctx.app, { verified: false });
    const time = async (email: string) => {
      const start = performance.now();
      await authPost(ctx.app, '/send-verification-email', { email });
      return performance.now() - start;
    };
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 3; i++) {
      a.push(await time(unconfirmed.user.email));
      b.push(await time(uniqueEmail()));
    }
    expect(Math.abs(median(a) - median(b))).toBeLessThan(200);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, users } from '../db/schema/auth.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { cookieFrom, createUser, currentCodeOf, uniqueEmail } from '../../tests/factories/user.ts';
import {
  confirmByLink,
  linkIn,
  mailTo,
  tokenOfLink,
  waitForMail,
} from '../../tests/factories/user-mail.ts';
import { apiError, authGet, authPost } from '../../tests/factories/user-requests.ts';
import { noWaysIn, plantWaysIn, waysInLeft } from '../../tests/factories/ways-in.ts';
import { signInWithPasskey } from '../../tests/support/software-passkey.ts';

/**
 * Issue 22 finding 1 (decision 0032): proving the inbox ends whatever anyone set up on the account
 * before that proof; a sign-up on an unconfirmed address replaces the earlier password.
 */
const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

const register = (email: string, password: string) =>
  authPost(ctx.app, '/sign-up/email', { email, password, confirmPassword: password });
const signIn = (email: string, password: string, cookie?: string) =>
  authPost(ctx.app, '/sign-in/email', { email, password }, { cookie });
const userOf = async (email: string) =>
  (await ctx.app.db.select().from(users).where(eq(users.email, email)))[0]!;

/** The confirmation links e-mailed to `email` so far, newest first. */
async function confirmationLinks(email: string, count: number) {
  await expect
    .poll(async () => (await mailTo(ctx.app, email)).filter((m) => /confirm/i.test(m.subject)), {
      timeout: 10_000,
    })
    .toHaveLength(count);
  return (await mailTo(ctx.app, email))
    .filter((m) => /confirm/i.test(m.subject))
    .map((m) => linkIn(m, ctx.config.publicUrl));
}

async function resetLink(email: string) {
  const before = (await mailTo(ctx.app, email)).filter((m) => /reset/i.test(m.subject)).length;
  expect((await authPost(ctx.app, '/request-password-reset', { email })).statusCode).toBe(200);
  await expect
    .poll(async () => (await mailTo(ctx.app, email)).filter((m) => /reset/i.test(m.subject)), {
      timeout: 10_000,
    })
    .toHaveLength(before + 1);
  return tokenOfLink(linkIn(await waitForMail(ctx.app, email, /reset/i), ctx.config.publicUrl));
}

const reset = (token: string, password: string) =>
  authPost(ctx.app, '/reset-password', {
    token,
    newPassword: password,
    confirmPassword: password,
  });

describe('a stranger registered the address first', () => {
  it('the owner signs up and confirms: their password opens the account, the stranger’s does not', async () => {
    const email = uniqueEmail('victim');
    await register(email, 'stranger-pass-1');
    await confirmationLinks(email, 1);
    await register(email, 'owner-pass-1');
    const [ownersLink] = await confirmationLinks(email, 2);

    expect((await confirmByLink(ctx.app, ownersLink!)).statusCode).toBe(200);
    expect((await signIn(email, 'stranger-pass-1')).statusCode).toBe(401);
    expect((await signIn(email, 'owner-pass-1')).statusCode).toBe(200);
  });

  it('only the newest registration’s link works: the stranger’s earlier one confirms nothing', async () => {
    const email = uniqueEmail('victim');
    await register(email, 'stranger-pass-1');
    await register(email, 'owner-pass-1');
    const [ownersLink, strangersLink] = await confirmationLinks(email, 2);

    const refused = await confirmByLink(ctx.app, strangersLink!);
    expect(refused.statusCode).toBe(400);
    expect(apiError(refused).code).toBe('CONFIRM_LINK_INVALID');
    expect((await userOf(email)).emailVerified).toBe(false);
    expect((await confirmByLink(ctx.app, ownersLink!)).statusCode).toBe(200);
    expect((await signIn(email, 'owner-pass-1')).statusCode).toBe(200);
  });

  it('confirming ends every way in set up before it, and keeps the registration’s password', async () => {
    const email = uniqueEmail('victim');
    await register(email, 'owner-pass-1');
    const [link] = await confirmationLinks(email, 1);
    const { id } = await userOf(email);
    const { passkey } = await plantWaysIn(ctx.app, id);

    expect((await confirmByLink(ctx.app, link!)).statusCode).toBe(200);
    expect(await waysInLeft(ctx.app, id)).toEqual(noWaysIn);
    expect((await signInWithPasskey(ctx.app, passkey)).statusCode).toBe(401);
    expect((await signIn(email, 'owner-pass-1')).statusCode).toBe(200);
  });

  it('a reset on the unconfirmed address is the first proof: the stranger’s password and every other way in end', async () => {
    const email = uniqueEmail('victim');
    await register(email, 'stranger-pass-1');
    const { id } = await userOf(email);
    const { passkey } = await plantWaysIn(ctx.app, id);

    const res = await reset(await resetLink(email), 'owner-pass-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(await waysInLeft(ctx.app, id)).toEqual({ ...noWaysIn, sessions: 1 });
    expect((await signInWithPasskey(ctx.app, passkey)).statusCode).toBe(401);
    expect((await signIn(email, 'stranger-pass-1')).statusCode).toBe(401);
    expect((await signIn(email, 'owner-pass-1')).statusCode).toBe(200);
  });

  it('a sign-in code on the unconfirmed address is the first proof: the stranger’s password ends', async () => {
    const email = uniqueEmail('victim');
    await register(email, 'stranger-pass-1');
    expect((await authPost(ctx.app, '/sign-in/magic-link', { email })).statusCode).toBe(200);
    const mail = await waitForMail(ctx.app, email, /sign-in code/i);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const res = await authPost(ctx.app, '/sign-in/email-otp', { email, code });
    expect(res.statusCode).toBe(200);
    expect((await userOf(email)).emailVerified).toBe(true);
    const { id } = await userOf(email);
    expect(
      await ctx.app.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, id), eq(accounts.providerId, 'credential'))),
    ).toEqual([]);
    expect((await signIn(email, 'stranger-pass-1')).statusCode).toBe(401);
  });
});

describe('a stranger got into the account before its owner reset the password', () => {
  it('the reset ends their sessions, trusted devices and pending links, and the owner removes their passkey and linked identity at once', async () => {
    // The stranger registered; the owner opened that first confirmation e-mail; the stranger
    // signed in, added a passkey and asked for another reset link (never seen).
    const email = uniqueEmail('victim');
    await register(email, 'stranger-pass-1');
    const [link] = await confirmationLinks(email, 1);
    expect((await confirmByLink(ctx.app, link!)).statusCode).toBe(200);
    const strangerCookie = cookieFrom(
      (await signIn(email, 'stranger-pass-1')).headers['set-cookie'] as string[],
    );
    const { id } = await userOf(email);
    const { passkey } = await plantWaysIn(ctx.app, id, { authenticatorApp: false });
    const unseenReset = await resetLink(email);

    const res = await reset(await resetLink(email), 'owner-pass-1');
    expect(res.statusCode, res.body).toBe(200);
    const owner = cookieFrom(res.headers['set-cookie'] as string[]);

    expect((await authGet(ctx.app, '/get-session', { cookie: strangerCookie })).json()).toBeNull();
    expect((await reset(unseenReset, 'stranger-pass-2')).statusCode).toBe(400);
    expect((await signIn(email, 'stranger-pass-1')).statusCode).toBe(401);
    const left = await waysInLeft(ctx.app, id);
    expect(left).toMatchObject({ sessions: 1, pending: 0, passkeys: 1, identities: 1 });

    // The next screen lists the passkey and the identity; "Remove" needs no further proof.
    const listed = await authGet(ctx.app, '/passkey/list-user-passkeys', { cookie: owner });
    const [listedKey] = listed.json() as Array<{ id: string; name: string }>;
    expect(listedKey).toMatchObject({ name: 'Stranger key' });
    const removed = await authPost(
      ctx.app,
      '/passkey/delete-passkey',
      { id: listedKey!.id },
      { cookie: owner },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await signInWithPasskey(ctx.app, passkey)).statusCode).toBe(401);
    const identities = (
      await authGet(ctx.app, '/list-accounts', { cookie: owner })
    ).json() as Array<{
      id: string;
      providerId: string;
    }>;
    const google = identities.find((i) => i.providerId === 'google');
    expect(google).toBeDefined();
    const unlinked = await authPost(
      ctx.app,
      '/unlink-account',
      { providerId: 'google', accountId: google!.id },
      { cookie: owner },
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(await waysInLeft(ctx.app, id)).toMatchObject({ passkeys: 0, identities: 0 });
    expect((await signIn(email, 'owner-pass-1')).statusCode).toBe(200);
  });

  it('a trusted device of before the reset is asked for the code again; the authenticator app stays', async () => {
    const { user, password } = await createUser(ctx.app, { secondFactor: true });
    const pending = cookieFrom(
      (await signIn(user.email, password)).headers['set-cookie'] as string[],
    );
    const step = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: currentCodeOf(user.email), trustDevice: true },
      { cookie: pending },
    );
    const trusted = cookieFrom(
      (step.headers['set-cookie'] as string[]).filter((c) => c.startsWith('portal.trust_device=')),
    );
    expect(trusted).not.toBe('');

    const res = await reset(await resetLink(user.email), 'a-new-pass-1');
    expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const again = await signIn(user.email, 'a-new-pass-1', trusted);
    expect(again.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect((await userOf(user.email)).twoFactorEnabled).toBe(true);
  });
});

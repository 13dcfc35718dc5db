import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import { identityMessages } from '../../tests/account-words.ts';
import { accounts, users, verifications } from '../db/schema/auth.ts';
import { passkeys } from '../db/schema/identity.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { createSoftwarePasskey, savePasskey } from '../../tests/support/software-passkey.ts';
import { createUser } from '../../tests/factories/user.ts';
import { mailTo, waitForMail } from '../../tests/factories/user-mail.ts';
import { totpCode } from '../../tests/support/totp.ts';
import { apiError, authGet, authPost } from '../../tests/factories/user-requests.ts';

// Issue 10, the gaps left: re-authentication by an e-mailed code (every account; the only way for
// one with neither password nor passkey), the authenticator app for an account without a password,
// and removing a passkey (decision 0023).
const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

const mePost = (path: string, cookie: string, payload?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: {
      origin: ctx.config.publicUrl,
      cookie,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload:
      payload === undefined
        ? undefined
        : typeof payload === 'string'
          ? payload
          : JSON.stringify(payload),
  });
const reauthWith = (cookie: string, body: unknown) => mePost('/api/me/reauth', cookie, body);

/** An account made through a provider: no password, no authenticator app, no passkey. */
async function providerOnlyAccount() {
  const created = await createUser(ctx.app);
  await ctx.app.db
    .delete(accounts)
    .where(and(eq(accounts.userId, created.user.id), eq(accounts.providerId, 'credential')));
  await ctx.app.db.insert(accounts).values({
    userId: created.user.id,
    providerId: 'university',
    accountId: `sub-${created.user.id}`,
  });
  return created;
}

/** Asks for a code and reads it from the outbox (the newest confirmation-code e-mail). */
async function emailedCode(cookie: string, email: string): Promise<string> {
  const before = (await mailTo(ctx.app, email)).filter((m) =>
    /security code/i.test(m.subject),
  ).length;
  const res = await mePost('/api/me/reauth/email-code', cookie, {});
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toMatch(/no-store/);
  expect(res.body).not.toMatch(/\d{6}/);
  const deadline = Date.now() + 5000;
  while (
    (await mailTo(ctx.app, email)).filter((m) => /security code/i.test(m.subject)).length ===
      before &&
    Date.now() < deadline
  ) {
    await new Promise((r) => setTimeout(r, 25));
  }
  const mail = await waitForMail(ctx.app, email, /security code/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code).toBeDefined();
  return code!;
}

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('re-authentication by an e-mailed code', () => {
  it('an account with neither password nor passkey confirms with the code, then downloads its data', async () => {
    const { cookie, user } = await providerOnlyAccount();
    const refused = await mePost('/api/me/data-export', cookie, {});
    expect(apiError(refused).code).toBe('REAUTH_REQUIRED');

    const code = await emailedCode(cookie, user.email);
    const mail = await waitForMail(ctx.app, user.email, /security code/i);
    expect(mail.text).toContain('10 minutes');
    const stored = await ctx.app.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, `%${user.email}`));
    expect(stored.map((row) => row.value).join()).not.toContain(code);

    const confirmed = await reauthWith(cookie, { emailCode: code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const exported = await mePost('/api/me/data-export', cookie, {});
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    expect(exported.headers['content-type']).toMatch(/zip/);
  });

  it('refuses a wrong code, then a replayed one; the right one works once', async () => {
    const { cookie, user } = await createUser(ctx.app);
    const code = await emailedCode(cookie, user.email);
    const wrong = await reauthWith(cookie, { emailCode: otherThan(code) });
    expect(wrong.statusCode).toBe(400);
    expect(apiError(wrong)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: authMessages.reauthEmailCodeWrong,
    });
    expect(apiError(wrong).fields).toMatchObject({ emailCode: authMessages.reauthEmailCodeWrong });

    expect(
      (await reauthWith(cookie, { emailCode: ` ${code.slice(0, 3)} ${code.slice(3)} ` }))
        .statusCode,
    ).toBe(200);
    const replayed = await reauthWith(cookie, { emailCode: code });
    expect(replayed.statusCode).toBe(400);
    expect(apiError(replayed).message).toBe(authMessages.reauthEmailCodeWrong);
  });

  it('two requests with the same right code: only one counts', async () => {
    const { cookie, user } = await createUser(ctx.app);
    const code = await emailedCode(cookie, user.email);
    const answers = await Promise.all([
      reauthWith(cookie, { emailCode: code }),
      reauthWith(cookie, { emailCode: code }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired code', async () => {
    const { cookie, user } = await createUser(ctx.app);
    const code = await emailedCode(cookie, user.email);
    await ctx.app.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `email-verification-otp-${user.email.toLowerCase()}`));
    const expired = await reauthWith(cookie, { emailCode: code });
    expect(expired.statusCode).toBe(400);
    expect(apiError(expired).message).toBe(authMessages.reauthEmailCodeWrong);
  });

  it('after five wrong codes the session waits, even with the right code', async () => {
    const { cookie, user } = await createUser(ctx.app);
    const code = await emailedCode(cookie, user.email);
    for (let i = 0; i < 4; i++)
      expect((await reauthWith(cookie, { emailCode: otherThan(code) })).statusCode).toBe(400);
    // The fifth wrong try also reaches the session's limit of wrong re-authentications.
    expect((await reauthWith(cookie, { emailCode: otherThan(code) })).statusCode).toBe(400);
    const limited = await reauthWith(cookie, { emailCode: code });
    expect(limited.statusCode).toBe(429);
    expect(apiError(limited).message).toBe(authMessages.reauthTooManyTries);
  });

  it('a code is for its own account only, and a sign-in code is not a confirmation code', async () => {
    const mine = await createUser(ctx.app);
    const theirs = await createUser(ctx.app);
    const theirCode = await emailedCode(theirs.cookie, theirs.user.email);
    expect((await reauthWith(mine.cookie, { emailCode: theirCode })).statusCode).toBe(400);

    // "Email me a sign-in code" for my own address: that code does not confirm a sensitive change.
    expect(
      (await authPost(ctx.app, '/sign-in/magic-link', { email: mine.user.email })).statusCode,
    ).toBe(200);
    const signInMail = await waitForMail(ctx.app, mine.user.email, /sign-in code/i);
    const signInCode = /\b(\d{6})\b/.exec(signInMail.text)![1]!;
    expect((await reauthWith(mine.cookie, { emailCode: signInCode })).statusCode).toBe(400);
    // …and their code still works for them.
    expect((await reauthWith(theirs.cookie, { emailCode: theirCode })).statusCode).toBe(200);
  });

  it('answers hostile input with a 4xx, never a 5xx', async () => {
    const { cookie, user } = await createUser(ctx.app);
    await emailedCode(cookie, user.email);
    for (const body of [
      { emailCode: '' },
      { emailCode: 'abcdef' },
      { emailCode: "1' OR '1'='1" },
      { emailCode: '1'.repeat(21) },
      { emailCode: 123456 },
      { emailCode: ['123456'] },
      { emailCode: { $ne: null } },
      { emailCode: '١٢٣٤٥٦' },
      '{"emailCode":',
    ]) {
      const res = await reauthWith(cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    const signedOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/reauth/email-code',
      headers: { origin: ctx.config.publicUrl, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('caps the codes one account may have e-mailed in an hour', async () => {
    const { cookie } = await createUser(ctx.app);
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await mePost('/api/me/reauth/email-code', cookie, {})).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('the authenticator app for an account without a password', () => {
  it('needs a re-authentication within 5 minutes, then sets up the app', async () => {
    const { cookie, user } = await providerOnlyAccount();
    const refused = await authPost(ctx.app, '/two-factor/enable', {}, { cookie });
    expect(refused.statusCode).toBe(403);
    expect(apiError(refused)).toMatchObject({
      code: 'REAUTH_REQUIRED',
      message: authMessages.reauthRequired,
    });
    // A made-up password is no way round it.
    const guessed = await authPost(
      ctx.app,
      '/two-factor/enable',
      { password: 'anything-at-all' },
      { cookie },
    );
    expect(guessed.statusCode).toBe(403);

    expect(
      (await reauthWith(cookie, { emailCode: await emailedCode(cookie, user.email) })).statusCode,
    ).toBe(200);
    const started = await authPost(ctx.app, '/two-factor/enable', {}, { cookie });
    expect(started.statusCode, started.body).toBe(200);
    const { totpURI, backupCodes } = started.json() as { totpURI: string; backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    const secret = new URL(totpURI).searchParams.get('secret')!;
    const confirmed = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: totpCode(secret) },
      { cookie },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await ctx.app.db
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.on).toBe(true);
  });

  it('refuses once the re-authentication is older than 5 minutes', async () => {
    const { cookie, user } = await providerOnlyAccount();
    expect(
      (await reauthWith(cookie, { emailCode: await emailedCode(cookie, user.email) })).statusCode,
    ).toBe(200);
    await ctx.app.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, 'reauth:%'));
    const stale = await authPost(ctx.app, '/two-factor/enable', {}, { cookie });
    expect(stale.statusCode).toBe(403);
    expect(apiError(stale).code).toBe('REAUTH_REQUIRED');
  });

  it('an account with a password still gives it (a wrong or missing one is refused)', async () => {
    const { cookie, password } = await createUser(ctx.app);
    expect((await authPost(ctx.app, '/two-factor/enable', {}, { cookie })).statusCode).toBe(400);
    expect(
      (await authPost(ctx.app, '/two-factor/enable', { password: `${password}-not` }, { cookie }))
        .statusCode,
    ).toBe(400);
    expect(
      (await authPost(ctx.app, '/two-factor/enable', { password }, { cookie })).statusCode,
    ).toBe(200);
  });
});

describe('removing a passkey', () => {
  it('needs a re-authentication and is never the last way to sign in', async () => {
    const created = await createUser(ctx.app);
    const saved = await savePasskey(ctx.app, created.user.id, createSoftwarePasskey());
    await ctx.app.db
      .delete(accounts)
      .where(and(eq(accounts.userId, created.user.id), eq(accounts.providerId, 'credential')));
    const { cookie, user } = created;

    expect(
      apiError(await authPost(ctx.app, '/passkey/delete-passkey', { id: saved.id }, { cookie }))
        .code,
    ).toBe('REAUTH_REQUIRED');
    expect(
      (await reauthWith(cookie, { emailCode: await emailedCode(cookie, user.email) })).statusCode,
    ).toBe(200);
    const last = await authPost(ctx.app, '/passkey/delete-passkey', { id: saved.id }, { cookie });
    expect(last.statusCode).toBe(400);
    expect(apiError(last)).toMatchObject({
      code: 'LAST_WAY_TO_SIGN_IN',
      message: identityMessages.lastWayToSignIn,
    });
    expect(await ctx.app.db.select().from(passkeys).where(eq(passkeys.id, saved.id))).toHaveLength(
      1,
    );

    // With a second passkey, the first may go (after the re-authentication above).
    await savePasskey(ctx.app, user.id, createSoftwarePasskey(), 'Laptop');
    const removed = await authPost(
      ctx.app,
      '/passkey/delete-passkey',
      { id: saved.id },
      { cookie },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await ctx.app.db.select().from(passkeys).where(eq(passkeys.id, saved.id))).toEqual([]);
  });

  it('without a re-authentication is refused; another account’s passkey is not found', async () => {
    const mine = await createUser(ctx.app);
    const saved = await savePasskey(ctx.app, mine.user.id, createSoftwarePasskey());
    const unasked = await authPost(
      ctx.app,
      '/passkey/delete-passkey',
      { id: saved.id },
      { cookie: mine.cookie },
    );
    expect(unasked.statusCode).toBe(403);
    expect(apiError(unasked).code).toBe('REAUTH_REQUIRED');

    const stranger = await createUser(ctx.app);
    expect((await reauthWith(stranger.cookie, { password: stranger.password })).statusCode).toBe(
      200,
    );
    const theirs = await authPost(
      ctx.app,
      '/passkey/delete-passkey',
      { id: saved.id },
      { cookie: stranger.cookie },
    );
    expect(theirs.statusCode).toBe(404);
    expect(apiError(theirs)).toMatchObject({
      code: 'PASSKEY_NOT_FOUND',
      message: identityMessages.passkeyNotFound,
    });
    for (const id of ['', 'x'.repeat(5000), "' OR 1=1 --"]) {
      const res = await authPost(
        ctx.app,
        '/passkey/delete-passkey',
        { id },
        { cookie: stranger.cookie },
      );
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('a staff member may remove their only second factor, and is then led to set one up again', async () => {
    const staff = await createUser(ctx.app, { role: 'consultant', secondFactor: false });
    const saved = await savePasskey(ctx.app, staff.user.id, createSoftwarePasskey());
    const staffRoute = () => authGet(ctx.app, '/api/staff/applications', { cookie: staff.cookie });
    expect((await staffRoute()).statusCode).toBe(200);

    expect((await reauthenticateWithPassword(staff.cookie, staff.password)).statusCode).toBe(200);
    const removed = await authPost(
      ctx.app,
      '/passkey/delete-passkey',
      { id: saved.id },
      { cookie: staff.cookie },
    );
    expect(removed.statusCode, removed.body).toBe(200);

    const refused = await staffRoute();
    expect(refused.statusCode).toBe(403);
    expect(apiError(refused)).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      message: authMessages.secondFactorRequired,
    });
    const session = await authGet(ctx.app, '/api/auth/get-session', { cookie: staff.cookie });
    expect((session.json() as { user: { secondFactor: boolean } }).user.secondFactor).toBe(false);
  });
});

function reauthenticateWithPassword(cookie: string, password: string) {
  return reauthWith(cookie, { password });
}

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import { accounts, users } from '../db/schema/auth.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import {
  assertion,
  createSoftwarePasskey,
  savePasskey,
} from '../../tests/support/software-passkey.ts';
import { cookieFrom, createUser, currentCodeOf, enrollTotp } from '../../tests/factories/user.ts';
import {
  apiError,
  authGet,
  authPost,
  reauthenticate,
} from '../../tests/factories/user-requests.ts';

// Decision 0023: re-authentication for every kind of account (password, code, passkey), new
// backup codes, and data export / deletion for accounts without a password.
const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

const mePost = (
  path: string,
  cookie: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: {
      origin: ctx.config.publicUrl,
      cookie,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    payload:
      payload === undefined
        ? undefined
        : typeof payload === 'string'
          ? payload
          : JSON.stringify(payload),
  });
const reauthWith = (cookie: string, body: unknown) => mePost('/api/me/reauth', cookie, body);

/** Drops the account's password (as if it only ever signed in with a provider or a passkey). */
async function withoutPassword(userId: string) {
  await ctx.app.db
    .delete(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
}

/** A passkey answer to this session's re-authentication challenge. */
async function passkeyAnswer(
  cookie: string,
  passkey: ReturnType<typeof createSoftwarePasskey>,
  options: { userVerified?: boolean } = {},
) {
  const res = await authGet(ctx.app, '/api/me/reauth/passkey-options', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toMatch(/no-store/);
  const { challenge } = res.json() as { challenge: string };
  return assertion(ctx.app, passkey, challenge, options);
}

describe('new backup codes (item 3)', () => {
  it('need a recent re-authentication, come once (no-store), and the old ones stop working', async () => {
    const created = await createUser(ctx.app);
    const { cookie, backupCodes: old } = await enrollTotp(
      ctx.app,
      created.user.email,
      created.password,
      created.cookie,
    );

    const unasked = await mePost('/api/me/two-factor/backup-codes', cookie, {});
    expect(unasked.statusCode).toBe(403);
    expect(apiError(unasked).code).toBe('REAUTH_REQUIRED');

    expect((await reauthWith(cookie, { code: currentCodeOf(created.user.email) })).statusCode).toBe(
      200,
    );
    const res = await mePost('/api/me/two-factor/backup-codes', cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const { backupCodes } = res.json() as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    expect(backupCodes.filter((code) => old.includes(code))).toEqual([]);

    const signIn = async () =>
      cookieFrom(
        [
          (
            await authPost(ctx.app, '/sign-in/email', {
              email: created.user.email,
              password: created.password,
            })
          ).headers['set-cookie'] ?? [],
        ].flat() as string[],
      );
    const stale = await authPost(
      ctx.app,
      '/two-factor/verify-backup-code',
      { code: old[0]! },
      { cookie: await signIn() },
    );
    expect(stale.statusCode).toBe(400);
    expect(apiError(stale)).toMatchObject({
      code: 'INVALID_BACKUP_CODE',
      message: authMessages.backupCodeWrong,
    });
    const fresh = await authPost(
      ctx.app,
      '/two-factor/verify-backup-code',
      { code: backupCodes[0]! },
      { cookie: await signIn() },
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('an account without two-step verification has none to replace', async () => {
    const { cookie, password } = await createUser(ctx.app);
    expect((await reauthenticate(ctx.app, cookie, password)).statusCode).toBe(200);
    const res = await mePost('/api/me/two-factor/backup-codes', cookie, {});
    expect(res.statusCode).toBe(400);
    expect(apiError(res)).toMatchObject({
      code: 'TWO_FACTOR_NOT_ENABLED',
      message: authMessages.twoFactorNotOn,
    });
  });
});

describe('data export and deletion for an account without a password (item 4)', () => {
  it('with an authenticator app: a recent code opens both; without it they are refused', async () => {
    const created = await createUser(ctx.app, { secondFactor: true });
    await withoutPassword(created.user.id);
    const { cookie } = created;

    const unasked = await mePost('/api/me/data-export', cookie, {});
    expect(unasked.statusCode).toBe(403);
    expect(apiError(unasked).code).toBe('REAUTH_REQUIRED');
    const guessed = await mePost('/api/me/data-export', cookie, { password: created.password });
    expect(guessed.statusCode).toBe(400);

    expect((await reauthWith(cookie, { code: currentCodeOf(created.user.email) })).statusCode).toBe(
      200,
    );
    const exported = await mePost('/api/me/data-export', cookie, {});
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['cache-control']).toMatch(/no-store/);

    const deleted = await mePost('/api/me/delete-account', cookie, { kept: [] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await ctx.app.db.select().from(users).where(eq(users.id, created.user.id))).toEqual([]);
  });

  it('with only a passkey: the passkey confirms it, then the account can be deleted', async () => {
    const created = await createUser(ctx.app);
    const passkey = createSoftwarePasskey();
    await savePasskey(ctx.app, created.user.id, passkey);
    await withoutPassword(created.user.id);

    expect((await mePost('/api/me/delete-account', created.cookie, { kept: [] })).statusCode).toBe(
      403,
    );
    const confirmed = await reauthWith(created.cookie, {
      passkey: await passkeyAnswer(created.cookie, passkey),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const deleted = await mePost('/api/me/delete-account', created.cookie, { kept: [] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ctx.app.db.select().from(users).where(eq(users.id, created.user.id))).toEqual([]);
  });

  it('a password account still confirms in the same request, as before', async () => {
    const { cookie, password } = await createUser(ctx.app);
    expect(
      (await mePost('/api/me/data-export', cookie, { password: 'not my password' })).statusCode,
    ).toBe(400);
    expect((await mePost('/api/me/data-export', cookie, { password })).statusCode).toBe(200);
  });
});

describe('the password typed into an action counts in the re-authentication limit (issue 22 finding 8)', () => {
  it.each(['/api/me/data-export', '/api/me/delete-account'])(
    '%s: five wrong passwords, then even the right one waits, there and at /api/me/reauth',
    async (path) => {
      const { cookie, password, user } = await createUser(ctx.app);
      const body = (secret: string) =>
        path === '/api/me/delete-account' ? { password: secret, kept: [] } : { password: secret };
      for (let i = 0; i < 5; i++)
        expect((await mePost(path, cookie, body(`guess-${i}`))).statusCode).toBe(400);
      const right = await mePost(path, cookie, body(password));
      expect(right.statusCode).toBe(429);
      expect(apiError(right)).toMatchObject({
        code: 'RATE_LIMITED',
        message: authMessages.reauthTooManyTries,
      });
      expect((await reauthWith(cookie, { password })).statusCode).toBe(429);
      expect(await ctx.app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    },
  );

  it('wrong passwords at /api/me/reauth count against the action too', async () => {
    const { cookie, password } = await createUser(ctx.app);
    for (let i = 0; i < 5; i++)
      expect((await reauthWith(cookie, { password: `guess-${i}` })).statusCode).toBe(400);
    expect((await mePost('/api/me/data-export', cookie, { password })).statusCode).toBe(429);
  });
});

describe('re-authentication with a passkey (item 5)', () => {
  /** An account that signs in only with two providers and a passkey: no password, no code. */
  async function providerAndPasskeyAccount() {
    const created = await createUser(ctx.app);
    const passkey = createSoftwarePasskey();
    const saved = await savePasskey(ctx.app, created.user.id, passkey);
    await withoutPassword(created.user.id);
    const [sso] = await ctx.app.db
      .insert(accounts)
      .values([
        { userId: created.user.id, providerId: 'university', accountId: `sub-${created.user.id}` },
        { userId: created.user.id, providerId: 'partner', accountId: `sub-${created.user.id}` },
      ])
      .returning();
    return { ...created, passkey, saved, sso: sso! };
  }

  it('unlinks an identity and removes a passkey after the passkey confirms it is you', async () => {
    const { cookie, passkey, sso, saved } = await providerAndPasskeyAccount();
    const unasked = await authPost(
      ctx.app,
      '/unlink-account',
      { providerId: 'university', accountId: sso.id },
      { cookie },
    );
    expect(apiError(unasked).code).toBe('REAUTH_REQUIRED');

    const confirmed = await reauthWith(cookie, { passkey: await passkeyAnswer(cookie, passkey) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const unlinked = await authPost(
      ctx.app,
      '/unlink-account',
      { providerId: 'university', accountId: sso.id },
      { cookie },
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(await ctx.app.db.select().from(accounts).where(eq(accounts.id, sso.id))).toEqual([]);

    const removed = await authPost(
      ctx.app,
      '/passkey/delete-passkey',
      { id: saved.id },
      { cookie },
    );
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('refuses a passkey that did not verify the person, a replayed answer, another account’s passkey', async () => {
    const { cookie, passkey } = await providerAndPasskeyAccount();
    const unverified = await reauthWith(cookie, {
      passkey: await passkeyAnswer(cookie, passkey, { userVerified: false }),
    });
    expect(unverified.statusCode).toBe(400);
    expect(apiError(unverified).message).toBe(authMessages.reauthPasskeyFailed);

    const answer = await passkeyAnswer(cookie, passkey);
    expect((await reauthWith(cookie, { passkey: answer })).statusCode).toBe(200);
    const replayed = await reauthWith(cookie, { passkey: answer });
    expect(replayed.statusCode).toBe(400);

    const stranger = await createUser(ctx.app);
    const theirs = createSoftwarePasskey();
    await savePasskey(ctx.app, stranger.user.id, theirs);
    await savePasskey(ctx.app, stranger.user.id, createSoftwarePasskey(), 'Mine');
    // A challenge for the stranger's session, answered with the first account's passkey.
    const { challenge } = (
      await authGet(ctx.app, '/api/me/reauth/passkey-options', { cookie: stranger.cookie })
    ).json() as { challenge: string };
    const borrowed = await reauthWith(stranger.cookie, {
      passkey: assertion(ctx.app, passkey, challenge),
    });
    expect(borrowed.statusCode).toBe(400);
    expect(apiError(borrowed).message).toBe(authMessages.reauthPasskeyFailed);
  });

  it('an account with no passkey gets no challenge', async () => {
    const { cookie } = await createUser(ctx.app);
    const res = await authGet(ctx.app, '/api/me/reauth/passkey-options', { cookie });
    expect(res.statusCode).toBe(400);
    expect(apiError(res)).toMatchObject({
      code: 'NO_PASSKEY',
      message: authMessages.reauthNoPasskey,
    });
  });
});

describe('bad input (item 6)', () => {
  it('a 10,000-character password is a 400, not a 5xx, and no proof', async () => {
    const { cookie } = await createUser(ctx.app);
    const res = await reauthWith(cookie, { password: 'x'.repeat(10_000) });
    expect(res.statusCode).toBe(400);
    expect(apiError(res).fields?.password).toBe(authMessages.passwordWrong);
    expect(apiError(await mePost('/api/me/two-factor/disable', cookie, {})).code).toBe(
      'REAUTH_REQUIRED',
    );
  });

  it('an array body is a 400', async () => {
    const { cookie } = await createUser(ctx.app);
    const res = await reauthWith(cookie, ['password']);
    expect(res.statusCode).toBe(400);
    expect(apiError(res).message).toEqual(expect.any(String));
  });

  it('a string body is a 400', async () => {
    const { cookie } = await createUser(ctx.app);
    const res = await reauthWith(cookie, '"correct horse battery"');
    expect(res.statusCode).toBe(400);
    expect(apiError(res).message).toEqual(expect.any(String));
  });

  it('a null body is a 400', async () => {
    const { cookie } = await createUser(ctx.app);
    const res = await reauthWith(cookie, 'null');
    expect(res.statusCode).toBe(400);
    expect(apiError(res).fields?.password).toBe(authMessages.reauthRequired);
  });

  it('NUL bytes in the password or the code are a 400', async () => {
    const { cookie, password } = await createUser(ctx.app, { secondFactor: true });
    const nulPassword = await reauthWith(cookie, { password: `${password}\u0000` });
    expect(nulPassword.statusCode).toBe(400);
    const nulCode = await reauthWith(cookie, { code: '12\u00003456' });
    expect(nulCode.statusCode).toBe(400);
    expect(apiError(await mePost('/api/me/two-factor/disable', cookie, {})).code).toBe(
      'REAUTH_REQUIRED',
    );
  });

  it('a passkey answer of the wrong shape is a 400', async () => {
    const { cookie } = await createUser(ctx.app);
    for (const passkey of [
      'x',
      [],
      { id: 'a' },
      { id: 'a', rawId: 'a', type: 'public-key', response: 'x' },
    ]) {
      const res = await reauthWith(cookie, { passkey });
      expect(res.statusCode, JSON.stringify(passkey)).toBe(400);
    }
  });

  it('unlinking another user’s identity after re-authenticating is a 4xx and changes nothing', async () => {
    const owner = await createUser(ctx.app);
    const [theirs] = await ctx.app.db
      .insert(accounts)
      .values({
        userId: owner.user.id,
        providerId: 'university',
        accountId: `sub-${owner.user.id}`,
      })
      .returning();
    const intruder = await createUser(ctx.app);
    await ctx.app.db.insert(accounts).values({
      userId: intruder.user.id,
      providerId: 'university',
      accountId: `sub-${intruder.user.id}`,
    });
    expect((await reauthenticate(ctx.app, intruder.cookie, intruder.password)).statusCode).toBe(
      200,
    );

    const res = await authPost(
      ctx.app,
      '/unlink-account',
      { providerId: 'university', accountId: theirs!.id },
      { cookie: intruder.cookie },
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(
      await ctx.app.db.select().from(accounts).where(eq(accounts.id, theirs!.id)),
    ).toHaveLength(1);
    expect(
      await ctx.app.db.select().from(accounts).where(eq(accounts.userId, intruder.user.id)),
    ).toHaveLength(2);
  });
});

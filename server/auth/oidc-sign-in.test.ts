import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerErrorCode } from '../../shared/error-codes.ts';
import { identityMessages } from '../../tests/account-words.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { accounts, sessions, users } from '../db/schema/auth.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { startOidcProvider, type LocalOidcProvider } from '../../tests/support/oidc-provider.ts';
import { cookieFrom, createUser, currentCodeOf, uniqueEmail } from '../../tests/factories/user.ts';
import {
  apiError,
  authGet,
  authPost,
  reauthenticate,
} from '../../tests/factories/user-requests.ts';
import { waitForMail } from '../../tests/factories/user-mail.ts';

// The provider is a local oidc-provider standing in for a university's SSO (a third party we
// cannot reach from tests).
const publicUrl = 'http://localhost:3000';
let idp: LocalOidcProvider;
let ctx: TestApp;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [`${publicUrl}/api/auth/callback/uni`] });
  ctx = await createTestApp({
    AUTH_RATE_LIMIT_IP_MAX: '1000',
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: 'uni',
        name: 'University SSO',
        discoveryUrl: idp.discoveryUrl,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      },
    ]),
  });
});
afterAll(async () => {
  await ctx?.close();
  await idp?.close();
});

/** /login's button: the portal answers with the provider's address and a state cookie. */
async function startSignIn(cookie?: string) {
  const res = await authPost(ctx.app, '/sign-in/social', { provider: 'uni' }, { cookie });
  expect(res.statusCode).toBe(200);
  const { url } = res.json() as { url: string };
  expect(url.startsWith(idp.issuer)).toBe(true);
  const state = cookieFrom(res.headers['set-cookie']);
  return { url, cookie: [cookie, state].filter(Boolean).join('; ') };
}

/** The browser coming back from the provider to the portal's callback. */
function callback(url: string, cookie: string) {
  const { pathname, search } = new URL(url);
  return ctx.app.inject({
    method: 'GET',
    url: `${pathname}${search}`,
    headers: { cookie, accept: 'text/html' },
  });
}

async function signInAtProvider(email: string | null, cookie?: string) {
  const start = await startSignIn(cookie);
  const back = await idp.authorize(start.url, email);
  const res = await callback(back, start.cookie);
  return {
    res,
    back,
    start,
    location: String(res.headers.location ?? ''),
    cookie: cookieFrom(res.headers['set-cookie']),
  };
}

const setCookies = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []].flat().join('\n');
const sessionUser = async (cookie: string) =>
  (await authGet(ctx.app, '/get-session', { cookie })).json() as {
    user: { id: string; email: string; emailVerified: boolean };
  } | null;

describe('OpenID Connect sign-in (issue 10, item 4)', () => {
  it('lists the configured providers for /login: no Google or Microsoft button unless set', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ providers: [{ id: 'uni', name: 'University SSO' }] });
  });

  it('the first sign-in creates an account with a verified e-mail; the next finds it', async () => {
    const email = uniqueEmail('sso');
    idp.addIdentity({ email, name: 'Ada Lovelace' });
    const first = await signInAtProvider(email);
    expect(first.res.statusCode).toBe(302);
    expect(first.location).toBe('/login');
    const me = await sessionUser(first.cookie);
    expect(me?.user).toMatchObject({ email, emailVerified: true });
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: 'applicant', emailVerified: true, name: 'Ada Lovelace' });
    const rows = await ctx.app.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(rows).toHaveLength(1);
    // the provider's tokens are not kept (an ID token names the e-mail)
    expect(rows[0]).toMatchObject({
      providerId: 'uni',
      accessToken: null,
      refreshToken: null,
      idToken: null,
      password: null,
    });

    const second = await signInAtProvider(email);
    expect((await sessionUser(second.cookie))?.user.id).toBe(user!.id);
    expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(
      await ctx.app.db.select().from(accounts).where(eq(accounts.userId, user!.id)),
    ).toHaveLength(1);
    // and the portal's own pages take the session
    expect(
      (await authGet(ctx.app, '/api/me/applications', { cookie: second.cookie })).statusCode,
    ).toBe(200);
  });

  it('keeps the provider’s name for the person without its text-direction controls or NUL, as an applicant’s typed name', async () => {
    const email = uniqueEmail('sso');
    idp.addIdentity({ email, name: '\u2067Ada\u2069 \u202Egnp.exe\u202C Love\0lace ' });
    const { cookie } = await signInAtProvider(email);
    expect((await sessionUser(cookie))?.user.email).toBe(email);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(user!.name).toBe('Ada gnp.exe Lovelace');
  });

  it('joins an existing account when both e-mails are verified', async () => {
    const { user } = await createUser(ctx.app);
    idp.addIdentity({ email: user.email, emailVerified: true });
    const { cookie } = await signInAtProvider(user.email);
    expect((await sessionUser(cookie))?.user.id).toBe(user.id);
    const providers = (await ctx.app.db.select().from(accounts).where(eq(accounts.userId, user.id)))
      .map((a) => a.providerId)
      .sort();
    expect(providers).toEqual(['credential', 'uni']);
  });

  it('asks an account with an authenticator app for its code: no session until then (the second-factor gate)', async () => {
    const { user } = await createUser(ctx.app, { secondFactor: true });
    await ctx.app.db.delete(sessions).where(eq(sessions.userId, user.id));
    idp.addIdentity({ email: user.email, emailVerified: true });
    const { location, cookie } = await signInAtProvider(user.email);
    expect(location).toBe('/login?step=code');
    expect(cookie).not.toMatch(/session_token=[^;]/);
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      [],
    );
    const step = await authPost(
      ctx.app,
      '/two-factor/verify-totp',
      { code: currentCodeOf(user.email) },
      { cookie },
    );
    expect(step.statusCode, step.body).toBe(200);
    expect((await sessionUser(cookieFrom(step.headers['set-cookie'])))?.user.id).toBe(user.id);
  });

  it('does not join an account whose own e-mail is not confirmed', async () => {
    const { user } = await createUser(ctx.app, { verified: false });
    idp.addIdentity({ email: user.email, emailVerified: true });
    const { location, cookie } = await signInAtProvider(user.email);
    expect(location).toBe('/login?sso_error=account_not_linked');
    expect(providerErrorCode('account_not_linked')).toBe('PROVIDER_NOT_LINKED');
    expect(cookie).not.toMatch(/session_token/);
    expect(
      (await ctx.app.db.select().from(accounts).where(eq(accounts.userId, user.id))).map(
        (a) => a.providerId,
      ),
    ).toEqual(['credential']);
  });

  it('does not join an account when the provider has not verified the e-mail', async () => {
    const { user } = await createUser(ctx.app);
    idp.addIdentity({ email: user.email, emailVerified: false });
    const { location, cookie } = await signInAtProvider(user.email);
    expect(location).toBe('/login?sso_error=account_not_linked');
    expect(cookie).not.toMatch(/session_token/);
    expect(
      await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(1);
  });

  it('a new address the provider has not verified gets our confirmation e-mail, not a session', async () => {
    const email = uniqueEmail('unverified');
    idp.addIdentity({ email, emailVerified: false });
    const { location, cookie } = await signInAtProvider(email);
    expect(location).toBe('/login?sso_error=email_not_verified');
    expect(cookie).not.toMatch(/session_token/);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);
    await waitForMail(ctx.app, email, /confirm/i);
  });

  it('a provider error reaches /login as a code with plain words, never the provider text', async () => {
    const { back, location, cookie } = await signInAtProvider(null);
    expect(new URL(back).searchParams.get('error')).toBe('access_denied');
    expect(location).toBe('/login?sso_error=access_denied');
    expect(location).not.toMatch(/cancelled|error_description/);
    expect(cookie).not.toMatch(/session_token/);
    expect(providerErrorCode('access_denied')).toBe('PROVIDER_CANCELLED');
  });

  it('hostile callbacks: replayed state, wrong state, missing code, wrong provider get /login with a message, never a 5xx', async () => {
    const email = uniqueEmail('replay');
    idp.addIdentity({ email });
    const start = await startSignIn();
    const back = await idp.authorize(start.url, email);
    expect((await callback(back, start.cookie)).statusCode).toBe(302);
    // the same answer again (a replay)
    const replay = await callback(back, start.cookie);
    expect(replay.statusCode).toBe(302);
    expect(String(replay.headers.location)).toMatch(/^\/login\?sso_error=[a-z_]+$/);
    expect(setCookies(replay)).not.toMatch(/session_token=[^;]/);

    const fresh = await startSignIn();
    const good = new URL(await idp.authorize(fresh.url, email));
    const variants: string[] = [];
    const noCode = new URL(good);
    noCode.searchParams.delete('code');
    variants.push(noCode.toString());
    const badState = new URL(good);
    badState.searchParams.set('state', 'forged-state-value');
    variants.push(badState.toString());
    const noState = new URL(good);
    noState.searchParams.delete('state');
    variants.push(noState.toString());
    const otherProvider = new URL(good);
    otherProvider.pathname = '/api/auth/callback/elsewhere';
    variants.push(otherProvider.toString());
    const badCode = new URL(good);
    badCode.searchParams.set('code', 'not-a-code');
    variants.push(badCode.toString());
    for (const url of variants) {
      const res = await callback(url, fresh.cookie);
      expect(res.statusCode, url).toBe(302);
      expect(String(res.headers.location), url).toMatch(/^\/login\?sso_error=[a-z_']+$/);
      expect(setCookies(res), url).not.toMatch(/session_token=[^;]/);
    }
    // an address that is not even a valid query: a plain 4xx
    const junk = await callback(
      `${good.origin}${good.pathname}?code[]=1&state=%00%ff`,
      fresh.cookie,
    );
    expect(junk.statusCode).toBeGreaterThanOrEqual(300);
    expect(junk.statusCode).toBeLessThan(500);
    // a callback without the browser's state cookie
    const stranger = await callback(good.toString(), '');
    expect(String(stranger.headers.location)).toMatch(/^\/login\?sso_error=/);
    // a provider id that cannot exist is simply not there
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/callback/..%2Fsign-in?code=1' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a provider that is not configured, and bad input, with a 400', async () => {
    for (const payload of [
      { provider: 'google' },
      { provider: 'UNI' },
      { provider: '' },
      {},
      { provider: ['uni'] },
    ]) {
      const res = await authPost(ctx.app, '/sign-in/social', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(apiError(res).fields?.provider).toBe(identityMessages.providerUnknown);
    }
  });

  it('providers are configuration, checked at start', () => {
    expect(loadConfig({}).identity).toMatchObject({ google: null, microsoft: null, oidc: [] });
    expect(
      loadConfig({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' }).identity.google,
    ).toEqual({ clientId: 'g', clientSecret: 's' });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'g' })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ MICROSOFT_CLIENT_SECRET: 's' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_PROVIDERS: 'not json' })).toThrow(
      /OIDC_PROVIDERS: must be JSON/,
    );
    expect(() =>
      loadConfig({
        OIDC_PROVIDERS:
          '[{"id":"google","name":"x","discoveryUrl":"https://a.example/x","clientId":"a","clientSecret":"b"}]',
      }),
    ).toThrow(/built-in/);
    expect(() =>
      loadConfig({
        OIDC_PROVIDERS:
          '[{"id":"uni","name":"x","discoveryUrl":"nope","clientId":"a","clientSecret":"b"}]',
      }),
    ).toThrow(/discoveryUrl/);
  });
});

describe('linked identities (issue 10, item 5)', () => {
  async function link(cookie: string, email: string) {
    const res = await authPost(ctx.app, '/link-social', { provider: 'uni' }, { cookie });
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    const back = await idp.authorize(url, email);
    return callback(back, [cookie, cookieFrom(res.headers['set-cookie'])].join('; '));
  }
  const linkedTo = async (cookie: string) =>
    (await authGet(ctx.app, '/list-accounts', { cookie })).json() as Array<{
      id: string;
      providerId: string;
      accountId: string;
    }>;

  it('lists, links another provider, and unlinks it after the password again', async () => {
    const { user, password, cookie } = await createUser(ctx.app);
    expect((await linkedTo(cookie)).map((a) => a.providerId)).toEqual(['credential']);
    idp.addIdentity({ email: user.email });
    const res = await link(cookie, user.email);
    expect(res.headers.location).toBe('/account?linked=1');
    const identities = await linkedTo(cookie);
    expect(identities.map((a) => a.providerId).sort()).toEqual(['credential', 'uni']);

    const uni = identities.find((a) => a.providerId === 'uni')!;
    const unasked = await authPost(
      ctx.app,
      '/unlink-account',
      { providerId: 'uni', accountId: uni.id },
      { cookie },
    );
    expect(unasked.statusCode).toBe(403);
    expect(apiError(unasked).code).toBe('REAUTH_REQUIRED');
    expect((await linkedTo(cookie)).map((a) => a.providerId).sort()).toEqual(['credential', 'uni']);
    expect((await reauthenticate(ctx.app, cookie, password)).statusCode).toBe(200);
    const unlinked = await authPost(
      ctx.app,
      '/unlink-account',
      { providerId: 'uni', accountId: uni.id },
      { cookie },
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect((await linkedTo(cookie)).map((a) => a.providerId)).toEqual(['credential']);
  });

  it('never links an identity with another e-mail address', async () => {
    const { cookie } = await createUser(ctx.app);
    const elsewhere = uniqueEmail('elsewhere');
    idp.addIdentity({ email: elsewhere });
    const res = await link(cookie, elsewhere);
    expect(res.headers.location).toBe('/account?sso_error=email_does_not_match');
    expect(providerErrorCode('email_does_not_match')).toBe('PROVIDER_DIFFERENT_EMAIL');
    expect((await linkedTo(cookie)).map((a) => a.providerId)).toEqual(['credential']);
  });

  it('never unlinks the last way to sign in, nor the password', async () => {
    const email = uniqueEmail('only-sso');
    idp.addIdentity({ email });
    const { cookie } = await signInAtProvider(email);
    const [only] = await linkedTo(cookie);
    const res = await authPost(
      ctx.app,
      '/unlink-account',
      { providerId: 'uni', accountId: only!.id },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(apiError(res)).toMatchObject({
      code: 'LAST_WAY_TO_SIGN_IN',
      message: identityMessages.lastWayToSignIn,
    });
    expect(await linkedTo(cookie)).toHaveLength(1);

    const withPassword = await createUser(ctx.app);
    const [password] = await linkedTo(withPassword.cookie);
    const credential = await authPost(
      ctx.app,
      '/unlink-account',
      { providerId: 'credential', accountId: password!.id },
      { cookie: withPassword.cookie },
    );
    expect(credential.statusCode).toBe(404);
    // someone else's identity is not there for this user
    const stranger = await authPost(
      ctx.app,
      '/unlink-account',
      { providerId: 'uni', accountId: only!.id },
      { cookie: withPassword.cookie },
    );
    expect(stranger.statusCode).toBe(404);
    expect(
      (await authPost(ctx.app, '/unlink-account', { providerId: 'uni', accountId: only!.id }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await authPost(
          ctx.app,
          '/unlink-account',
          { providerId: 'uni', accountId: 'x' },
          { cookie },
        )
      ).statusCode,
    ).toBe(400);
  });
});

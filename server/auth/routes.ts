import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  backupCodeInput,
  changePasswordInput,
  emailCodeInput,
  emailOnlyInput,
  enableTwoFactorInput,
  signInLinkInput,
  totpCodeInput,
  resetPasswordInput,
  resetTokenInput,
  signInInput,
  signUpInput,
} from '../../shared/schemas/auth.ts';
import {
  passkeyAuthenticationInput,
  passkeyIdInput,
  passkeyRegistrationInput,
  passkeyRenameInput,
  providerInput,
  unlinkInput,
} from '../../shared/schemas/identity.ts';
import { assertCanRemovePasskey, assertCanUnlink, hasPassword } from './linked-identities.ts';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import { identityMessages } from '../../shared/identity-messages.ts';
import { signInProviders } from './identity-plugins.ts';
import { callbackLocation, isCallbackPath } from './provider-callback.ts';
import { changeEmailInput } from '../../shared/schemas/account.ts';
import { hasRecentReauth, reauthRequired } from './reauth.ts';
import { authMessages } from '../../shared/auth-messages.ts';
import { sessions } from '../db/schema/auth.ts';
import { parseInput } from '../lib/validate.ts';
import { AccountLimiter, RateLimitedError } from './account-limiter.ts';
import { mapAuthError } from './auth-errors.ts';
import { clientIpHeader } from './create-auth.ts';
import { checkNewPassword } from './password-policy.ts';
import { isResetTokenValid, resetTokenOwner, signInAfterReset } from './reset-sign-in.ts';
import { getSessionUser, unauthenticated } from './session.ts';
import { eq } from 'drizzle-orm';

const basePath = '/api/auth';

/** Tokens for API clients (decision 0020): the signed-in user's JWT, and the public keys. */
const tokenPaths = ['/token', '/jwks'] as const;
/** Passkeys: the ceremonies' options (GET), and the list of the user's own. */
const passkeyReads = [
  '/passkey/generate-register-options',
  '/passkey/generate-authenticate-options',
  '/passkey/list-user-passkeys',
] as const;
/** Public keys change at most once per rotation: clients may keep them a few minutes. */
const jwksCacheControl = 'public, max-age=300';

const noInput = z.object({}).passthrough();
type Checked = { schema: z.ZodType; forward: (input: never) => Record<string, unknown> };

/**
 * What we check ourselves before better-auth sees a request, and what it then receives: every
 * POST we expose is here (finding 15), and only these fields reach better-auth.
 */
const inputs: Record<string, Checked> = {
  '/sign-up/email': {
    schema: signUpInput,
    forward: ({ email, password }: z.infer<typeof signUpInput>) => ({ email, password, name: '' }),
  },
  '/sign-in/email': {
    schema: signInInput,
    forward: ({ email, password, rememberMe }: z.infer<typeof signInInput>) => ({
      email,
      password,
      rememberMe,
    }),
  },
  '/request-password-reset': {
    schema: emailOnlyInput,
    forward: ({ email }: z.infer<typeof emailOnlyInput>) => ({ email }),
  },
  '/send-verification-email': {
    schema: emailOnlyInput,
    forward: ({ email }: z.infer<typeof emailOnlyInput>) => ({ email }),
  },
  '/reset-password': {
    schema: resetPasswordInput,
    forward: ({ token, newPassword }: z.infer<typeof resetPasswordInput>) => ({
      token,
      newPassword,
    }),
  },
  '/change-password': {
    schema: changePasswordInput,
    // The other sessions end: whoever else held one no longer does.
    forward: ({ currentPassword, newPassword }: z.infer<typeof changePasswordInput>) => ({
      currentPassword,
      newPassword,
      revokeOtherSessions: true,
    }),
  },
  // Sign-in with another provider: the answer is the provider's address (no redirect), which the
  // page opens. The way back (and any error) lands on /login, which sends a signed-in user home.
  '/sign-in/social': {
    schema: providerInput,
    forward: ({ provider }: z.infer<typeof providerInput>) => ({
      provider,
      callbackURL: '/login',
      errorCallbackURL: '/login',
      disableRedirect: true,
    }),
  },
  '/link-social': {
    schema: providerInput,
    forward: ({ provider }: z.infer<typeof providerInput>) => ({
      provider,
      callbackURL: '/account?linked=1',
      errorCallbackURL: '/account',
      disableRedirect: true,
    }),
  },
  '/passkey/verify-registration': {
    schema: passkeyRegistrationInput,
    forward: ({ response, name }: z.infer<typeof passkeyRegistrationInput>) => ({ response, name }),
  },
  '/passkey/verify-authentication': {
    schema: passkeyAuthenticationInput,
    forward: ({ response }: z.infer<typeof passkeyAuthenticationInput>) => ({ response }),
  },
  '/passkey/update-passkey': {
    schema: passkeyRenameInput,
    forward: ({ id, name }: z.infer<typeof passkeyRenameInput>) => ({ id, name }),
  },
  '/passkey/delete-passkey': {
    schema: passkeyIdInput,
    forward: ({ id }: z.infer<typeof passkeyIdInput>) => ({ id }),
  },
  // Only a provider's identity: the password stays (it is changed or reset, not unlinked).
  '/unlink-account': {
    schema: unlinkInput,
    forward: ({ providerId, accountId }: z.infer<typeof unlinkInput>) => ({
      providerId,
      accountId,
    }),
  },
  '/sign-out': { schema: noInput, forward: () => ({}) },
  '/change-email': {
    schema: changeEmailInput,
    forward: ({ newEmail }: z.infer<typeof changeEmailInput>) => ({ newEmail }),
  },
  // "Email me a sign-in code": one e-mail with a code and a link (sent by create-auth's sendMagicLink).
  '/sign-in/magic-link': {
    schema: emailOnlyInput,
    forward: ({ email }: z.infer<typeof emailOnlyInput>) => ({ email }),
  },
  '/sign-in/email-otp': {
    schema: emailCodeInput,
    forward: ({ email, code }: z.infer<typeof emailCodeInput>) => ({ email, otp: code }),
  },
  // Posted by the link page; forwarded as better-auth's GET with the token in a query that only
  // exists inside this process (the logged request line is the POST's, without it).
  '/magic-link/verify': {
    schema: signInLinkInput,
    forward: ({ token }: z.infer<typeof signInLinkInput>) => ({ token }),
  },
  '/two-factor/enable': {
    schema: enableTwoFactorInput,
    forward: ({ password }: z.infer<typeof enableTwoFactorInput>) => (password ? { password } : {}),
  },
  '/two-factor/verify-totp': {
    schema: totpCodeInput,
    forward: ({ code, trustDevice }: z.infer<typeof totpCodeInput>) => ({ code, trustDevice }),
  },
  '/two-factor/verify-backup-code': {
    schema: backupCodeInput,
    forward: ({ code, trustDevice }: z.infer<typeof backupCodeInput>) => ({ code, trustDevice }),
  },
  '/revoke-sessions': { schema: noInput, forward: () => ({}) },
  '/revoke-other-sessions': { schema: noInput, forward: () => ({}) },
};

/**
 * The better-auth endpoints the portal uses; the rest of its surface (update-user, OAuth, account
 * linking…) stays closed.
 */
const exposedPaths = new Set([
  ...Object.keys(inputs),
  '/get-session',
  '/verify-email',
  '/list-sessions',
  '/list-accounts',
  ...tokenPaths,
  ...passkeyReads,
]);

/** Paths that act on the current session: its absolute lifetime is checked first (finding 13). */
/** What changes how the account signs in asks for a recent re-authentication first (issue 10 item 7). */
const reauthPaths = new Set(['/change-email', '/unlink-account', '/passkey/delete-passkey']);
const sessionPaths = new Set([
  '/get-session',
  '/token',
  '/list-accounts',
  '/link-social',
  '/unlink-account',
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/list-user-passkeys',
  '/passkey/update-passkey',
  '/passkey/delete-passkey',
  '/list-sessions',
  '/change-password',
  '/change-email',
  '/sign-out',
  '/revoke-sessions',
  '/revoke-other-sessions',
]);

/** Paths that may end in a new session: one that this browser held before ends (finding 13). */
const signInPaths = new Set([
  '/sign-in/email',
  '/sign-in/email-otp',
  '/magic-link/verify',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
]);

function toFetchHeaders(req: FastifyRequest, dropCookie: boolean): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'content-length' || name === clientIpHeader) continue;
    if (dropCookie && name === 'cookie') continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  headers.set(clientIpHeader, req.ip);
  return headers;
}

function isSecondFactorChallenge(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

/** Whether the answer set a session cookie (a real sign-in, not a second-factor challenge). */
function hasNewSession(response: Response): boolean {
  return response.headers
    .getSetCookie()
    .some((cookie) => /^portal[._-]session_token=[^;]/.test(cookie.replace(/^__Secure-/, '')));
}

/** Session tokens stay in HttpOnly cookies: never hand them to page scripts. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, inner]) => [key, withoutTokens(inner)]),
  );
}

async function sendFetchResponse(
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
  response: Response,
) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (
      [
        'set-cookie',
        'content-length',
        'content-encoding',
        'transfer-encoding',
        'connection',
      ].includes(name)
    )
      return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const isRedirect = response.status >= 300 && response.status < 400;
  if (isRedirect && isCallbackPath(path)) {
    const location = response.headers.get('location');
    if (location) reply.header('location', callbackLocation(location, req.server.config.publicUrl));
  }
  if (isRedirect) return reply.send('');
  // A browser back from a provider with a request better-auth refuses outright: /login says so.
  if (isCallbackPath(path) && response.status >= 400 && response.status < 500) {
    return reply.code(302).header('location', '/login?sso_error=invalid_callback_request').send('');
  }
  const isJson = response.headers.get('content-type')?.includes('application/json');
  if (!isJson) return reply.send(Buffer.from(await response.arrayBuffer()));
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const retryAfter = response.headers.get('x-retry-after');
    if (retryAfter) reply.header('retry-after', retryAfter);
    const answer = mapAuthError(path, response.status, body, retryAfter);
    if (answer.status >= 500)
      req.log.error({ status: response.status, path }, 'the auth server failed');
    return reply
      .code(answer.status)
      .send({ error: { code: answer.code, message: answer.message, requestId: req.id } });
  }
  // The same answer whether or not the address already had an account.
  if (path === '/sign-up/email') return reply.send({ status: true });
  if (path === '/jwks') reply.header('cache-control', jwksCacheControl);
  // The one answer whose token is meant for the caller: a JWT for API clients, never the session's.
  if (path === '/token') return reply.header('cache-control', 'no-store').send(body);
  if (isSecondFactorChallenge(body)) {
    // Which step comes next: the code (an authenticator app), or a passkey (staff without one).
    const methods = (body as { twoFactorMethods?: unknown }).twoFactorMethods;
    const passkeyOnly = Array.isArray(methods) && methods.length === 1 && methods[0] === 'passkey';
    return reply.send({
      twoFactorRedirect: true,
      twoFactorMethods: passkeyOnly ? ['passkey'] : ['totp'],
    });
  }
  if (path === '/get-session' && body && typeof body === 'object' && 'user' in body) {
    // The web app routes staff by it: the console opens with an authenticator app or a passkey.
    const user = await getSessionUser(req);
    const withFactor = {
      ...(body as { user: object }),
      user: { ...(body as { user: object }).user, secondFactor: Boolean(user?.secondFactor) },
    };
    return reply.send(withoutTokens(withFactor));
  }
  return reply.send(withoutTokens(body));
}

/** better-auth mounted under /api/auth: our input rules and per-account limits first, then its handler. */
export async function authRoutes(app: FastifyInstance) {
  /** D13 on every way a password is set: common ones refused, staff need 12 characters. */
  async function checkPasswordRules(
    req: FastifyRequest,
    path: string,
    body: Record<string, unknown>,
  ) {
    if (path === '/sign-up/email') checkNewPassword(String(body.password), 'applicant', 'password');
    if (path === '/reset-password') {
      const owner = await resetTokenOwner(app, String(body.token));
      // An unknown token is better-auth's to refuse (with the link-expired message).
      if (owner) checkNewPassword(String(body.newPassword), owner.role, 'newPassword');
    }
    if (path === '/change-password') {
      // Not signed in: better-auth answers 401.
      const user = await getSessionUser(req);
      if (user) checkNewPassword(String(body.newPassword), user.role, 'newPassword');
    }
  }

  const limiter = new AccountLimiter(app.config.auth.rateLimit, app.rateLimits);

  const providers = new Set(signInProviders(app.config).map((p) => p.id));

  /** The sign-in buttons /login shows: Google and Microsoft only when configured, then each OpenID Connect provider. */
  app.get(`${basePath}/providers`, async () => ({ providers: signInProviders(app.config) }));

  // The spec's path for the key set; the same keys as /api/auth/jwks.
  app.get('/.well-known/jwks.json', async (_req, reply) => {
    const keySet = await app.auth.api.getJwks();
    return reply.header('cache-control', jwksCacheControl).send(keySet);
  });

  app.post(`${basePath}/reset-password/status`, async (req) => {
    const { token } = parseInput(resetTokenInput, req.body ?? {});
    return { valid: await isResetTokenValid(app, token) };
  });

  // better-auth's own reset links put the token in the path; ours never do. Refuse them
  // without a log line, since the request line would carry the token.
  app.route({
    method: ['GET', 'POST'],
    url: `${basePath}/reset-password/:token`,
    logLevel: 'silent',
    handler: async () => {
      throw new NotFoundError('NOT_FOUND', 'There is nothing at this address.');
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: `${basePath}/*`,
    async handler(req, reply) {
      const url = new URL(req.url, app.config.publicUrl);
      const path = url.pathname.slice(basePath.length);
      const isCallback = req.method === 'GET' && isCallbackPath(path);
      if (!exposedPaths.has(path) && !isCallback)
        throw new NotFoundError('NOT_FOUND', 'There is nothing at this address.');
      // What takes a body is only ever POSTed: a sign-in link's token, say, never arrives in a query
      // string (better-auth's GET would take it from there).
      if (req.method === 'GET' && Object.hasOwn(inputs, path))
        throw new NotFoundError('NOT_FOUND', 'There is nothing at this address.');

      let body: Record<string, unknown> | undefined;
      if (req.method === 'POST') {
        const rule = inputs[path];
        if (!rule) throw new NotFoundError('NOT_FOUND', 'There is nothing at this address.');
        const input = parseInput(rule.schema, req.body ?? {}) as never;
        body = rule.forward(input);
        if ('provider' in body && !providers.has(String(body.provider)))
          throw new ValidationError({ provider: identityMessages.providerUnknown });
        if (path === '/sign-in/email') {
          try {
            await limiter.beforeSignIn(String(body.email));
          } catch (error) {
            if (error instanceof RateLimitedError)
              reply.header('retry-after', String(error.retryAfterSeconds));
            throw error;
          }
        }
        await checkPasswordRules(req, path, body);
        if (path === '/unlink-account') {
          const user = await getSessionUser(req);
          if (!user) throw unauthenticated();
          await assertCanUnlink(app, user.id, body as { providerId: string; accountId: string });
        }
        if (path === '/two-factor/enable') {
          // Without a password better-auth asks for none (allowPasswordless): a re-authentication
          // within 5 minutes (an e-mailed code or a passkey) stands in for it.
          const user = await getSessionUser(req);
          if (user && !(await hasPassword(app, user.id)) && !(await hasRecentReauth(app, user)))
            throw reauthRequired();
        }
        if (reauthPaths.has(path)) {
          // Item 7: a new address, an unlinked identity or a removed passkey only after the
          // password or a code within the last 5 minutes.
          const user = await getSessionUser(req);
          if (user && !(await hasRecentReauth(app, user))) throw reauthRequired();
        }
        // After the re-authentication: its own, never the last way to sign in (decision 0023).
        if (path === '/passkey/delete-passkey') {
          const user = await getSessionUser(req);
          if (!user) throw unauthenticated();
          await assertCanRemovePasskey(app, user.id, String(body.id));
        }
      }
      // Past its absolute lifetime, the session is ended before better-auth looks for it.
      const current =
        sessionPaths.has(path) || signInPaths.has(path) ? await getSessionUser(req) : null;

      // Resend always takes the signed-out path, whose answer is the same for every address.
      const headers = toFetchHeaders(req, path === '/send-verification-email');
      if (body) headers.set('content-type', 'application/json');
      let request = new Request(url, {
        method: req.method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
      });
      if (path === '/magic-link/verify' && body) {
        const link = new URL(url.pathname, url);
        link.searchParams.set('token', String(body.token));
        headers.delete('content-type');
        headers.set('accept', 'application/json');
        request = new Request(link, { method: 'GET', headers });
      }

      if (path === '/reset-password' && body) {
        return signInAfterReset(
          app,
          req,
          reply,
          request,
          body as { token: string; newPassword: string },
          (response) => sendFetchResponse(req, reply, path, response),
        );
      }
      let response = await app.auth.handler(request);
      if (path === '/magic-link/verify' && response.status >= 300 && response.status < 400) {
        // better-auth answers a bad link with a redirect carrying ?error=…; the page asked by POST.
        const payload = { code: 'SIGN_IN_LINK_INVALID', message: authMessages.signInLinkInvalid };
        response = new Response(JSON.stringify(payload), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (path === '/sign-in/email' && body)
        await limiter.afterSignIn(String(body.email), response.status);
      // Finding 13: a new sign-in on this browser ends the session it had before.
      if (signInPaths.has(path) && response.ok && current?.sessionId && hasNewSession(response)) {
        await app.db.delete(sessions).where(eq(sessions.id, current.sessionId));
      }
      return sendFetchResponse(req, reply, path, response);
    },
  });
}

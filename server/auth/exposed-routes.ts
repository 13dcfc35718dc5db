import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnglish } from '../../shared/error-codes.ts';
import { z } from 'zod';
import {
  backupCodeInput,
  changePasswordInput,
  emailCodeInput,
  emailOnlyInput,
  enableTwoFactorInput,
  resetPasswordInput,
  signInInput,
  signInLinkInput,
  signUpInput,
  totpCodeInput,
} from '../../shared/schemas/auth.ts';
import { changeEmailInput } from '../../shared/schemas/account.ts';
import {
  passkeyAuthenticationInput,
  passkeyIdInput,
  passkeyRegistrationInput,
  passkeyRenameInput,
  providerInput,
  unlinkInput,
} from '../../shared/schemas/identity.ts';
import { ValidationError } from '../lib/errors.ts';
import { passwordSignInGuard } from './sign-in-guard.ts';
import { jsonResponse, plainAnswer, withoutTokens } from './better-auth-bridge.ts';
import { signInProviders } from './identity-plugins.ts';
import { assertCanRemovePasskey, assertCanUnlink, hasPassword } from './linked-identities.ts';
import { checkNewPassword } from './password-policy.ts';
import { hasRecentReauth, reauthRequired } from './reauth.ts';
import { resetTokenOwner, signInAfterReset } from './reset-sign-in.ts';
import { getSessionUser, unauthenticated } from './session.ts';
import { endSignInMail, signInMailAddress } from './sign-in-mail.ts';

export interface AuthCall {
  req: FastifyRequest;
  reply: FastifyReply;
  /** What better-auth receives: only the fields `input.forward` kept (POST). */
  body: Record<string, unknown>;
}

/** One better-auth endpoint we expose, and what we do around it. */
export interface ExposedAuthRoute {
  method: 'GET' | 'POST';
  /** A POST's input: checked with the shared schema; only `forward`'s fields reach better-auth. */
  input?: { schema: z.ZodType; forward: (input: never) => Record<string, unknown> };
  /**
   * `current`: acts on the current session, whose absolute lifetime is checked first;
   * `sign-in`: may start a new session, which ends the one this browser held (finding 13).
   */
  session?: 'current' | 'sign-in';
  /** Asked as a signed-out browser would (the answer is the same for every address). */
  signedOut?: boolean;
  /** Our own rules, before better-auth sees the request. */
  check?: (call: AuthCall) => Promise<void>;
  /** How better-auth is asked, when not with the request as it came. */
  ask?: (call: AuthCall, request: Request) => Promise<Response>;
  /** After better-auth answered, before the answer is sent. */
  after?: (call: AuthCall, response: Response) => Promise<void>;
  /** What the caller receives from a successful JSON answer. */
  answer?: (call: AuthCall, body: unknown) => unknown;
}

type Rest = Omit<ExposedAuthRoute, 'method' | 'input'>;

function post<S extends z.ZodType>(
  schema: S,
  forward: (input: z.infer<S>) => Record<string, unknown>,
  rest: Rest = {},
): ExposedAuthRoute {
  return { method: 'POST', input: { schema, forward }, ...rest };
}

const get = (rest: Rest = {}): ExposedAuthRoute => ({ method: 'GET', ...rest });
const noInput = z.object({}).passthrough();
const nothing = () => ({});

/** Public keys change at most once per rotation: clients may keep them a few minutes. */
export const jwksCacheControl = 'public, max-age=300';

/**
 * The better-auth endpoints the portal uses, by path under /api/auth; the rest of its surface
 * (update-user, OAuth, account linking…) stays closed. Every POST checks its input here (finding 15).
 */
export function exposedAuthRoutes(app: FastifyInstance): Record<string, ExposedAuthRoute> {
  const signInGuard = passwordSignInGuard(app);
  const providers = new Set(signInProviders(app.config).map((p) => p.id));

  const knownProvider = async ({ body }: AuthCall) => {
    if (!providers.has(String(body.provider)))
      throw new ValidationError({ provider: 'PROVIDER_UNKNOWN' });
  };
  /** Item 7 (issue 10): only after the password or a code within the last 5 minutes. */
  const recentReauth = async ({ req }: AuthCall) => {
    const user = await getSessionUser(req);
    if (user && !(await hasRecentReauth(app, user))) throw reauthRequired();
  };
  /**
   * The sign-in e-mail's code and link are one proof (issue 22 finding 12): once either signs in,
   * the other stops working. The address is read first: the link's row is used up by the answer.
   */
  const oneProofPerMail =
    (path: string, ask: (call: AuthCall, request: Request) => Promise<Response>) =>
    async (call: AuthCall, request: Request) => {
      const email = await signInMailAddress(app.db, path, call.body);
      const response = await ask(call, request);
      if (email && response.ok) await endSignInMail(app.db, email);
      return response;
    };
  const signedInUser = async (req: FastifyRequest) => {
    const user = await getSessionUser(req);
    if (!user) throw unauthenticated();
    return user;
  };

  return {
    '/sign-up/email': post(signUpInput, ({ email, password }) => ({ email, password, name: '' }), {
      // D13: common passwords refused.
      check: async ({ body }) => checkNewPassword(String(body.password), 'applicant', 'password'),
      // The same answer whether or not the address already had an account.
      answer: () => ({ status: true }),
    }),
    '/sign-in/email': post(
      signInInput,
      ({ email, password, rememberMe }) => ({ email, password, rememberMe }),
      {
        session: 'sign-in',
        check: ({ req, reply, body }) => signInGuard.before(req, reply, String(body.email)),
        after: ({ req, reply, body }, response) =>
          signInGuard.after(req, reply, String(body.email), response.status),
      },
    ),
    '/request-password-reset': post(emailOnlyInput, ({ email }) => ({ email })),
    '/send-verification-email': post(emailOnlyInput, ({ email }) => ({ email }), {
      signedOut: true,
    }),
    '/reset-password': post(
      resetPasswordInput,
      ({ token, newPassword }) => ({ token, newPassword }),
      {
        check: async ({ body }) => {
          const owner = await resetTokenOwner(app, String(body.token));
          // An unknown token is better-auth's to refuse (with the link-expired message).
          if (owner) checkNewPassword(String(body.newPassword), owner.role, 'newPassword');
        },
        ask: ({ body }, request) =>
          signInAfterReset(app, request, body as { token: string; newPassword: string }),
      },
    ),
    '/change-password': post(
      changePasswordInput,
      // The other sessions end: whoever else held one no longer does.
      ({ currentPassword, newPassword }) => ({
        currentPassword,
        newPassword,
        revokeOtherSessions: true,
      }),
      {
        session: 'current',
        check: async ({ req, body }) => {
          // Not signed in: better-auth answers 401.
          const user = await getSessionUser(req);
          if (user) checkNewPassword(String(body.newPassword), user.role, 'newPassword');
        },
      },
    ),
    // Sign-in with another provider: the answer is the provider's address (no redirect), which the
    // page opens. The way back (and any error) lands on /login, which sends a signed-in user home.
    '/sign-in/social': post(
      providerInput,
      ({ provider }) => ({
        provider,
        callbackURL: '/login',
        errorCallbackURL: '/login',
        disableRedirect: true,
      }),
      { check: knownProvider },
    ),
    '/link-social': post(
      providerInput,
      ({ provider }) => ({
        provider,
        callbackURL: '/account?linked=1',
        errorCallbackURL: '/account',
        disableRedirect: true,
      }),
      { session: 'current', check: knownProvider },
    ),
    '/passkey/generate-register-options': get({ session: 'current' }),
    '/passkey/generate-authenticate-options': get(),
    '/passkey/list-user-passkeys': get({ session: 'current' }),
    '/passkey/verify-registration': post(
      passkeyRegistrationInput,
      ({ response, name }) => ({ response, name }),
      { session: 'current' },
    ),
    '/passkey/verify-authentication': post(passkeyAuthenticationInput, ({ response }) => ({
      response,
    })),
    '/passkey/update-passkey': post(passkeyRenameInput, ({ id, name }) => ({ id, name }), {
      session: 'current',
    }),
    '/passkey/delete-passkey': post(passkeyIdInput, ({ id }) => ({ id }), {
      session: 'current',
      // After the re-authentication: its own, never the last way to sign in (decision 0023).
      check: async (call) => {
        await recentReauth(call);
        const user = await signedInUser(call.req);
        await assertCanRemovePasskey(app, user.id, String(call.body.id));
      },
    }),
    // Only a provider's identity: the password stays (it is changed or reset, not unlinked).
    '/unlink-account': post(
      unlinkInput,
      ({ providerId, accountId }) => ({ providerId, accountId }),
      {
        session: 'current',
        check: async (call) => {
          const user = await signedInUser(call.req);
          await assertCanUnlink(
            app,
            user.id,
            call.body as { providerId: string; accountId: string },
          );
          await recentReauth(call);
        },
      },
    ),
    '/sign-out': post(noInput, nothing, { session: 'current' }),
    '/change-email': post(changeEmailInput, ({ newEmail }) => ({ newEmail }), {
      session: 'current',
      check: recentReauth,
    }),
    // "Email me a sign-in code": one e-mail with a code and a link (sent by create-auth's sendMagicLink).
    '/sign-in/magic-link': post(emailOnlyInput, ({ email }) => ({ email })),
    '/sign-in/email-otp': post(emailCodeInput, ({ email, code }) => ({ email, otp: code }), {
      session: 'sign-in',
      ask: oneProofPerMail('/sign-in/email-otp', (_call, request) => app.auth.handler(request)),
    }),
    // Posted by the link page; forwarded as better-auth's GET with the token in a query that only
    // exists inside this process (the logged request line is the POST's, without it).
    '/magic-link/verify': post(signInLinkInput, ({ token }) => ({ token }), {
      session: 'sign-in',
      ask: oneProofPerMail('/magic-link/verify', async ({ body }, request) => {
        const link = new URL(request.url);
        link.search = '';
        link.searchParams.set('token', String(body.token));
        const headers = new Headers(request.headers);
        headers.delete('content-type');
        headers.set('accept', 'application/json');
        const response = await app.auth.handler(new Request(link, { method: 'GET', headers }));
        if (response.status < 300 || response.status >= 400) return response;
        // better-auth answers a bad link with a redirect carrying ?error=…; the page asked by POST.
        const payload = {
          code: 'SIGN_IN_LINK_INVALID',
          message: errorEnglish('SIGN_IN_LINK_INVALID'),
        };
        return jsonResponse(400, payload);
      }),
    }),
    '/two-factor/enable': post(
      enableTwoFactorInput,
      ({ password }) => (password ? { password } : {}),
      {
        // Without a password better-auth asks for none (allowPasswordless): a re-authentication
        // within 5 minutes (an e-mailed code or a passkey) stands in for it.
        check: async ({ req }) => {
          const user = await getSessionUser(req);
          if (user && !(await hasPassword(app, user.id)) && !(await hasRecentReauth(app, user)))
            throw reauthRequired();
        },
      },
    ),
    '/two-factor/verify-totp': post(
      totpCodeInput,
      ({ code, trustDevice }) => ({ code, trustDevice }),
      { session: 'sign-in' },
    ),
    '/two-factor/verify-backup-code': post(
      backupCodeInput,
      ({ code, trustDevice }) => ({ code, trustDevice }),
      { session: 'sign-in' },
    ),
    '/revoke-sessions': post(noInput, nothing, { session: 'current' }),
    '/revoke-other-sessions': post(noInput, nothing, { session: 'current' }),
    '/get-session': get({
      session: 'current',
      answer: async ({ req }, body) => {
        if (!body || typeof body !== 'object' || !('user' in body)) return plainAnswer(body);
        // The web app routes staff by it: the console opens with an authenticator app or a passkey.
        const user = await getSessionUser(req);
        const session = body as { user: object };
        return withoutTokens({
          ...session,
          user: { ...session.user, secondFactor: Boolean(user?.secondFactor) },
        });
      },
    }),
    '/list-sessions': get({ session: 'current' }),
    '/list-accounts': get({ session: 'current' }),
    // Tokens for API clients (decision 0020): the signed-in user's JWT, and the public keys.
    // The one answer whose token is meant for the caller: a JWT, never the session's.
    '/token': get({
      session: 'current',
      answer: ({ reply }, body) => {
        reply.header('cache-control', 'no-store');
        return body;
      },
    }),
    '/jwks': get({
      answer: ({ reply }, body) => {
        reply.header('cache-control', jwksCacheControl);
        return plainAnswer(body);
      },
    }),
  };
}

import { passkey } from '@better-auth/passkey';
import { errorEnglish } from '../../shared/error-codes.ts';
import type { BetterAuthOptions } from 'better-auth';
import { APIError } from 'better-auth/api';
import { cleanDisplayName } from '../../shared/text-safety.ts';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { jwt } from 'better-auth/plugins/jwt';
import type { Config } from '../config.ts';
import { jwks, passkeys } from '../db/schema/identity.ts';

/** The tables behind the identity plugins, for the Drizzle adapter (model name → table). */
export const identitySchema = { jwks, passkey: passkeys };

/** The issuer and audience of the portal's tokens: its public origin. */
export function tokenIssuer(config: Config): string {
  return config.publicUrl;
}

/** A sign-in provider as /login and /account show it. */
export interface SignInProvider {
  id: string;
  name: string;
}

/** Google and Microsoft when their client is set, then each OpenID Connect provider, in order. */
export function signInProviders(config: Config): SignInProvider[] {
  const { google, microsoft, oidc } = config.identity;
  return [
    ...(google ? [{ id: 'google', name: 'Google' }] : []),
    ...(microsoft ? [{ id: 'microsoft', name: 'Microsoft' }] : []),
    ...oidc.map(({ id, name }) => ({ id, name })),
  ];
}

/**
 * Tokens for API clients (issue 10 item 9): EdDSA, short-lived, carrying the session id (`sid`)
 * so that a revoked session's tokens are refused at once (server/auth/bearer.ts). No e-mail or
 * name in the token: only the user id, the role and the session.
 */
function tokens(config: Config) {
  const { lifetimeSeconds, rotationSeconds, graceSeconds } = config.identity.jwt;
  return jwt({
    jwks: {
      keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' },
      rotationInterval: rotationSeconds,
      gracePeriod: graceSeconds,
    },
    jwt: {
      issuer: tokenIssuer(config),
      audience: tokenIssuer(config),
      // A number would be read as an absolute `exp`: a string is a span from now.
      expirationTime: `${lifetimeSeconds}s`,
      definePayload: ({ user, session }) => ({
        sid: session.id,
        role: (user as { role?: string }).role ?? 'applicant',
      }),
    },
    // Tokens only from GET /api/auth/token, never as a header on every get-session.
    disableSettingJwtHeader: true,
  });
}

/**
 * Any OpenID Connect provider by its discovery URL (a partner's or a university's SSO). Discovery
 * runs when the auth engine starts; a provider whose discovery fails is skipped with a log line.
 * Authorization code with PKCE, ID tokens checked against the provider's keys and our nonce.
 */
function openIdProviders(config: Config) {
  return genericOAuth({
    config: config.identity.oidc.map((provider) => ({
      providerId: provider.id,
      name: provider.name,
      discoveryUrl: provider.discoveryUrl,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      requireIdTokenVerification: true,
      // An address the provider has not verified gets our confirmation e-mail, not a session.
      requireEmailVerification: true,
    })),
  });
}

/**
 * Passkeys (WebAuthn) for the portal's own origin: added from /account while signed in, then a way
 * to sign in. The relying party is PUBLIC_URL's host name (a passkey works only there).
 */
function passkeySignIn(config: Config) {
  const url = new URL(config.publicUrl);
  return passkey({
    rpID: url.hostname,
    rpName: 'UK Study Portal',
    origin: url.origin,
    // A passkey proves the device AND its owner (PIN, fingerprint, face): it counts as both
    // factors (decision 0023), so the device must verify the person.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    authentication: {
      afterVerification: ({ verification }) => {
        if (!verification.authenticationInfo.userVerified) {
          throw new APIError('UNAUTHORIZED', {
            code: 'PASSKEY_NOT_USER_VERIFIED',
            message: errorEnglish('PASSKEY_NOT_USER_VERIFIED'),
          });
        }
      },
    },
  });
}

/** better-auth plugins for sign-in methods other than the password, and for tokens. */
export function identityPlugins(config: Config) {
  return [
    tokens(config),
    passkeySignIn(config),
    ...(config.identity.oidc.length ? [openIdProviders(config)] : []),
  ] as const;
}

/**
 * Google and Microsoft, and how other identities join an account: only when the provider says the
 * e-mail is verified AND the account's own e-mail is confirmed (better-auth's rule with no
 * provider trusted blindly); never to a different e-mail address. The provider's tokens are not
 * needed after sign-in and are not kept (`withoutProviderTokens`).
 */
export function identityOptions(
  config: Config,
): Pick<BetterAuthOptions, 'socialProviders' | 'account'> {
  const { google, microsoft } = config.identity;
  return {
    socialProviders: {
      ...(google
        ? {
            google: {
              clientId: google.clientId,
              clientSecret: google.clientSecret,
              prompt: 'select_account' as const,
              requireEmailVerification: true,
            },
          }
        : {}),
      ...(microsoft
        ? {
            microsoft: {
              clientId: microsoft.clientId,
              clientSecret: microsoft.clientSecret,
              tenantId: microsoft.tenantId,
              prompt: 'select_account' as const,
              requireEmailVerification: true,
            },
          }
        : {}),
    },
    account: {
      accountLinking: {
        enabled: true,
        trustedProviders: [],
        allowDifferentEmails: false,
        requireLocalEmailVerified: true,
        updateUserInfoOnLink: false,
      },
      updateAccountOnSignIn: false,
      encryptOAuthTokens: true,
    },
  };
}

/** The provider's access, refresh and ID tokens (an ID token names the e-mail): we keep none. */
async function withoutProviderTokens<T extends Record<string, unknown>>(
  account: T,
): Promise<{ data: T }> {
  const data: Record<string, unknown> = { ...account };
  for (const key of ['accessToken', 'refreshToken', 'idToken'] as const)
    if (key in data) data[key] = null;
  return { data: data as T };
}

/**
 * An account's name as better-auth writes it (an identity provider's profile on the first sign-in):
 * no bidi control, as every name the portal shows (decision 0033).
 */
async function withCleanName<T extends Record<string, unknown>>(user: T): Promise<{ data: T }> {
  if (typeof user.name !== 'string') return { data: user };
  return { data: { ...user, name: cleanDisplayName(user.name) } };
}

/** better-auth database hooks of the identity features (create-auth.ts merges them). */
export const identityDatabaseHooks = {
  user: { create: { before: withCleanName }, update: { before: withCleanName } },
  account: { create: { before: withoutProviderTokens }, update: { before: withoutProviderTokens } },
} satisfies BetterAuthOptions['databaseHooks'];

/**
 * Per-IP limits of the identity endpoints (better-auth's own rule for /sign-in/* is 3 per 10 s,
 * which a person trying two providers would hit): the same limit as the password sign-in.
 */
export function identityRateLimits(rule: { window: number; max: number }) {
  return {
    '/sign-in/social': rule,
    '/link-social': rule,
    '/sign-in/passkey': rule,
    '/passkey/*': rule,
  };
}

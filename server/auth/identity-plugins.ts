import { jwt } from 'better-auth/plugins/jwt';
import type { Config } from '../config.ts';
import { jwks, passkeys } from '../db/schema/identity.ts';

/** The tables behind the identity plugins, for the Drizzle adapter (model name → table). */
export const identitySchema = { jwks, passkey: passkeys };

/** The issuer and audience of the portal's tokens: its public origin. */
export function tokenIssuer(config: Config): string {
  return config.publicUrl;
}

/**
 * Tokens for API clients (issue 10 item 9): EdDSA, short-lived, carrying the session id (`sid`)
 * so that a revoked session's tokens are refused at once (server/auth/bearer.ts). No e-mail or
 * name in the token: only the user id, the role and the session.
 */
function tokens(config: Config) {
  const { lifetimeSeconds, rotationSeconds, graceSeconds } = config.identity.jwt;
  return jwt({
    jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' }, rotationInterval: rotationSeconds, gracePeriod: graceSeconds },
    jwt: {
      issuer: tokenIssuer(config),
      audience: tokenIssuer(config),
      // A number would be read as an absolute `exp`: a string is a span from now.
      expirationTime: `${lifetimeSeconds}s`,
      definePayload: ({ user, session }) => ({ sid: session.id, role: (user as { role?: string }).role ?? 'applicant' }),
    },
    // Tokens only from GET /api/auth/token, never as a header on every get-session.
    disableSettingJwtHeader: true,
  });
}

/** better-auth plugins for sign-in methods other than the password, and for tokens. */
export function identityPlugins(config: Config) {
  return [tokens(config)] as const;
}

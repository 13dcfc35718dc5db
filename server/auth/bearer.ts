import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWK } from 'jose';
import type { UserRole } from '../db/schema/auth.ts';
import { findLiveSession, findPublishedKeys } from './token-repository.ts';
import { AppError } from '../lib/errors.ts';
import { bearerToken } from './access.ts';
import { tokenIssuer } from './identity-plugins.ts';
import { endIfPastLifetime, getSessionUser, unauthenticated, type SessionUser } from './session.ts';

const compactJws = /^[A-Za-z0-9_-]{2,2048}\.[A-Za-z0-9_-]{2,4096}\.[A-Za-z0-9_-]{2,1024}$/;
const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class InvalidTokenError extends AppError {
  constructor() {
    super(
      'INVALID_TOKEN',
      401,
      'This token is not valid or has expired. Get a new one from /api/auth/token and try again.',
    );
    this.name = 'InvalidTokenError';
  }
}

/**
 * The public keys a token may be signed with: every key still signing, and those that stopped
 * less than the grace period ago (the same rule as the published key set).
 */
export async function publishedKeys(app: FastifyInstance): Promise<JSONWebKeySet> {
  const graceStart = new Date(Date.now() - app.config.identity.jwt.graceSeconds * 1000);
  const rows = await findPublishedKeys(app.db, graceStart);
  return {
    keys: rows.map((row) => ({
      ...(JSON.parse(row.publicKey) as JWK),
      alg: row.alg ?? 'EdDSA',
      kid: row.id,
      use: 'sig',
    })),
  };
}

/**
 * The user behind `Authorization: Bearer <jwt>`. The token must be an EdDSA JWT from one of our
 * published keys, for our issuer and audience, not expired, and its session (`sid`) must still
 * exist for the same user: revoking a session (sign-out, "sign out everywhere", a reset, a
 * deactivation) refuses its tokens at once, whatever their lifetime.
 */
export async function userFromBearer(
  app: FastifyInstance,
  token: string | null,
): Promise<SessionUser> {
  if (!token || !compactJws.test(token)) throw new InvalidTokenError();
  let claims: { sub?: unknown; sid?: unknown };
  try {
    const keys = createLocalJWKSet(await publishedKeys(app));
    const issuer = tokenIssuer(app.config);
    ({ payload: claims } = await jwtVerify(token, keys, {
      algorithms: ['EdDSA'],
      issuer,
      audience: issuer,
      requiredClaims: ['exp', 'sub'],
    }));
  } catch {
    throw new InvalidTokenError();
  }
  const { sub, sid } = claims;
  if (
    typeof sub !== 'string' ||
    typeof sid !== 'string' ||
    !uuidLike.test(sid) ||
    !uuidLike.test(sub)
  )
    throw new InvalidTokenError();
  const row = await findLiveSession(app.db, sid, sub);
  if (!row || (await endIfPastLifetime(app, row.session))) throw new InvalidTokenError();
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    role: user.role as UserRole,
    name: user.name,
    sessionId: sid,
  };
}

/**
 * preHandler for the read-only /api/me routes: a session cookie, or a token from
 * /api/auth/token in `Authorization: Bearer`. Sets `req.user`.
 */
export const requireReader: preHandlerAsyncHookHandler = async function requireReader(
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const token = bearerToken(req);
  if (token !== undefined) {
    try {
      req.user = await userFromBearer(req.server, token);
      return;
    } catch (error) {
      if (error instanceof InvalidTokenError)
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw error;
    }
  }
  const user = await getSessionUser(req);
  if (!user) throw unauthenticated();
  req.user = user;
};

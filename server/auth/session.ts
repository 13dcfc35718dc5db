import { eq } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { sessions, type UserRole } from '../db/schema/auth.ts';
import { passkeys } from '../db/schema/identity.ts';
import { AppError } from '../lib/errors.ts';
import { needsSecondFactorRole } from '../../shared/staff-workflow.ts';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  role: UserRole;
  name: string;
  /** An authenticator app is set up (better-auth twoFactor); staff need it (0019). */
  twoFactorEnabled?: boolean;
  /**
   * Staff: an authenticator app or a passkey is set up, so the console opens (D13, decision 0023).
   * Others: the authenticator app only (their passkeys are not looked up on every request).
   */
  secondFactor?: boolean;
  /** The session this request came with (set when read from a request). */
  sessionId?: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` / `requireRole`. */
    user?: SessionUser;
  }
}

const cached = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

function toHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/**
 * Finding 13: a session ends `absoluteSeconds` after sign-in however often it is used (better-auth
 * itself only has the idle lifetime, which each use extends). Ends it now if it is past that.
 */
export async function endIfPastLifetime(
  app: FastifyInstance,
  session: { id: string; createdAt: Date | string },
): Promise<boolean> {
  const age = Date.now() - new Date(session.createdAt).getTime();
  if (age < app.config.auth.session.absoluteSeconds * 1000) return false;
  await app.db.delete(sessions).where(eq(sessions.id, session.id));
  return true;
}

async function lookUp(req: FastifyRequest): Promise<SessionUser | null> {
  if (!req.headers.cookie) return null;
  const result = await req.server.auth.api.getSession({ headers: toHeaders(req) });
  if (!result) return null;
  if (await endIfPastLifetime(req.server, result.session)) return null;
  const { user, session } = result;
  const twoFactorEnabled = Boolean(
    (user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled,
  );
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    role: user.role as UserRole,
    name: user.name,
    twoFactorEnabled,
    secondFactor:
      twoFactorEnabled ||
      (needsSecondFactorRole(user.role as string) && (await hasPasskey(req.server, user.id))),
    sessionId: session.id,
  };
}

/** Whether the user registered a passkey (a second factor for staff, decision 0023). */
export async function hasPasskey(app: FastifyInstance, userId: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** The signed-in user of this request (from the session cookie, checked against the database), or null. */
export function getSessionUser(req: FastifyRequest): Promise<SessionUser | null> {
  let pending = cached.get(req);
  if (!pending) {
    pending = lookUp(req);
    cached.set(req, pending);
  }
  return pending;
}

export function unauthenticated(): AppError {
  return new AppError('UNAUTHENTICATED', 401, 'Please sign in to continue.');
}

/** preHandler: 401 unless signed in; sets `req.user`. */
export const requireUser: preHandlerAsyncHookHandler = async function requireUser(
  req: FastifyRequest,
  _reply: FastifyReply,
) {
  const user = await getSessionUser(req);
  if (!user) throw unauthenticated();
  req.user = user;
};

/** preHandler: 401 unless signed in, 403 unless the user has one of `roles`; sets `req.user`. */
export function requireRole(...roles: UserRole[]): preHandlerAsyncHookHandler {
  return async function requireRoleHook(req: FastifyRequest, _reply: FastifyReply) {
    const user = await getSessionUser(req);
    if (!user) throw unauthenticated();
    if (!roles.includes(user.role)) {
      throw new AppError('FORBIDDEN', 403, 'You do not have permission to do this.');
    }
    // Every staff account has a second factor (issue 10): an authenticator app or a passkey
    // (decision 0023), and so does every partner's (D20). Until one is set up, their routes refuse.
    if (needsSecondFactorRole(user.role) && !user.secondFactor) {
      throw new AppError('SECOND_FACTOR_REQUIRED', 403);
    }
    req.user = user;
  };
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sessions, type UserRole } from '../db/schema/auth.ts';
import { AppError } from '../lib/errors.ts';
import { authMessages } from '../../shared/auth-messages.ts';
import { isStaffRole } from '../../shared/staff-workflow.ts';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  role: UserRole;
  name: string;
  /** An authenticator app is set up (better-auth twoFactor); staff need it (0019). */
  twoFactorEnabled?: boolean;
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
export async function endIfPastLifetime(app: FastifyInstance, session: { id: string; createdAt: Date | string }): Promise<boolean> {
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
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    role: user.role as UserRole,
    name: user.name,
    twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    sessionId: session.id,
  };
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
    // Every staff account has a second factor (issue 10): until it is set up, staff routes refuse.
    if (isStaffRole(user.role) && !user.twoFactorEnabled) {
      throw new AppError('SECOND_FACTOR_REQUIRED', 403, authMessages.secondFactorRequired);
    }
    req.user = user;
  };
}

import type { FastifyInstance } from 'fastify';
import { createAuth, type PasswordHashing } from './create-auth.ts';
import { registerOriginCheck } from './origin-check.ts';
import { accountRoutes } from './account-routes.ts';
import { authRoutes } from './routes.ts';
import { resolveAuthSecret } from './secret.ts';
import { registerSessionEnds } from './session-ends.ts';
import { SignedInHooks, type SignedInListener } from './signed-in-hooks.ts';

export type Auth = ReturnType<typeof createAuth>;
export type { PasswordHashing };

declare module 'fastify' {
  interface FastifyInstance {
    /** better-auth: `app.auth.api.*` for server-side calls, `app.auth.handler` for HTTP. */
    auth: Auth;
    authSecret: string;
    signedInHooks: SignedInHooks;
  }
}

export { getSessionUser, requireRole, requireUser, type SessionUser } from './session.ts';
export { hasRecentReauth, requireRecentReauth, reauthSeconds } from './reauth.ts';
export { needsSecondFactor, secondFactorPage } from './second-factor-gate.ts';
export type { SessionEnds } from './session-ends.ts';
export type { SignedInListener } from './signed-in-hooks.ts';

/**
 * Runs `listener` each time a user with a confirmed e-mail signs in (any way: password, or the
 * sign-in after a password reset). Register it while the app is being built.
 */
export function onUserSignedIn(app: FastifyInstance, listener: SignedInListener): void {
  app.signedInHooks.add(listener);
}

/** Accounts: better-auth under /api/auth, the CSRF origin check, the sign-in hook point. Needs `app.mailer`. */
export async function registerAuth(
  app: FastifyInstance,
  passwordHashing?: PasswordHashing,
): Promise<void> {
  const secret = await resolveAuthSecret(app.config);
  const signedIn = new SignedInHooks(app.log);
  app.decorate('authSecret', secret);
  app.decorate('signedInHooks', signedIn);
  app.decorate(
    'auth',
    createAuth({
      config: app.config,
      db: app.db,
      secret,
      mailer: app.mailer,
      log: app.log,
      signedIn,
      rateLimits: app.rateLimits,
      passwordHashing,
    }),
  );
  registerOriginCheck(app);
  await registerSessionEnds(app);
  await app.register(authRoutes);
  await app.register(accountRoutes);
}

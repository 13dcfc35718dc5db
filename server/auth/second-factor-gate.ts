import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie, expireCookie } from 'better-auth/cookies';
import { twoFactor } from 'better-auth/plugins';
import { needsSecondFactorRole } from '../../shared/staff-workflow.ts';

/** Where a browser that followed a sign-in link (magic link, OAuth callback) finishes with its code. */
export const secondFactorPage = '/login?step=code';
/** Where a staff member whose only second factor is a passkey finishes a sign-in (decision 0023). */
export const passkeyStepPage = '/login?step=passkey';

/**
 * A passkey sign-in (user-verified: PIN, fingerprint or face on the device, checked in
 * identity-plugins.ts) is both factors at once: it is never asked for a code (decision 0023).
 */
export const passkeySignInPath = '/passkey/verify-authentication';

/** better-auth twoFactor's pending-challenge cookie (its TWO_FACTOR_COOKIE_NAME, not exported). */
const twoFactorCookieName = 'two_factor';

/** How long a device ticked "Trust this device" skips the code (better-auth's trust cookie). */
export const trustDeviceSeconds = 30 * 24 * 60 * 60;

/** Ten single-use backup codes, encrypted at rest (better-auth's default), shown once. */
export const backupCodeOptions = { amount: 10, length: 10, storeBackupCodes: 'encrypted' as const };

/** The paths better-auth's twoFactor plugin checks itself (password sign-ins). */
const checkedByTwoFactor = new Set([
  '/sign-in/email',
  '/sign-in/username',
  '/sign-in/phone-number',
]);

/** The steps that *are* the second factor: the sessions they create are full ones. */
const secondFactorSteps = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-otp',
]);

type HookContext = {
  path?: string;
  request?: Request;
  context: {
    newSession?: {
      user: { id: string; role?: string | null; twoFactorEnabled?: boolean | null };
      session: { token: string };
    } | null;
    session?: { user: { id: string } } | null;
    returned?: unknown;
  };
};

/**
 * Whether a finished endpoint made a session that must wait for the second factor: it created one
 * (`newSession`) for a user with a factor enrolled, it is not the factor step itself, and the
 * request did not already hold a full session of that same user (password change, enabling the
 * factor and the like renew the session they came with).
 */
export function needsSecondFactor(ctx: HookContext): boolean {
  const path = ctx.path ?? '';
  const created = ctx.context.newSession;
  if (!created?.user.twoFactorEnabled) return false;
  if (checkedByTwoFactor.has(path) || secondFactorSteps.has(path) || path === passkeySignInPath)
    return false;
  return ctx.context.session?.user.id !== created.user.id;
}

/**
 * Whether a finished endpoint made a one-factor session for a staff member with no authenticator
 * app: if they have a passkey, it is asked for before the session is theirs (decision 0023). Staff
 * with neither keep the session and are led to set one up (the console refuses them meanwhile).
 */
export function mayNeedPasskeyStep(ctx: HookContext): boolean {
  const path = ctx.path ?? '';
  const created = ctx.context.newSession;
  if (!created || created.user.twoFactorEnabled || !needsSecondFactorRole(created.user.role))
    return false;
  if (path === passkeySignInPath || secondFactorSteps.has(path)) return false;
  return ctx.context.session?.user.id !== created.user.id;
}

function isChallenge(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

function isPasskeyChallenge(value: unknown): boolean {
  const methods = isChallenge(value)
    ? (value as { twoFactorMethods?: unknown }).twoFactorMethods
    : undefined;
  return Array.isArray(methods) && methods.length === 1 && methods[0] === 'passkey';
}

/**
 * better-auth's twoFactor plugin with our settings, and the gate (docs/decisions/0019-…).
 *
 * better-auth 1.7.7 asks for the second factor on password sign-ins only. The gate runs the very
 * same step (its `after` hook: honour a trusted-device cookie, else delete the new session and its
 * cookie, set the short-lived two-factor cookie, answer `{ twoFactorRedirect: true }`) after EVERY
 * endpoint that created a session for an enrolled user: e-mail code, magic link, OAuth callback,
 * passkey, and whatever path a plugin adds later, with no list of paths to keep up to date. A
 * browser that navigated here (a GET asking for HTML: a link, a provider's redirect) is sent to
 * the code page instead of JSON.
 */
export function secondFactorPlugins(appName: string) {
  const plugin = twoFactor({
    issuer: appName,
    trustDeviceMaxAge: trustDeviceSeconds,
    // Ten single-use codes, shown once when the factor is set up.
    backupCodeOptions,
    // An account without a password (a provider's, or a passkey's) may set up the app too: its
    // /two-factor/enable then asks no password, so the proxy (routes.ts) asks for a re-authentication
    // within 5 minutes instead. The other endpoints this unlocks (disable, backup codes, TOTP URI)
    // are not exposed: ours in account-routes.ts ask for the re-authentication.
    allowPasswordless: true,
    // Ten wrong codes in a row (any challenge, any factor) lock the factor for 15 minutes.
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
  });
  const challenge = plugin.hooks?.after?.[0];
  if (!challenge)
    throw new Error(
      'better-auth twoFactor: its sign-in hook was not found (check the pinned version)',
    );

  const gate: BetterAuthPlugin = {
    id: 'second-factor-gate',
    hooks: {
      after: [
        {
          matcher: (ctx) => needsSecondFactor(ctx as unknown as HookContext),
          handler: challenge.handler,
        },
        {
          // Staff with a passkey and no authenticator app: the passkey is the second step. The
          // one-factor session goes (as twoFactor's own step does) and the answer says so.
          matcher: (ctx) => mayNeedPasskeyStep(ctx as unknown as HookContext),
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            if (!created) return;
            const passkeys = await ctx.context.adapter.count({
              model: 'passkey',
              where: [{ field: 'userId', value: created.user.id }],
            });
            if (passkeys === 0) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(created.session.token);
            ctx.context.setNewSession(null);
            return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ['passkey'] });
          }),
        },
        {
          // A passkey sign-in made at the code step finishes it: the pending challenge goes.
          matcher: (ctx) =>
            ctx.path === passkeySignInPath &&
            Boolean((ctx as unknown as HookContext).context.newSession),
          handler: createAuthMiddleware(async (ctx) => {
            const cookie = ctx.context.createAuthCookie(twoFactorCookieName);
            const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
            if (!pending) return;
            await ctx.context.internalAdapter.deleteVerificationByIdentifier(pending);
            expireCookie(ctx, cookie);
          }),
        },
        {
          // A link or redirect opened in the browser gets a page, not JSON.
          matcher: (ctx) => {
            const hook = ctx as unknown as HookContext;
            const navigation =
              hook.request?.method === 'GET' &&
              (hook.request.headers.get('accept') ?? '').includes('text/html');
            return navigation && isChallenge(hook.context.returned);
          },
          handler: createAuthMiddleware(async (ctx) => {
            throw ctx.redirect(
              isPasskeyChallenge(ctx.context.returned) ? passkeyStepPage : secondFactorPage,
            );
          }),
        },
      ],
    },
  };
  return [plugin, gate] as const;
}

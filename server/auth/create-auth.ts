import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { maxPasswordLength, minPasswordLength } from '../../shared/schemas/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { emailOTP, magicLink } from 'better-auth/plugins';
import {
  accounts,
  sessions,
  twoFactors,
  userRoles,
  users,
  verifications,
} from '../db/schema/auth.ts';
import { accountMails } from './account-mails.ts';
import { confirmationSeconds } from './confirmation-links.ts';
import type { Mailer } from '../lib/mailer/index.ts';
import { accountDeactivatedMessage, isDeactivated } from '../modules/staff/account-status.ts';
import { secondFactorPlugins } from './second-factor-gate.ts';

import type { RateLimits } from '../lib/rate-limit.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';
import type { SignedInHooks } from './signed-in-hooks.ts';
import {
  identityDatabaseHooks,
  identityOptions,
  identityPlugins,
  identityRateLimits,
  identitySchema,
} from './identity-plugins.ts';

/** The client IP as Fastify resolved it (TRUST_PROXY decides); the bridge sets it, clients cannot. */
export const clientIpHeader = 'x-portal-client-ip';

/** The four endpoints that take an e-mail and that abuse aims at. */
export const limitedPaths = [
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/send-verification-email',
] as const;

export interface AuthDeps {
  config: Config;
  db: Db;
  secret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
  signedIn: SignedInHooks;
  rateLimits: RateLimits;
  /** Unset: better-auth's own scrypt. */
  passwordHashing?: PasswordHashing;
}

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** "Email me a sign-in code": the code and the link work this long, the code for this many tries. */
export const emailCodeSeconds = 10 * 60;
export const emailCodeAttempts = 5;

const emailLike = /[^\s@<>"'/?&=:]+@[^\s@<>"'/?&=:]+/g;
const tokenLike = /[A-Za-z0-9_-]{20,}(\.[A-Za-z0-9_-]+){0,2}/g;

/** better-auth's own log lines may name an address or a token: keep the words, drop those. */
function scrub(message: string): string {
  return message.replace(emailLike, '[email]').replace(tokenLike, '[token]');
}

export function createAuth({
  config,
  db,
  secret,
  mailer,
  log,
  signedIn,
  rateLimits,
  passwordHashing,
}: AuthDeps) {
  const publicUrl = config.publicUrl;
  const { ip } = config.auth.rateLimit;
  const strictRule = { window: ip.windowSeconds, max: ip.max };
  const mails = accountMails({
    config,
    db,
    mailer,
    log,
    rateLimits,
    hashPassword: async (password) => (await auth.$context).password.hash(password),
    signInCode: (email) => auth.api.createVerificationOTP({ body: { email, type: 'sign-in' } }),
  });

  const auth = betterAuth({
    appName: 'UK Study Portal',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        ...identitySchema,
      },
    }),
    trustedOrigins: [new URL(publicUrl).origin],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength,
      maxPasswordLength,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async (data, request) => mails.sendResetPassword(data, request),
      // D5 "register again with the same e-mail to get a new link" (decision 0032).
      onExistingUserSignUp: async (data, request) => mails.onExistingUserSignUp(data, request),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: confirmationSeconds,
      sendVerificationEmail: async (data, request) => mails.sendVerificationEmail(data, request),
    },
    user: {
      // Confirmed on the new address (sendVerificationEmail above); only after re-authentication.
      changeEmail: { enabled: true },
      additionalFields: {
        role: { type: [...userRoles], required: false, defaultValue: 'applicant', input: false },
        // set through PUT /api/me/language (server/i18n/language-routes.ts), read with the session
        language: { type: 'string', required: false, input: false },
      },
    },
    session: {
      // Finding 13: the idle lifetime (each use extends it, at most once per updateAge); the
      // absolute one is checked on every read (server/auth/session.ts).
      expiresIn: config.auth.session.idleSeconds,
      updateAge: Math.min(60 * 60 * 24, Math.floor(config.auth.session.idleSeconds / 10)),
      // Finding 16: freshAge counts from sign-in, so /list-sessions broke after a day. Listing
      // sessions is not sensitive; what is (password change, export, deletion) asks for the password.
      freshAge: 0,
      // No cookie cache: every request checks the database, so a revoked session stops at once.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customStorage: databaseRateLimitStore(rateLimits),
      customRules: {
        ...Object.fromEntries(limitedPaths.map((path) => [path, strictRule])),
        '/reset-password': strictRule,
        '/revoke-sessions': strictRule,
        ...identityRateLimits(strictRule),
        '/sign-in/magic-link': strictRule,
        '/sign-in/email-otp': strictRule,
        '/magic-link/verify': strictRule,
        // better-auth's own rule (3 per 10 s) would stop a person who mistypes twice; the
        // challenge itself allows 5 tries and the factor locks after 10 wrong codes.
        '/two-factor/*': strictRule,
      },
    },
    advanced: {
      // Explicit: better-auth would skip both checks when NODE_ENV is test.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      useSecureCookies: config.isProduction,
      cookiePrefix: 'portal',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isProduction },
      database: { generateId: 'uuid' },
    },
    ...identityOptions(config),
    plugins: [
      ...identityPlugins(config),
      ...secondFactorPlugins('UK Study Portal'),
      // "Email me a sign-in code": one e-mail carries a 6-digit code and a link (ours, the token in
      // the fragment: docs/decisions/0019). Neither makes an account: sign-in only.
      emailOTP({
        otpLength: 6,
        expiresIn: emailCodeSeconds,
        allowedAttempts: emailCodeAttempts,
        disableSignUp: true,
        storeOTP: 'hashed',
        // The code goes out with the link (sendMagicLink below), so nothing is sent from here.
        async sendVerificationOTP() {},
      }),
      magicLink({
        expiresIn: emailCodeSeconds,
        disableSignUp: true,
        storeToken: 'hashed',
        sendMagicLink: async (data, ctx) => mails.sendMagicLink(data, ctx?.request),
      }),
    ],
    databaseHooks: {
      ...identityDatabaseHooks,
      session: {
        create: {
          // Staff console: a deactivated account cannot start a session, whichever way it signs in.
          async before(session) {
            if (await isDeactivated(db, session.userId)) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_DEACTIVATED',
                message: accountDeactivatedMessage,
              });
            }
          },
          async after(session) {
            const [user] = await db.select().from(users).where(eq(users.id, session.userId));
            if (user) {
              await signedIn.run({
                id: user.id,
                email: user.email,
                emailVerified: user.emailVerified,
                role: user.role,
                name: user.name,
              });
            }
          },
        },
      },
    },
    onAPIError: {
      // Into our log, scrubbed: better-auth would print to the console, and a failed query's
      // message can quote the values it was given.
      onError(error) {
        const {
          name = 'Error',
          message = String(error),
          status,
        } = (error ?? {}) as { name?: string; message?: string; status?: unknown };
        if (status === undefined || status === 'INTERNAL_SERVER_ERROR')
          log.error({ reason: `${name}: ${scrub(message)}` }, 'auth: request failed');
        else log.debug(`auth: ${scrub(message)}`);
      },
    },
    logger: {
      level: 'warn',
      log(level, message) {
        const line = `auth: ${scrub(message)}`;
        if (level === 'error') log.error(line);
        else if (level === 'warn') log.warn(line);
        else log.debug(line);
      },
    },
    telemetry: { enabled: false },
  });
  return auth;
}

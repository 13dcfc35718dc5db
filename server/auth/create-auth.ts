import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createEmailVerificationToken } from 'better-auth/api';
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
import type { Mailer } from '../lib/mailer/index.ts';
import { accountDeactivatedMessage, isDeactivated } from '../modules/staff/account-status.ts';
import {
  alreadyRegisteredMail,
  confirmationMail,
  emailChangeConfirmationMail,
  emailChangedNoticeMail,
  passwordResetMail,
  signInCodeMail,
} from './emails.ts';
import { secondFactorPlugins } from './second-factor-gate.ts';
import { mailText, type MailText } from '../i18n/mail/index.ts';
import { accountMailLocale, fetchRequestLocale } from '../i18n/request-locale.ts';

import type { RateLimits } from '../lib/rate-limit.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';
import { MailCap } from './account-limiter.ts';
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
}

const confirmationLifetime = 24 * 60 * 60;

/** "Email me a sign-in code": the code and the link work this long, the code for this many tries. */
export const emailCodeSeconds = 10 * 60;
export const emailCodeAttempts = 5;
/** The page an e-mailed sign-in link opens; the token rides in the fragment, which no request carries. */
export const signInLinkPage = '/login/link';

const emailLike = /[^\s@<>"'/?&=:]+@[^\s@<>"'/?&=:]+/g;
const tokenLike = /[A-Za-z0-9_-]{20,}(\.[A-Za-z0-9_-]+){0,2}/g;

/** better-auth's own log lines may name an address or a token: keep the words, drop those. */
function scrub(message: string): string {
  return message.replace(emailLike, '[email]').replace(tokenLike, '[token]');
}

export function createAuth({ config, db, secret, mailer, log, signedIn, rateLimits }: AuthDeps) {
  const publicUrl = config.publicUrl;
  const confirmationLink = (token: string) =>
    `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/login?confirmed=1')}`;
  const emailChangeLink = (token: string) =>
    `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/account?email=changed')}`;
  const resetLink = (token: string) =>
    `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const { ip } = config.auth.rateLimit;
  const strictRule = { window: ip.windowSeconds, max: ip.max };
  const mailCap = new MailCap(config.auth.rateLimit.mails, rateLimits);
  /**
   * Queues an account e-mail unless the address has had its share this window (finding 5). In the
   * background, like the queueing itself: the answer takes the same time whether or not a message
   * goes out, so it does not tell which addresses have accounts.
   */
  type AccountMail = ReturnType<typeof confirmationMail>;
  const send = (to: string, message: AccountMail | Promise<AccountMail>) => {
    void Promise.resolve(message)
      .then(async (ready) => {
        if (await mailCap.allow(to)) mailer.queue({ to, ...ready });
        else log.warn('auth: account e-mail not sent, the address has had its share for now');
      })
      .catch((error: unknown) =>
        log.error({ err: error }, 'auth: an account e-mail could not be prepared or capped'),
      );
  };
  /**
   * The words of an account e-mail (D14, decision 0027): the account's language, or before it has
   * one the language of the request that caused the mail. Looked up inside `send`'s promise, so
   * the answer takes no longer for an address that has an account.
   */
  const wordsFor = async (userId: string, request: Request | undefined): Promise<MailText> => {
    const [row] = await db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    return mailText(accountMailLocale(row?.language, () => fetchRequestLocale(request)));
  };

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
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }, request) {
        send(
          user.email,
          wordsFor(user.id, request).then((words) => passwordResetMail(resetLink(token), words)),
        );
      },
      // D5 "register again with the same e-mail to get a new link"; a confirmed owner is told
      // instead. The answer to the sign-up is the same either way.
      async onExistingUserSignUp({ user }, request) {
        if (user.emailVerified) {
          send(
            user.email,
            wordsFor(user.id, request).then((words) =>
              alreadyRegisteredMail(`${publicUrl}/login`, words),
            ),
          );
          return;
        }
        const token = await createEmailVerificationToken(
          secret,
          user.email,
          undefined,
          confirmationLifetime,
        );
        send(
          user.email,
          wordsFor(user.id, request).then((words) =>
            confirmationMail(confirmationLink(token), words),
          ),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: confirmationLifetime,
      async sendVerificationEmail({ user, token }, request) {
        // A change of address (better-auth passes the new one): confirmed from the new address,
        // and the old one is told. In the background, like `send`: the answer takes the same time
        // for an address with an account as for one without.
        const prepare = async () => {
          const [stored] = await db
            .select({ email: users.email, language: users.language })
            .from(users)
            .where(eq(users.id, user.id));
          const words = mailText(
            accountMailLocale(stored?.language, () => fetchRequestLocale(request)),
          );
          if (stored && stored.email.toLowerCase() !== user.email.toLowerCase()) {
            send(user.email, emailChangeConfirmationMail(emailChangeLink(token), words));
            send(stored.email, emailChangedNoticeMail(user.email, `${publicUrl}/login`, words));
            return;
          }
          send(user.email, confirmationMail(confirmationLink(token), words));
        };
        void prepare().catch((error: unknown) =>
          log.error({ err: error }, 'auth: the confirmation e-mail could not be prepared'),
        );
      },
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
        async sendMagicLink({ email, token }, ctx) {
          const link = `${publicUrl}${signInLinkPage}#token=${encodeURIComponent(token)}`;
          // No account, no e-mail; in the background, so the answer takes the same time either way.
          const prepare = async () => {
            const [user] = await db
              .select({ language: users.language })
              .from(users)
              .where(eq(users.email, email.toLowerCase()));
            if (!user) return;
            const code = await auth.api.createVerificationOTP({ body: { email, type: 'sign-in' } });
            const words = mailText(
              accountMailLocale(user.language, () => fetchRequestLocale(ctx?.request)),
            );
            send(email, signInCodeMail(code, link, words));
          };
          void prepare().catch((error: unknown) =>
            log.error({ err: error }, 'auth: the sign-in code e-mail could not be prepared'),
          );
        },
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

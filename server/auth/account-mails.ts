import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users, verifications } from '../db/schema/auth.ts';
import { mailText, type MailText } from '../i18n/mail/index.ts';
import { accountMailLocale, fetchRequestLocale } from '../i18n/request-locale.ts';
import type { Mailer } from '../lib/mailer/index.ts';
import type { RateLimits } from '../lib/rate-limit.ts';
import { MailCap, type AccountMailKind } from './account-limiter.ts';
import {
  confirmationLinkOf,
  issueConfirmationLink,
  issueEmailChangeLink,
  reregisterUnconfirmed,
} from './confirmation-links.ts';
import {
  alreadyRegisteredMail,
  confirmationMail,
  emailChangeConfirmationMail,
  emailChangedNoticeMail,
  passwordResetMail,
  signInCodeMail,
} from './emails.ts';
import { deleteSignInLink, deleteSignInLinks } from './sign-in-mail.ts';

/** The page an e-mailed sign-in link opens; the token rides in the fragment, which no request carries. */
export const signInLinkPage = '/login/link';
/** The page a reset or set-password link opens (decision 0032: the token in the fragment). */
export const resetPasswordPage = '/reset-password';

export const resetLinkOf = (publicUrl: string, token: string) =>
  `${publicUrl}${resetPasswordPage}#token=${encodeURIComponent(token)}`;

type AccountMail = ReturnType<typeof confirmationMail>;
type UserRef = { id: string; email: string; emailVerified: boolean };

export interface AccountMailDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  rateLimits: RateLimits;
  /** better-auth's password hasher and sign-in code maker (the auth object is built after us). */
  hashPassword: (password: string) => Promise<string>;
  signInCode: (email: string) => Promise<string>;
}

/**
 * better-auth's e-mail callbacks. Each runs in the background, so an answer takes the same time
 * whether or not the address has an account, and each kind of e-mail has its own cap per address
 * (finding 5): past it, nothing is sent and nothing changes (the e-mail already sent still works).
 */
export function accountMails(deps: AccountMailDeps) {
  const { config, db, mailer, log } = deps;
  const publicUrl = config.publicUrl;
  const cap = new MailCap(config.auth.rateLimit.mails, deps.rateLimits);

  /** The account's language, or before it has one the language of the request (D14, decision 0027). */
  const wordsFor = async (userId: string, request: Request | undefined): Promise<MailText> => {
    const [row] = await db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    return mailText(accountMailLocale(row?.language, () => fetchRequestLocale(request)));
  };

  /**
   * Queues the e-mail `prepare` makes, unless `to` has had its share of this kind; `prepare` makes
   * the changes that go with it (a new link), so a capped request changes nothing. `onCapped`
   * undoes what better-auth did before calling us.
   */
  const deliver = (
    kind: AccountMailKind,
    to: string,
    prepare: () => Promise<AccountMail | null>,
    onCapped?: () => Promise<void>,
  ) => {
    const run = async () => {
      if (!(await cap.allow(kind, to))) {
        log.warn({ kind }, 'auth: account e-mail not sent, the address has had its share for now');
        await onCapped?.();
        return;
      }
      const message = await prepare();
      if (message) mailer.queue({ to, ...message });
    };
    void run().catch((error: unknown) =>
      log.error({ err: error, kind }, 'auth: an account e-mail could not be prepared or capped'),
    );
  };

  async function passwordOf(request: Request | undefined): Promise<string | null> {
    const body = (await request?.json().catch(() => null)) as { password?: unknown } | null;
    return typeof body?.password === 'string' ? body.password : null;
  }

  return {
    sendResetPassword({ user, token }: { user: UserRef; token: string }, request?: Request) {
      deliver(
        'reset',
        user.email,
        async () =>
          passwordResetMail(resetLinkOf(publicUrl, token), await wordsFor(user.id, request)),
        async () => {
          await db
            .delete(verifications)
            .where(eq(verifications.identifier, `reset-password:${token}`));
        },
      );
    },

    /**
     * D5: a confirmed holder is told someone tried to register; an unconfirmed address takes the
     * new password and a link of its own (decision 0032). The answer is the same either way.
     */
    onExistingUserSignUp({ user }: { user: UserRef }, request?: Request) {
      if (user.emailVerified) {
        deliver('already-registered', user.email, async () =>
          alreadyRegisteredMail(`${publicUrl}/login`, await wordsFor(user.id, request)),
        );
        return;
      }
      deliver('confirmation', user.email, async () => {
        const password = await passwordOf(request);
        if (!password) return null;
        const token = await reregisterUnconfirmed(db, user.id, await deps.hashPassword(password));
        if (!token) return null;
        return confirmationMail(
          confirmationLinkOf(publicUrl, token),
          await wordsFor(user.id, request),
        );
      });
    },

    /**
     * A new registration, "Resend confirmation", or a change of address (better-auth passes the
     * new one, and its own token, which stays on our side): confirmed from the new address, and the
     * old one is told.
     */
    sendVerificationEmail({ user, token }: { user: UserRef; token: string }, request?: Request) {
      const check = async () => {
        const [stored] = await db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, user.id));
        if (!stored) return;
        if (stored.email.toLowerCase() === user.email.toLowerCase()) {
          deliver('confirmation', user.email, async () => {
            const own = await issueConfirmationLink(db, user.id);
            if (!own) return null;
            return confirmationMail(
              confirmationLinkOf(publicUrl, own),
              await wordsFor(user.id, request),
            );
          });
          return;
        }
        deliver('email-change', user.email, async () => {
          const own = await issueEmailChangeLink(db, user.id, token);
          return emailChangeConfirmationMail(
            confirmationLinkOf(publicUrl, own),
            await wordsFor(user.id, request),
          );
        });
        deliver('email-changed-notice', stored.email, async () =>
          emailChangedNoticeMail(
            user.email,
            `${publicUrl}/login`,
            await wordsFor(user.id, request),
          ),
        );
      };
      void check().catch((error: unknown) =>
        log.error({ err: error }, 'auth: the confirmation e-mail could not be prepared'),
      );
    },

    /**
     * "Email me a sign-in code": one e-mail with the code and our link (the token in the fragment:
     * docs/decisions/0019). It replaces the earlier e-mail's code and link; none for an unknown address.
     */
    sendMagicLink({ email, token }: { email: string; token: string }, request?: Request) {
      const address = email.toLowerCase();
      const link = `${publicUrl}${signInLinkPage}#token=${encodeURIComponent(token)}`;
      const run = async () => {
        const [user] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(sql`lower(${users.email})`, address));
        if (!user) return deleteSignInLink(db, token);
        deliver(
          'sign-in-code',
          address,
          async () => {
            await deleteSignInLinks(db, address, token);
            const code = await deps.signInCode(address);
            return signInCodeMail(code, link, await wordsFor(user.id, request));
          },
          () => deleteSignInLink(db, token),
        );
      };
      void run().catch((error: unknown) =>
        log.error({ err: error }, 'auth: the sign-in code e-mail could not be prepared'),
      );
    },
  };
}

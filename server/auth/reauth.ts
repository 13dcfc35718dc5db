import { errorEnglish } from '../../shared/error-codes.ts';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import { APIError } from 'better-auth/api';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReauthInput } from '../../shared/schemas/auth.ts';
import { verifications } from '../db/schema/auth.ts';
import { passkeys } from '../db/schema/identity.ts';
import { AppError, ValidationError } from '../lib/errors.ts';
import type { SessionUser } from './session.ts';
import { reauthCodeMail } from './emails.ts';
import { mailText } from '../i18n/mail/index.ts';
import type { Locale } from '../../shared/locales.ts';

/** The spec's reauthenticate: sensitive changes need the password or a code within this long. */
export const reauthSeconds = 5 * 60;

/** Wrong passwords or codes per session before re-authentication waits (a guess costs time). */
const reauthFailures = { max: 5, windowSeconds: 15 * 60 };

const identifierOf = (sessionId: string) => `reauth:${sessionId}`;
/** The passkey challenge of a session's pending re-authentication (one at a time). */
const challengeIdentifierOf = (sessionId: string) => `reauth-passkey:${sessionId}`;

/**
 * The e-mailed re-authentication code rides on better-auth's emailOTP (6 digits, 10 minutes, 5 tries,
 * stored hashed) under its "email-verification" type, which nothing else here uses (addresses are
 * confirmed by link): a sign-in code waiting in the same inbox is neither replaced nor accepted.
 */
const reauthOtpType = 'email-verification' as const;
const reauthOtpIdentifierOf = (email: string) => `${reauthOtpType}-otp-${email.toLowerCase()}`;
/** Codes one account may have e-mailed per hour (each mail is a message in a real inbox). */
const reauthCodeMails = { max: 5, windowSeconds: 60 * 60 };

function sessionHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  return headers;
}

export function reauthRequired(): AppError {
  return new AppError('REAUTH_REQUIRED', 403);
}

/** Whether this session proved its owner (password or second factor) within the last 5 minutes. */
export async function hasRecentReauth(app: FastifyInstance, user: SessionUser): Promise<boolean> {
  if (!user.sessionId) return false;
  const [row] = await app.db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, identifierOf(user.sessionId)),
        eq(verifications.value, user.id),
        gt(verifications.expiresAt, new Date()),
      ),
    );
  return Boolean(row);
}

/**
 * For every sensitive action (change e-mail, turn off two-step verification, unlink an identity,
 * remove a passkey, download data, delete the account): 403 REAUTH_REQUIRED unless the session
 * re-authenticated within the last 5 minutes (`POST /api/me/reauth`). Call after `requireUser`.
 */
export async function requireRecentReauth(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<void> {
  const user = req.user;
  if (!user || !(await hasRecentReauth(app, user))) throw reauthRequired();
}

/**
 * GET /api/me/reauth/passkey-options: a WebAuthn challenge for this session's own passkeys, with
 * user verification required (the passkey proves the device and the person, decision 0023).
 */
export async function passkeyReauthOptions(app: FastifyInstance, user: SessionUser) {
  const own = await app.db
    .select({ credentialID: passkeys.credentialID, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (own.length === 0 || !user.sessionId) throw new AppError('NO_PASSKEY', 400);
  const options = await generateAuthenticationOptions({
    rpID: new URL(app.config.publicUrl).hostname,
    userVerification: 'required',
    allowCredentials: own.map((p) => ({
      id: p.credentialID,
      transports: (p.transports ? p.transports.split(',') : undefined) as
        AuthenticatorTransportFuture[] | undefined,
    })),
  });
  const identifier = challengeIdentifierOf(user.sessionId);
  await app.db.delete(verifications).where(eq(verifications.identifier, identifier));
  await app.db.insert(verifications).values({
    identifier,
    value: options.challenge,
    expiresAt: new Date(Date.now() + reauthSeconds * 1000),
  });
  return options;
}

/** Checks a passkey's answer to this session's challenge (used once), with @simplewebauthn/server. */
async function checkPasskey(
  app: FastifyInstance,
  user: SessionUser,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  if (!user.sessionId) return false;
  const [challenge] = await app.db
    .delete(verifications)
    .where(eq(verifications.identifier, challengeIdentifierOf(user.sessionId)))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  if (!challenge || challenge.expiresAt <= new Date()) return false;
  // Only this account's passkeys: another person's passkey proves nothing about this session.
  const [own] = await app.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, user.id), eq(passkeys.credentialID, response.id)));
  if (!own) return false;
  const url = new URL(app.config.publicUrl);
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.value,
      expectedOrigin: url.origin,
      expectedRPID: url.hostname,
      credential: {
        id: own.credentialID,
        publicKey: new Uint8Array(Buffer.from(own.publicKey, 'base64')),
        counter: own.counter,
      },
      requireUserVerification: true,
    });
    if (!verified) return false;
    await app.db
      .update(passkeys)
      .set({ counter: authenticationInfo.newCounter })
      .where(eq(passkeys.id, own.id));
    return true;
  } catch {
    // A malformed or forged answer: @simplewebauthn/server throws; it is a wrong answer to us.
    return false;
  }
}

/**
 * `POST /api/me/reauth/email-code`: e-mails a 6-digit code to the account's own address (through
 * the outbox), replacing any earlier one. Every account can use it; it is the only way for one
 * with neither a password, an authenticator app nor a passkey (signed up through a provider).
 */
export async function sendReauthEmailCode(
  app: FastifyInstance,
  user: SessionUser,
  locale: Locale,
): Promise<{ sent: true }> {
  const verdict = await app.rateLimits.limit('reauth-code-mails', reauthCodeMails).consume(user.id);
  if (!verdict.allowed)
    throw new AppError('RATE_LIMITED', 429, errorEnglish('REAUTH_EMAIL_CODE_TOO_MANY'), {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  await app.db
    .delete(verifications)
    .where(eq(verifications.identifier, reauthOtpIdentifierOf(user.email)));
  const code = await app.auth.api.createVerificationOTP({
    body: { email: user.email, type: reauthOtpType },
  });
  await app.mailer.enqueue(app.db, { to: user.email, ...reauthCodeMail(code, mailText(locale)) });
  return { sent: true };
}

/** The e-mailed code: checked by emailOTP (expiry, tries), then used up at once (single use). */
async function checkEmailCode(
  app: FastifyInstance,
  user: SessionUser,
  typed: string,
): Promise<boolean> {
  const otp = typed.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(otp)) return false;
  try {
    await app.auth.api.checkVerificationOTP({
      body: { email: user.email, type: reauthOtpType, otp },
    });
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return false;
    throw error;
  }
  // Two requests with the same right code: only the one that deletes the row counts.
  const used = await app.db
    .delete(verifications)
    .where(eq(verifications.identifier, reauthOtpIdentifierOf(user.email)))
    .returning({ id: verifications.id });
  return used.length > 0;
}

async function checkSecret(
  app: FastifyInstance,
  req: FastifyRequest,
  user: SessionUser,
  input: ReauthInput,
): Promise<boolean> {
  const headers = sessionHeaders(req);
  if (input.emailCode && !input.password && !input.code && !input.passkey)
    return checkEmailCode(app, user, input.emailCode);
  if (input.passkey && !input.password && !input.code)
    return checkPasskey(app, user, input.passkey as unknown as AuthenticationResponseJSON);
  try {
    if (input.password) {
      await app.auth.api.verifyPassword({ body: { password: input.password }, headers });
      return true;
    }
    const code = (input.code ?? '').replace(/\s+/g, '');
    if (!user.twoFactorEnabled) return false;
    if (/^\d{6}$/.test(code)) {
      // With a full session, better-auth only checks the code (no new session, no challenge).
      await app.auth.api.verifyTOTP({ body: { code }, headers });
      return true;
    }
    if (/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(code)) {
      const backup = code.includes('-') ? code : `${code.slice(0, 5)}-${code.slice(5)}`;
      await app.auth.api.verifyBackupCode({
        body: { code: backup, disableSession: true },
        headers,
      });
      return true;
    }
    return false;
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return false;
    throw error;
  }
}

/**
 * `POST /api/me/reauth`: the password, or a code from the authenticator app (or a backup code), or
 * the code e-mailed by `sendReauthEmailCode`, or a passkey,
 * proves the person is still at the keyboard; the proof lasts 5 minutes for this session only.
 */
/** The re-authentication limit of this session: wrong secrets, whichever route they came by. */
async function reauthLimit(app: FastifyInstance, user: SessionUser) {
  const limit = app.rateLimits.limit('reauth-failures', reauthFailures);
  const key = user.sessionId ?? user.id;
  if (!(await limit.peek(key)).allowed)
    throw new AppError('RATE_LIMITED', 429, errorEnglish('REAUTH_TOO_MANY_TRIES'), {
      retryAfterSeconds: reauthFailures.windowSeconds,
    });
  return { failed: () => limit.consume(key), passed: () => limit.reset(key) };
}

/**
 * The password typed into a sensitive action's own form ("Download my data", "Delete my account",
 * an admin's data request): checked under the same limit as `POST /api/me/reauth`, so a stolen
 * session cannot guess the password there without limit (issue 22 finding 8). A right password
 * counts as a re-authentication.
 */
export async function isPasswordAgainRight(
  app: FastifyInstance,
  req: FastifyRequest,
  password: string,
): Promise<boolean> {
  const user = req.user;
  if (!user) throw reauthRequired();
  const limit = await reauthLimit(app, user);
  try {
    await app.auth.api.verifyPassword({ body: { password }, headers: sessionHeaders(req) });
  } catch (error) {
    if (!(error instanceof APIError) || error.statusCode >= 500) throw error;
    await limit.failed();
    return false;
  }
  await limit.passed();
  await recordReauth(app, user);
  return true;
}

export async function reauthenticate(
  app: FastifyInstance,
  req: FastifyRequest,
  input: ReauthInput,
): Promise<{ until: string }> {
  const user = req.user!;
  const limit = await reauthLimit(app, user);
  if (!(await checkSecret(app, req, user, input))) {
    await limit.failed();
    if (input.emailCode && !input.password && !input.code && !input.passkey) {
      throw new ValidationError(
        { emailCode: 'REAUTH_EMAIL_CODE_WRONG' },
        errorEnglish('REAUTH_EMAIL_CODE_WRONG'),
      );
    }
    if (input.passkey && !input.password && !input.code)
      throw new ValidationError(
        { passkey: 'REAUTH_PASSKEY_FAILED' },
        errorEnglish('REAUTH_PASSKEY_FAILED'),
      );
    const field = input.password ? 'password' : 'code';
    const code = input.password ? 'INVALID_PASSWORD' : 'INVALID_CODE';
    throw new ValidationError({ [field]: code }, errorEnglish(code));
  }
  await limit.passed();
  await recordReauth(app, user);
  return { until: new Date(Date.now() + reauthSeconds * 1000).toISOString() };
}

/** Records a proof made some other way (the password typed into the action's own form). */
export async function recordReauth(
  app: FastifyInstance,
  user: Pick<SessionUser, 'id' | 'sessionId'>,
): Promise<void> {
  if (!user.sessionId) return;
  const identifier = identifierOf(user.sessionId);
  await app.db.delete(verifications).where(eq(verifications.identifier, identifier));
  await app.db
    .insert(verifications)
    .values({ identifier, value: user.id, expiresAt: new Date(Date.now() + reauthSeconds * 1000) });
}

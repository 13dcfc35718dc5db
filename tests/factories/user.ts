import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../server/auth/session.ts';
import { users, type UserRole } from '../../server/db/schema/auth.ts';
import { needsSecondFactorRole } from '../../shared/staff-workflow.ts';
import { keyOfUri, totpCode } from '../support/totp.ts';

export interface UserOverrides {
  email?: string;
  password?: string;
  name?: string;
  role?: UserRole;
  /** Default true. An unconfirmed user cannot sign in, so it comes without a cookie. */
  verified?: boolean;
  /**
   * Set up an authenticator app (TOTP) before signing in. Default: yes for staff (who need it,
   * issue 10), no for applicants. Signing in then answers the second step with a computed code.
   */
  secondFactor?: boolean;
}

/** The authenticator keys (base32) of the users tests enrolled, by lower-cased address. */
const totpKeys = new Map<string, string>();

/** The authenticator key of a user enrolled through `enrollTotp` (or createUser), for computing codes. */
export function totpKeyOf(email: string): string {
  const key = totpKeys.get(email.toLowerCase());
  if (!key) throw new Error(`no authenticator key known for ${email}`);
  return key;
}

/** The code the user's authenticator app shows now. */
export const currentCodeOf = (email: string) => totpCode(totpKeyOf(email));

/**
 * Sets up TOTP for a signed-in user as the account page does (enable with the password, then the
 * first code), through better-auth's server API. Returns the new Cookie header (better-auth
 * renews the session) and the ten backup codes.
 */
export async function enrollTotp(
  app: FastifyInstance,
  email: string,
  password: string,
  cookie: string,
) {
  const enabled = await app.auth.api.enableTwoFactor({
    body: { password },
    headers: new Headers({ cookie }),
  });
  if (!('totpURI' in enabled) || !enabled.totpURI)
    throw new Error('enrollTotp: no TOTP URI came back');
  const key = keyOfUri(enabled.totpURI);
  totpKeys.set(email.toLowerCase(), key);
  const verified = await app.auth.api.verifyTOTP({
    body: { code: totpCode(key) },
    headers: new Headers({ cookie }),
    returnHeaders: true,
  });
  const renewed = cookieFrom(verified.headers.getSetCookie());
  return { cookie: renewed || cookie, backupCodes: enabled.backupCodes ?? [], key };
}

export interface CreatedUser<C> {
  user: SessionUser;
  password: string;
  /** `Cookie` header value for `app.inject({ headers: { cookie } })`. */
  cookie: C;
}

/** A unique address on a reserved domain, e.g. applicant-1f2e…@example.test. */
export function uniqueEmail(prefix = 'applicant'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** `name=value` pairs of every Set-Cookie header, ready to send back as one Cookie header. */
export function cookieFrom(setCookie: string[] | string | undefined | null): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((c) => c.split(';')[0]!.trim())
    .filter((pair) => pair.split('=')[1] !== '')
    .join('; ');
}

/**
 * Signs in through better-auth's server API (no rate limits) and returns the Cookie header value.
 * A user with an authenticator app answers the second step with the code it shows now.
 */
export async function signInAs(
  app: FastifyInstance,
  email: string,
  password: string,
  rememberMe = true,
): Promise<string> {
  const { headers, response } = await app.auth.api.signInEmail({
    body: { email, password, rememberMe },
    returnHeaders: true,
  });
  let cookie = cookieFrom(headers.getSetCookie());
  if ((response as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
    const step = await app.auth.api.verifyTOTP({
      body: { code: currentCodeOf(email) },
      headers: new Headers({ cookie }),
      returnHeaders: true,
    });
    cookie = cookieFrom(step.headers.getSetCookie());
  }
  if (!cookie) throw new Error('signInAs: no session cookie came back');
  return cookie;
}

/**
 * A user created through better-auth (so the password hash and account rows are real), then
 * confirmed and given a role directly in the database. Confirmed users come signed in.
 */
// The signed-in overload comes last, so `ReturnType<typeof createUser>` is the usual case.
export async function createUser(
  app: FastifyInstance,
  overrides: UserOverrides & { verified: false },
): Promise<CreatedUser<null>>;
export async function createUser(
  app: FastifyInstance,
  overrides?: UserOverrides & { verified?: true },
): Promise<CreatedUser<string>>;
export async function createUser(
  app: FastifyInstance,
  overrides: UserOverrides = {},
): Promise<CreatedUser<string | null>> {
  const email = (overrides.email ?? uniqueEmail()).toLowerCase();
  const password = overrides.password ?? 'correct horse battery';
  const verified = overrides.verified ?? true;
  await app.auth.api.signUpEmail({ body: { email, password, name: overrides.name ?? '' } });
  const [row] = await app.db
    .update(users)
    .set({ emailVerified: verified, role: overrides.role ?? 'applicant' })
    .where(eq(users.email, email))
    .returning();
  if (!row) throw new Error('createUser: the user was not created');
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    role: row.role,
    name: row.name,
  };
  if (!verified) return { user, password, cookie: null };
  let cookie = await signInAs(app, email, password);
  if (overrides.secondFactor ?? needsSecondFactorRole(row.role)) {
    cookie = (await enrollTotp(app, email, password, cookie)).cookie;
    user.twoFactorEnabled = true;
  }
  return { user, password, cookie };
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../server/auth/session.ts';
import { users, type UserRole } from '../../server/db/schema/auth.ts';

export interface UserOverrides {
  email?: string;
  password?: string;
  name?: string;
  role?: UserRole;
  /** Default true. An unconfirmed user cannot sign in, so it comes without a cookie. */
  verified?: boolean;
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

/** Signs in through better-auth's server API (no rate limits) and returns the Cookie header value. */
export async function signInAs(app: FastifyInstance, email: string, password: string, rememberMe = true): Promise<string> {
  const { headers } = await app.auth.api.signInEmail({ body: { email, password, rememberMe }, returnHeaders: true });
  const cookie = cookieFrom(headers.getSetCookie());
  if (!cookie) throw new Error('signInAs: no session cookie came back');
  return cookie;
}

/**
 * A user created through better-auth (so the password hash and account rows are real), then
 * confirmed and given a role directly in the database. Confirmed users come signed in.
 */
// The signed-in overload comes last, so `ReturnType<typeof createUser>` is the usual case.
export async function createUser(app: FastifyInstance, overrides: UserOverrides & { verified: false }): Promise<CreatedUser<null>>;
export async function createUser(app: FastifyInstance, overrides?: UserOverrides & { verified?: true }): Promise<CreatedUser<string>>;
export async function createUser(app: FastifyInstance, overrides: UserOverrides = {}): Promise<CreatedUser<string | null>> {
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
  const user: SessionUser = { id: row.id, email: row.email, emailVerified: row.emailVerified, role: row.role, name: row.name };
  return { user, password, cookie: verified ? await signInAs(app, email, password) : null };
}

import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, verifications } from '../db/schema/auth.ts';

/**
 * "Email me a sign-in code": one e-mail carries a code (better-auth emailOTP, `sign-in-otp-<email>`)
 * and a link (better-auth magicLink, `magic-link:<sha256 of the token>` whose JSON value names the
 * address). They are one proof: once either is used, or a newer e-mail replaces them, neither
 * works any more (issue 22, finding 12).
 */

/** The verification row of a sign-in link, as better-auth's magicLink stores it (`storeToken: 'hashed'`). */
export const signInLinkIdentifier = (token: string) =>
  `magic-link:${createHash('sha256').update(token).digest('base64url')}`;

const linksOf = (email: string) =>
  and(
    sql`${verifications.identifier} like 'magic-link:%'`,
    sql`(case when ${verifications.value} like '{%' then lower(${verifications.value}::jsonb ->> 'email') end) = ${email.toLowerCase()}`,
  );

/** The address a sign-in link was sent to, while it still works. */
export async function signInLinkAddress(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, signInLinkIdentifier(token)));
  if (!row || row.expiresAt <= new Date()) return null;
  try {
    const email = (JSON.parse(row.value) as { email?: unknown }).email;
    return typeof email === 'string' ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Every sign-in link of the address except `keepToken`'s. */
export async function deleteSignInLinks(db: Db, email: string, keepToken?: string): Promise<void> {
  const keep = keepToken ? signInLinkIdentifier(keepToken) : null;
  await db
    .delete(verifications)
    .where(
      keep ? and(linksOf(email), sql`${verifications.identifier} <> ${keep}`) : linksOf(email),
    );
}

/** One sign-in link (a request that sends nothing leaves nothing behind). */
export async function deleteSignInLink(db: Db, token: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, signInLinkIdentifier(token)));
}

/** After the code or the link signed someone in: the rest of that e-mail stops working. */
export async function endSignInMail(db: Db, email: string): Promise<void> {
  const address = email.toLowerCase();
  await deleteSignInLinks(db, address);
  await db
    .delete(verifications)
    .where(eq(sql`lower(${verifications.identifier})`, `sign-in-otp-${address}`));
}

/**
 * The address a sign-in code or link request is about (the body's, or the link's), read before
 * better-auth uses the link up; null when there is no such account.
 */
export async function signInMailAddress(
  db: Db,
  path: string,
  body: Record<string, unknown>,
): Promise<string | null> {
  const email =
    path === '/magic-link/verify'
      ? await signInLinkAddress(db, String(body.token))
      : String(body.email).trim().toLowerCase();
  if (!email) return null;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return user ? email : null;
}

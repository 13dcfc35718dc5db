import { generateRandomString } from 'better-auth/crypto';
import { parseCookies } from 'better-auth/cookies';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users, verifications } from '../db/schema/auth.ts';

/**
 * Known devices (issue 22 finding 5): a browser that signed in to an account with its password
 * keeps an HttpOnly cookie naming a row of better-auth's verification table
 * (`known-device:<token>`, value: the user id). While an account's password is being guessed and
 * sign-ins are spaced out, the owner's known device is let through, so a guesser who takes every
 * turn cannot lock the owner out. A reset, a first proof of the inbox or an invitation ends it,
 * like a trusted device (every row valued with the user id goes).
 */
const cookieName = 'portal.known_device';
/** Sent only with password sign-ins. */
const cookiePath = '/api/auth/sign-in/email';
const lifetimeSeconds = 365 * 24 * 60 * 60;
const identifierOf = (token: string) => `known-device:${token}`;

const nameFor = (config: Config) => (config.isProduction ? `__Secure-${cookieName}` : cookieName);

/** The known-device token the request carries, if any. */
export function knownDeviceToken(req: FastifyRequest, config: Config): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const token = parseCookies(header).get(nameFor(config));
  return token && /^[A-Za-z0-9]{32}$/.test(token) ? token : null;
}

/** Whether `token` is a device that signed in to the account of `email`. */
export async function isKnownDevice(db: Db, token: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .innerJoin(users, eq(sql`${users.id}::text`, verifications.value))
    .where(
      and(
        eq(verifications.identifier, identifierOf(token)),
        gt(verifications.expiresAt, new Date()),
        eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
      ),
    );
  return Boolean(row);
}

/** After a right password: this browser is known to the account from now on (a new cookie). */
export async function rememberDevice(
  db: Db,
  config: Config,
  reply: FastifyReply,
  email: string,
  previous: string | null,
): Promise<void> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (!user) return;
  if (previous) await forgetDevice(db, previous);
  const token = generateRandomString(32, 'a-z', 'A-Z', '0-9');
  await db.insert(verifications).values({
    identifier: identifierOf(token),
    value: user.id,
    expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
  });
  const secure = config.isProduction ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${nameFor(config)}=${token}; Path=${cookiePath}; Max-Age=${lifetimeSeconds}; HttpOnly; SameSite=Strict${secure}`,
  );
}

export async function forgetDevice(db: Db, token: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, identifierOf(token)));
}

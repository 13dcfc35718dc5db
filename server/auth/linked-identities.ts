import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts } from '../db/schema/auth.ts';
import { passkeys } from '../db/schema/identity.ts';
import { AppError, NotFoundError } from '../lib/errors.ts';

/** Ways this user can sign in: a password or a provider (one `accounts` row each), and each passkey. */
export async function waysToSignIn(app: FastifyInstance, userId: string): Promise<number> {
  const [linked] = await app.db
    .select({ n: count() })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  const [keys] = await app.db
    .select({ n: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return (linked?.n ?? 0) + (keys?.n ?? 0);
}

/** Unlinking never leaves an account nobody can sign in to (issue 10 item 5). */
export async function assertNotLastWay(app: FastifyInstance, userId: string): Promise<void> {
  if ((await waysToSignIn(app, userId)) <= 1) throw new AppError('LAST_WAY_TO_SIGN_IN', 400);
}

/** Whether the account has a password (a `credential` row with a hash): not every account does. */
export async function hasPassword(app: FastifyInstance, userId: string): Promise<boolean> {
  const [row] = await app.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return Boolean(row?.password);
}

/**
 * A passkey goes by the same rule as an identity (decision 0023): it must be this user's, and it is
 * never the last way to sign in listed on the account. A staff member's only second factor may go:
 * they are then led to set one up again, as after turning off the authenticator app.
 */
export async function assertCanRemovePasskey(
  app: FastifyInstance,
  userId: string,
  passkeyId: string,
): Promise<void> {
  const [row] = await app.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)));
  if (!row) throw new NotFoundError('PASSKEY_NOT_FOUND');
  await assertNotLastWay(app, userId);
}

/** The identity to unlink must be this user's, of that provider, and not the password. */
export async function assertCanUnlink(
  app: FastifyInstance,
  userId: string,
  input: { providerId: string; accountId: string },
): Promise<void> {
  const [row] = await app.db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(and(eq(accounts.id, input.accountId), eq(accounts.userId, userId)));
  if (!row || row.providerId !== input.providerId || row.providerId === 'credential') {
    throw new NotFoundError('ACCOUNT_NOT_LINKED');
  }
  await assertNotLastWay(app, userId);
}

import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { identityMessages } from '../../shared/identity-messages.ts';
import { accounts } from '../db/schema/auth.ts';
import { passkeys } from '../db/schema/identity.ts';
import { AppError, NotFoundError } from '../lib/errors.ts';

/** Ways this user can sign in: a password or a provider (one `accounts` row each), and each passkey. */
export async function waysToSignIn(app: FastifyInstance, userId: string): Promise<number> {
  const [linked] = await app.db.select({ n: count() }).from(accounts).where(eq(accounts.userId, userId));
  const [keys] = await app.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return (linked?.n ?? 0) + (keys?.n ?? 0);
}

/** Unlinking never leaves an account nobody can sign in to (issue 10 item 5). */
export async function assertNotLastWay(app: FastifyInstance, userId: string): Promise<void> {
  if ((await waysToSignIn(app, userId)) <= 1) throw new AppError('LAST_WAY_TO_SIGN_IN', 400, identityMessages.lastWayToSignIn);
}

/** The identity to unlink must be this user's, of that provider, and not the password. */
export async function assertCanUnlink(app: FastifyInstance, userId: string, input: { providerId: string; accountId: string }): Promise<void> {
  const [row] = await app.db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(and(eq(accounts.id, input.accountId), eq(accounts.userId, userId)));
  if (!row || row.providerId !== input.providerId || row.providerId === 'credential') {
    throw new NotFoundError('ACCOUNT_NOT_LINKED', identityMessages.notLinkedHere);
  }
  await assertNotLastWay(app, userId);
}

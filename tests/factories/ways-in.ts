import { randomUUID } from 'node:crypto';
import { and, eq, like, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  accounts,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../../server/db/schema/auth.ts';
import { passkeys } from '../../server/db/schema/identity.ts';
import { createSoftwarePasskey, savePasskey } from '../support/software-passkey.ts';

/**
 * Every way into an account that a stranger could have set up before its owner proved the inbox,
 * written straight into the database (today's flows refuse a stranger each of them; these rows
 * stand for one that got through some other way): a session, a passkey, an authenticator app with
 * backup codes, a linked Google identity, a trusted device and a pending reset link.
 */
export async function plantWaysIn(
  app: FastifyInstance,
  userId: string,
  { authenticatorApp = true } = {},
) {
  const passkey = createSoftwarePasskey();
  await savePasskey(app, userId, passkey, 'Stranger key');
  if (authenticatorApp) {
    await app.db.insert(twoFactors).values({ userId, secret: 'planted', backupCodes: 'planted' });
    await app.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
  }
  await app.db
    .insert(accounts)
    .values({ userId, providerId: 'google', accountId: `google-${randomUUID()}` });
  const expiresAt = new Date(Date.now() + 3_600_000);
  await app.db.insert(sessions).values({ userId, token: randomUUID(), expiresAt });
  await app.db.insert(verifications).values([
    { identifier: `trust-device-${randomUUID()}`, value: userId, expiresAt },
    { identifier: `reset-password:${randomUUID()}`, value: userId, expiresAt },
  ]);
  return { passkey };
}

/** What is left of those ways in (the password counted apart). */
export async function waysInLeft(app: FastifyInstance, userId: string) {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  const [user] = await app.db
    .select({ twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  return {
    sessions: await count(app.db.select().from(sessions).where(eq(sessions.userId, userId))),
    passkeys: await count(app.db.select().from(passkeys).where(eq(passkeys.userId, userId))),
    authenticatorApp:
      (await count(app.db.select().from(twoFactors).where(eq(twoFactors.userId, userId)))) +
      (user?.twoFactorEnabled ? 1 : 0),
    identities: await count(
      app.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, userId), ne(accounts.providerId, 'credential'))),
    ),
    pending: await count(
      app.db
        .select()
        .from(verifications)
        .where(
          and(
            eq(verifications.value, userId),
            or(
              like(verifications.identifier, 'trust-device-%'),
              like(verifications.identifier, 'reset-password:%'),
              like(verifications.identifier, 'confirm-email:%'),
            ),
          ),
        ),
    ),
  };
}

export const noWaysIn = {
  sessions: 0,
  passkeys: 0,
  authenticatorApp: 0,
  identities: 0,
  pending: 0,
};

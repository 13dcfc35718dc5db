import { generateRandomString, symmetricEncrypt } from 'better-auth/crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AccountSession } from '../../shared/schemas/account.ts';
import { sessions, twoFactors, users, verifications } from '../db/schema/auth.ts';
import { AppError, NotFoundError } from '../lib/errors.ts';
import { backupCodeOptions } from './second-factor-gate.ts';
import { browserName } from './browser-name.ts';
import type { SessionUser } from './session.ts';

/** The person's active sessions, newest first: browser, created, last active, "this device". */
export async function listOwnSessions(
  app: FastifyInstance,
  user: SessionUser,
): Promise<AccountSession[]> {
  const rows = await app.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .orderBy(desc(sessions.updatedAt));
  const now = Date.now();
  return rows
    .filter((row) => row.expiresAt.getTime() > now)
    .map((row) => ({
      id: row.id,
      browser: browserName(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      thisDevice: row.id === user.sessionId,
    }));
}

/** Signs one of the person's other devices out (the row goes; its open tabs hear of it). */
export async function endOwnSession(
  app: FastifyInstance,
  user: SessionUser,
  sessionId: string,
): Promise<{ ended: true }> {
  const rows = await app.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
    .returning({ id: sessions.id });
  if (rows.length === 0)
    throw new NotFoundError('SESSION_NOT_FOUND', 'This device is no longer signed in.');
  return { ended: true };
}

/**
 * Turns two-step verification off (after `requireRecentReauth`: the password or a code within 5
 * minutes): the key, the backup codes and every "trusted device" go. Staff are then asked to set
 * it up again before the console opens.
 */
export async function turnOffTwoFactor(
  app: FastifyInstance,
  user: SessionUser,
): Promise<{ twoFactorEnabled: false }> {
  await app.db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id));
    await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await tx
      .delete(verifications)
      .where(
        and(like(verifications.identifier, 'trust-device-%'), eq(verifications.value, user.id)),
      );
  });
  return { twoFactorEnabled: false };
}

/**
 * New backup codes (after `requireRecentReauth`): ten fresh ones replace the old ones, which stop
 * working at once; answered once and never shown again. Made and stored exactly as better-auth's
 * twoFactor makes them (its random generator, its encryption with the auth secret): its own
 * endpoint would ask for the password, which accounts without one do not have, and its generator
 * is not exported at run time.
 */
export async function regenerateBackupCodes(
  app: FastifyInstance,
  user: SessionUser,
): Promise<{ backupCodes: string[] }> {
  const { secretConfig } = await app.auth.$context;
  const { amount, length } = backupCodeOptions;
  const backupCodes = Array.from({ length: amount }, () =>
    generateRandomString(length, 'a-z', '0-9', 'A-Z'),
  ).map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
  const encryptedBackupCodes = await symmetricEncrypt({
    key: secretConfig,
    data: JSON.stringify(backupCodes),
  });
  const updated = await app.db
    .update(twoFactors)
    .set({ backupCodes: encryptedBackupCodes, updatedAt: new Date() })
    .where(and(eq(twoFactors.userId, user.id), eq(twoFactors.verified, true)))
    .returning({ id: twoFactors.id });
  if (updated.length === 0) throw new AppError('TWO_FACTOR_NOT_ENABLED', 400);
  return { backupCodes };
}

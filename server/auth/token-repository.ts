import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/auth.ts';
import { jwks } from '../db/schema/identity.ts';

/** Signing keys still in use or retired after `graceStart`. */
export function findPublishedKeys(db: Db, graceStart: Date) {
  return db
    .select()
    .from(jwks)
    .where(or(isNull(jwks.expiresAt), gt(jwks.expiresAt, graceStart)));
}

/** The unexpired session `sessionId` of user `userId`, with its user; undefined otherwise. */
export async function findLiveSession(db: Db, sessionId: string, userId: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  return row;
}

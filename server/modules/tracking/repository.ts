import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications } from '../../db/schema/applications.ts';

/** Marks every tracking token of the application issued until `at` as revoked; undefined if unknown. */
export async function markTrackingRevoked(db: Db, applicationId: string, at: Date) {
  const [row] = await db
    .update(applications)
    .set({ trackingRevokedAt: at })
    .where(eq(applications.id, applicationId))
    .returning({ id: applications.id, userId: applications.userId });
  return row;
}

/** What decides whether a tracking token still opens the application. */
export async function findTrackingState(db: Db, applicationId: string) {
  const [row] = await db
    .select({
      revokedAt: applications.trackingRevokedAt,
      erasureRequestedAt: applications.erasureRequestedAt,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row;
}

/** The address an application was sent with, to compare with the one typed on /track. */
export async function findTrackingKey(db: Db, applicationId: string) {
  const [key] = await db
    .select({
      id: applications.id,
      email: applications.email,
      erasureRequestedAt: applications.erasureRequestedAt,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return key;
}

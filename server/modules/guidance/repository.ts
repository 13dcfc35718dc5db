import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications, savedGuidance } from '../../db/schema/index.ts';

export type SavedGuidanceRow = typeof savedGuidance.$inferInsert;

export async function insertSavedGuidance(db: Db, row: SavedGuidanceRow): Promise<void> {
  await db.insert(savedGuidance).values(row);
}

/** The application's owner: undefined when there is no such application, null when sent signed out. */
export async function findApplicationOwner(
  db: Db,
  applicationId: string,
): Promise<string | null | undefined> {
  const [application] = await db
    .select({ userId: applications.userId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return application ? application.userId : undefined;
}

export async function findLatestSavedGuidance(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(savedGuidance)
    .where(eq(savedGuidance.userId, userId))
    .orderBy(desc(savedGuidance.createdAt))
    .limit(1);
  return row;
}

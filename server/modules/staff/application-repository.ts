import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicationNotes, users } from '../../db/schema/index.ts';

export function findNotes(db: Db, applicationId: string) {
  return db
    .select({
      id: applicationNotes.id,
      body: applicationNotes.body,
      createdAt: applicationNotes.createdAt,
      authorId: applicationNotes.authorId,
    })
    .from(applicationNotes)
    .where(eq(applicationNotes.applicationId, applicationId))
    .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
}

export async function insertNote(db: Db, values: typeof applicationNotes.$inferInsert) {
  const [row] = await db.insert(applicationNotes).values(values).returning();
  return row!;
}

/** Display names of staff (name, or the e-mail when they have none) by id. */
export async function findPeople(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name.trim() || r.email]));
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  applicationChoiceDocuments,
  applicationChoiceEvents,
  applicationChoices,
} from '../../db/schema/index.ts';

export type ChoiceRow = typeof applicationChoices.$inferSelect;
export type ChoiceEventRow = typeof applicationChoiceEvents.$inferSelect;
export type ChoiceDocumentRow = typeof applicationChoiceDocuments.$inferSelect;

/** A choice with its timeline and its files (offer letters, correspondence). */
export interface ChoiceRecord extends ChoiceRow {
  events: ChoiceEventRow[];
  documents: ChoiceDocumentRow[];
}

/**
 * D18: the chosen program's university first (with the program), then the other picked
 * universities in pick order, one choice each.
 */
export async function insertFirstChoices(
  db: Db,
  applicationId: string,
  first: {
    program: { id: string; name: string };
    university: { id: string; name: string };
    picked: { id: string; name: string }[];
  },
): Promise<void> {
  const others = first.picked.filter((u) => u.id !== first.university.id);
  const rows = await db
    .insert(applicationChoices)
    .values([
      {
        applicationId,
        position: 1,
        universityId: first.university.id,
        universityName: first.university.name,
        programId: first.program.id,
        programName: first.program.name,
      },
      ...others.map((u, i) => ({
        applicationId,
        position: i + 2,
        universityId: u.id,
        universityName: u.name,
      })),
    ])
    .returning({ id: applicationChoices.id });
  await db
    .insert(applicationChoiceEvents)
    .values(rows.map((r) => ({ choiceId: r.id, kind: 'created' })));
}

/** The choices of many applications, in position order, with their timelines and files. */
export async function findChoices(
  db: Db,
  applicationIds: string[],
): Promise<Map<string, ChoiceRecord[]>> {
  const byApplication = new Map<string, ChoiceRecord[]>(applicationIds.map((id) => [id, []]));
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .select()
    .from(applicationChoices)
    .where(inArray(applicationChoices.applicationId, applicationIds))
    .orderBy(asc(applicationChoices.applicationId), asc(applicationChoices.position));
  if (rows.length === 0) return byApplication;
  const ids = rows.map((r) => r.id);
  const [events, documents] = await Promise.all([
    db
      .select()
      .from(applicationChoiceEvents)
      .where(inArray(applicationChoiceEvents.choiceId, ids))
      .orderBy(asc(applicationChoiceEvents.createdAt), asc(applicationChoiceEvents.id)),
    db
      .select()
      .from(applicationChoiceDocuments)
      .where(inArray(applicationChoiceDocuments.choiceId, ids))
      .orderBy(asc(applicationChoiceDocuments.createdAt)),
  ]);
  for (const row of rows) {
    byApplication.get(row.applicationId)?.push({
      ...row,
      events: events.filter((e) => e.choiceId === row.id),
      documents: documents.filter((d) => d.choiceId === row.id),
    });
  }
  return byApplication;
}

/** Every choice of one application, locked for a change (the caller holds the application's lock). */
export function lockChoices(db: Db, applicationId: string): Promise<ChoiceRow[]> {
  return db
    .select()
    .from(applicationChoices)
    .where(eq(applicationChoices.applicationId, applicationId))
    .orderBy(asc(applicationChoices.position))
    .for('update');
}

/** Writes a change and bumps the version; false when the version moved meanwhile. */
export async function updateChoice(
  db: Db,
  id: string,
  version: number,
  patch: Partial<typeof applicationChoices.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(applicationChoices)
    .set({ ...patch, version: sql`${applicationChoices.version} + 1`, updatedAt: new Date() })
    .where(and(eq(applicationChoices.id, id), eq(applicationChoices.version, version)))
    .returning({ id: applicationChoices.id });
  return rows.length === 1;
}

export async function insertChoiceEvent(
  db: Db,
  event: typeof applicationChoiceEvents.$inferInsert,
): Promise<void> {
  await db.insert(applicationChoiceEvents).values(event);
}

export async function insertChoiceDocument(
  db: Db,
  row: typeof applicationChoiceDocuments.$inferInsert,
): Promise<string> {
  const [inserted] = await db
    .insert(applicationChoiceDocuments)
    .values(row)
    .returning({ id: applicationChoiceDocuments.id });
  return inserted!.id;
}

export async function findChoiceDocument(db: Db, applicationId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(applicationChoiceDocuments)
    .where(
      and(
        eq(applicationChoiceDocuments.applicationId, applicationId),
        eq(applicationChoiceDocuments.id, documentId),
      ),
    );
  return row;
}

import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  applicationDocuments,
  applicationStatusEvents,
  applications,
  programs,
  universities,
} from '../../db/schema/index.ts';
import { loadCasework, type CaseworkRecord } from '../casework/repository.ts';
import { findChoices, type ChoiceRecord } from '../choices/repository.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplicationRow = typeof applications.$inferInsert;
export type StatusEventRow = typeof applicationStatusEvents.$inferSelect;
export type DocumentRow = typeof applicationDocuments.$inferSelect;
export type NewDocumentRow = typeof applicationDocuments.$inferInsert;

/** The stored application with its history, documents and the names of its picked universities. */
export interface ApplicationRecord extends ApplicationRow {
  events: StatusEventRow[];
  documents: DocumentRow[];
  pickedUniversities: { id: string; name: string }[];
  /** Requests, messages, stage times and after-offer facts (issue 12). */
  casework: CaseworkRecord;
  /** D18: the universities it goes to, each with its own state. */
  choices: ChoiceRecord[];
}

export async function findActiveProgram(db: Db, id: string) {
  const [row] = await db
    .select({
      id: programs.id,
      name: programs.name,
      level: programs.level,
      universityId: programs.universityId,
      universityName: universities.name,
    })
    .from(programs)
    .innerJoin(universities, eq(universities.id, programs.universityId))
    .where(and(eq(programs.id, id), eq(programs.active, true), eq(universities.active, true)));
  return row;
}

export function findActiveUniversities(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: universities.id, name: universities.name })
    .from(universities)
    .where(and(inArray(universities.id, ids), eq(universities.active, true)));
}

/** Inserts unless the idempotency key was used before; null means it was (a replay). */
export async function insertApplication(db: Db, row: NewApplicationRow): Promise<string | null> {
  const [inserted] = await db
    .insert(applications)
    .values(row)
    .onConflictDoNothing({ target: applications.idempotencyKey })
    .returning({ id: applications.id });
  return inserted?.id ?? null;
}

export async function findIdByIdempotencyKey(db: Db, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.idempotencyKey, key));
  return row?.id ?? null;
}

export async function insertStatusEvent(
  db: Db,
  event: typeof applicationStatusEvents.$inferInsert,
) {
  // the funnel's time in status: the status this one replaces ends when this one begins
  await db
    .update(applicationStatusEvents)
    .set({ endedAt: event.createdAt ?? sql`now()` })
    .where(
      and(
        eq(applicationStatusEvents.applicationId, event.applicationId),
        isNull(applicationStatusEvents.endedAt),
      ),
    );
  await db.insert(applicationStatusEvents).values(event);
}

/** The latest entry of an application's status history. */
export async function lastStatusEvent(db: Db, applicationId: string) {
  const [event] = await db
    .select()
    .from(applicationStatusEvents)
    .where(eq(applicationStatusEvents.applicationId, applicationId))
    .orderBy(desc(applicationStatusEvents.createdAt), desc(applicationStatusEvents.id))
    .limit(1);
  return event;
}

export async function insertDocuments(db: Db, rows: NewDocumentRow[]) {
  if (rows.length > 0) await db.insert(applicationDocuments).values(rows);
}

/** Locks the row for a status change so two changes never interleave. */
export async function lockApplication(db: Db, id: string) {
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      userId: applications.userId,
      email: applications.email,
      fullName: applications.fullName,
      programName: applications.programName,
      universityName: applications.universityName,
      language: applications.language,
      outcome: applications.outcome,
      ownerId: applications.ownerId,
      erasureRequestedAt: applications.erasureRequestedAt,
    })
    .from(applications)
    .where(eq(applications.id, id))
    .for('update');
  return row;
}

export async function updateStatus(db: Db, id: string, status: ApplicationRow['status'], at: Date) {
  await db
    .update(applications)
    .set({ status, lastStatusUpdate: at })
    .where(eq(applications.id, id));
}

export async function findApplicationRow(db: Db, id: string) {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

/**
 * Adds history, documents and picked names to rows, with one query each for the whole batch, all
 * sent at once (a live update waits for this read: on PostgreSQL the pool answers them together).
 */
export async function withDetails(db: Db, rows: ApplicationRow[]): Promise<ApplicationRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const pickIds = [...new Set(rows.flatMap((r) => r.pickedUniversityIds))];
  const [events, documents, names, casework, choices] = await Promise.all([
    db
      .select()
      .from(applicationStatusEvents)
      .where(inArray(applicationStatusEvents.applicationId, ids))
      .orderBy(asc(applicationStatusEvents.createdAt), asc(applicationStatusEvents.id)),
    db
      .select()
      .from(applicationDocuments)
      .where(inArray(applicationDocuments.applicationId, ids))
      .orderBy(
        asc(applicationDocuments.createdAt),
        asc(applicationDocuments.part),
        asc(applicationDocuments.version),
      ),
    pickIds.length === 0
      ? []
      : db
          .select({ id: universities.id, name: universities.name })
          .from(universities)
          .where(inArray(universities.id, pickIds)),
    loadCasework(db, rows),
    findChoices(db, ids),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((row) => ({
    ...row,
    events: events.filter((e) => e.applicationId === row.id),
    documents: documents.filter((d) => d.applicationId === row.id),
    pickedUniversities: row.pickedUniversityIds.map((id) => ({ id, name: nameOf.get(id) ?? id })),
    casework: casework.get(row.id)!,
    choices: choices.get(row.id) ?? [],
  }));
}

export async function findApplicationRecord(db: Db, id: string): Promise<ApplicationRecord | null> {
  const row = await findApplicationRow(db, id);
  return row ? ((await withDetails(db, [row]))[0] ?? null) : null;
}

/** The ids of an account's applications, as a subquery for `inArray` (data rights, casework). */
export function applicationIdsOfOwner(db: Db, userId: string) {
  return db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.userId, userId));
}

export async function findApplicationsOfOwner(
  db: Db,
  userId: string,
): Promise<ApplicationRecord[]> {
  const rows = await db
    .select()
    .from(applications)
    .where(eq(applications.userId, userId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return withDetails(db, rows);
}

/**
 * Gives one unowned application to the account (D2); with `email`, only if it was submitted with
 * that address. Returns whether it did.
 */
export async function claimApplication(
  db: Db,
  id: string,
  userId: string,
  email?: string,
): Promise<boolean> {
  const rows = await db
    .update(applications)
    .set({ userId })
    .where(
      and(
        eq(applications.id, id),
        isNull(applications.userId),
        email === undefined ? undefined : sql`lower(${applications.email}) = lower(${email})`,
      ),
    )
    .returning({ id: applications.id });
  return rows.length > 0;
}

/** The current (latest) version of one document of an application (its first file unless told). */
export async function findDocument(db: Db, applicationId: string, key: string, part = 1) {
  const [row] = await db
    .select()
    .from(applicationDocuments)
    .where(
      and(
        eq(applicationDocuments.applicationId, applicationId),
        eq(applicationDocuments.key, key as DocumentRow['key']),
        eq(applicationDocuments.part, part),
      ),
    )
    .orderBy(desc(applicationDocuments.version))
    .limit(1);
  return row;
}

/** One stored version, by its id, of this application's documents. */
export async function findDocumentVersion(db: Db, applicationId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(applicationDocuments)
    .where(
      and(
        eq(applicationDocuments.applicationId, applicationId),
        eq(applicationDocuments.id, documentId),
      ),
    );
  return row;
}

/** The latest version of each file of each document, in the order they were first sent. */
export function currentDocuments(documents: DocumentRow[]): DocumentRow[] {
  const latest = new Map<string, DocumentRow>();
  for (const d of documents) {
    const seen = latest.get(`${d.key}/${d.part}`);
    if (!seen || d.version > seen.version) latest.set(`${d.key}/${d.part}`, d);
  }
  return [...latest.values()];
}

import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ErasureChannel } from '../../../shared/schemas/personal-data.ts';
import type { Db } from '../../db/client.ts';
import {
  applicationChoiceDocuments,
  applicationDocuments,
  applicationMessages,
  applicationRequests,
  applications,
  auditLog,
  erasedApplications,
} from '../../db/schema/index.ts';
import { publishApplicationChange } from '../applications/live.ts';
import { withDetails, type ApplicationRecord } from '../applications/repository.ts';
import { markPending } from '../documents/orphans.ts';

/** The subject's applications in full (history, documents, casework), newest first. */
export async function findApplicationRecords(db: Db, ids: string[]): Promise<ApplicationRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(applications)
    .where(inArray(applications.id, ids))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return withDetails(db, rows);
}

async function attachmentKeys(tx: Db, ids: string[]): Promise<string[]> {
  const rows = await tx
    .select({ key: applicationMessages.attachmentStorageKey })
    .from(applicationMessages)
    .where(
      and(
        inArray(applicationMessages.applicationId, ids),
        isNotNull(applicationMessages.attachmentStorageKey),
      ),
    )
    .orderBy(asc(applicationMessages.createdAt));
  return rows.map((r) => r.key!);
}

/**
 * Erases whole applications: anonymised statistics are written, the files (documents and message
 * attachments) marked for deletion after the commit, the audit's free text about them dropped, and
 * the rows deleted (history, documents, requests, messages and notes go with them by cascade).
 */
export async function eraseApplicationRows(tx: Db, ids: string[]) {
  if (ids.length === 0) return { storageKeys: [], counts: { documents: 0, attachments: 0 } };
  const rows = await tx.select().from(applications).where(inArray(applications.id, ids));
  const documents = await tx
    .select({ key: applicationDocuments.storageKey })
    .from(applicationDocuments)
    .where(inArray(applicationDocuments.applicationId, ids));
  const attachments = await attachmentKeys(tx, ids);
  // D18: offer letters and the universities' letters go with their application
  const letters = await tx
    .select({ key: applicationChoiceDocuments.storageKey })
    .from(applicationChoiceDocuments)
    .where(inArray(applicationChoiceDocuments.applicationId, ids));
  const storageKeys = [
    ...documents.map((d) => d.key),
    ...letters.map((d) => d.key),
    ...attachments,
  ];
  await markPending(tx, storageKeys);
  // What statistics need, and nothing that points to a person.
  await tx.insert(erasedApplications).values(
    rows.map((a) => ({
      programId: a.programId,
      programLevel: a.programLevel,
      universityId: a.universityId,
      status: a.status,
      submittedMonth: `${a.createdAt.toISOString().slice(0, 7)}-01`,
    })),
  );
  // Who did what and when stays; what they wrote about the person goes.
  await tx
    .update(auditLog)
    .set({ details: sql`${auditLog.details} - 'note' - 'reason' - 'message'` })
    .where(and(eq(auditLog.subjectType, 'application'), inArray(auditLog.subjectId, ids)));
  await tx.delete(applications).where(inArray(applications.id, ids));
  return {
    storageKeys,
    counts: { documents: documents.length, attachments: attachments.length },
  };
}

/**
 * Turns active cases into erasure requests (D16): the case stays for the agency's contract and
 * legal duties, out of any account, with its tracking links ended; the conversation and its files
 * go now; open requests close, since nobody will answer them. The live pages (the owning
 * consultant's, any open track page) hear of it.
 */
export async function keepAsErasureRequests(
  tx: Db,
  ids: string[],
  channel: ErasureChannel,
  at: Date,
) {
  if (ids.length === 0) return { storageKeys: [], counts: { kept: 0, messages: 0 } };
  const storageKeys = await attachmentKeys(tx, ids);
  await markPending(tx, storageKeys);
  const messages = await tx
    .delete(applicationMessages)
    .where(inArray(applicationMessages.applicationId, ids))
    .returning({ id: applicationMessages.id });
  await tx
    .update(applicationRequests)
    .set({ closedAt: at })
    .where(
      and(inArray(applicationRequests.applicationId, ids), isNull(applicationRequests.closedAt)),
    );
  const before = await tx
    .select({ id: applications.id, userId: applications.userId })
    .from(applications)
    .where(inArray(applications.id, ids));
  await tx
    .update(applications)
    .set({
      userId: null,
      trackingRevokedAt: at,
      requestDueOn: null,
      erasureRequestedAt: sql`coalesce(${applications.erasureRequestedAt}, ${at.toISOString()}::timestamptz)`,
      erasureRequestedVia: sql`coalesce(${applications.erasureRequestedVia}, ${channel})`,
    })
    .where(inArray(applications.id, ids));
  for (const row of before)
    await publishApplicationChange(tx, row.id, row.userId, { revoked: true });
  return { storageKeys, counts: { kept: ids.length, messages: messages.length } };
}

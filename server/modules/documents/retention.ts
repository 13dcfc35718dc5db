import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applicationDocuments, applications } from '../../db/schema/applications.ts';
import { recordAudit } from '../audit/service.ts';
import { clearPending, markPending } from './orphans.ts';

/**
 * A closed application: accepted (the end of the road today), or one of the outcomes casework
 * adds (withdrawn, unsuccessful) once those statuses exist. Its last status change dates the close.
 */
export const closedStatuses = ['accepted', 'withdrawn', 'unsuccessful'];

/**
 * Deletes the documents of applications closed more than DOCUMENT_RETENTION_MONTHS ago: rows
 * and files, the keys marked first so a crash half-way leaves nothing behind (the orphan job
 * finishes it). The application record and its history stay. Returns how many documents.
 */
export async function deleteExpiredDocuments(
  app: FastifyInstance,
  now = new Date(),
): Promise<number> {
  const months = app.config.retention.documentMonths;
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(months => ${months})`;
  let total = 0;
  for (;;) {
    const batch = await app.db
      .select({
        id: applicationDocuments.id,
        key: applicationDocuments.storageKey,
        applicationId: applicationDocuments.applicationId,
      })
      .from(applicationDocuments)
      .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
      .where(
        and(
          inArray(sql`${applications.status}::text`, closedStatuses),
          lt(applications.lastStatusUpdate, cutoff),
        ),
      )
      .limit(200);
    if (batch.length === 0) return total;
    const keys = batch.map((d) => d.key);
    await app.db.transaction(async (tx) => {
      await markPending(tx, keys);
      await tx.delete(applicationDocuments).where(
        inArray(
          applicationDocuments.id,
          batch.map((d) => d.id),
        ),
      );
      await recordAudit(tx, {
        actorId: null,
        action: 'documents.retention_deleted',
        subjectType: 'document',
        subjectId: `${batch.length}`,
        details: {
          documents: batch.length,
          applications: [...new Set(batch.map((d) => d.applicationId))],
          months,
        },
      });
    });
    for (const key of keys) await app.storage.delete(key);
    await clearPending(app.db, keys);
    total += batch.length;
  }
}

export function registerDocumentRetention(app: FastifyInstance): void {
  app.scheduler.schedule('documents.retention', {
    everySeconds: 86_400,
    offsetSeconds: 4 * 3_600,
    run: async () => {
      const removed = await deleteExpiredDocuments(app);
      if (removed > 0) app.log.info({ removed }, 'documents of long-closed applications deleted');
    },
  });
}

import { and, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applications } from '../../db/schema/applications.ts';
import { recordAudit } from '../audit/service.ts';
import { clearPending } from '../documents/orphans.ts';
import { eraseApplicationRows } from './application-rows.ts';

const batchSize = 100;

/**
 * Erases the cases kept after an erasure request (D16) once they have been closed for
 * CASE_RETENTION_MONTHS: rows, documents and attachments (marked first, so a crash half-way leaves
 * nothing behind), with anonymised statistics left and an audit entry per case. Rows are locked
 * and skipped when busy, so a status change in flight is never lost. Returns how many cases.
 */
export async function eraseExpiredKeptCases(
  app: FastifyInstance,
  now = new Date(),
): Promise<number> {
  const months = app.config.retention.caseMonths;
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(months => ${months})`;
  let total = 0;
  for (;;) {
    const storageKeys: string[] = [];
    const erased = await app.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(and(isNotNull(applications.erasureRequestedAt), lt(applications.outcomeAt, cutoff)))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const ids = due.map((d) => d.id);
      const result = await eraseApplicationRows(tx, ids);
      storageKeys.push(...result.storageKeys);
      for (const id of ids) {
        await recordAudit(tx, {
          actorId: null,
          action: 'personal_data.case_erased',
          subjectType: 'application',
          subjectId: id,
          details: { months },
        });
      }
      return ids.length;
    });
    for (const key of storageKeys) await app.storage.delete(key);
    await clearPending(app.db, storageKeys);
    total += erased;
    if (erased < batchSize) return total;
  }
}

export function registerKeptCaseRetention(app: FastifyInstance): void {
  app.scheduler.schedule('personal-data.kept-cases', {
    everySeconds: 86_400,
    offsetSeconds: 4 * 3_600 + 1_800,
    run: async () => {
      const erased = await eraseExpiredKeptCases(app);
      if (erased > 0) app.log.info({ erased }, 'kept cases past their retention erased');
    },
  });
}

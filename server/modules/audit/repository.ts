import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditRecord, DbOrTx } from './service.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export function findAuditEntries(
  db: Db,
  action: string | undefined,
  limit: number,
  offset: number,
) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export async function countAuditEntries(db: Db, action: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined);
  return row?.n ?? 0;
}

/**
 * Audit entries in the caller's transaction. One entry is one insert; many (a CSV import) go as one
 * JSON parameter per 2,000 entries: quick on PGlite too, where many bound parameters are slow.
 */
export async function insertAuditEntries(db: DbOrTx, records: AuditRecord[]): Promise<void> {
  if (records.length === 1) {
    const [record] = records as [AuditRecord];
    await db.insert(auditLog).values({ ...record, details: record.details ?? {} });
    return;
  }
  for (let i = 0; i < records.length; i += 2000) {
    const chunk = JSON.stringify(
      records.slice(i, i + 2000).map((r) => ({ ...r, details: r.details ?? {} })),
    );
    await db.execute(sql`
      insert into audit_log (actor_id, action, subject_type, subject_id, details)
      select x."actorId", x."action", x."subjectType", x."subjectId", x."details"
      from jsonb_to_recordset(${chunk}::jsonb) as x("actorId" uuid, "action" text, "subjectType" text, "subjectId" text, "details" jsonb)`);
  }
}

import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

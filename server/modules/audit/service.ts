import type { AuditPage } from '../../../shared/schemas/staff.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { countAuditEntries, findAuditEntries } from './repository.ts';

/** The database or a transaction on it: an audit entry belongs in the action's own transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type AuditAction =
  | 'application.status_changed'
  | 'document.downloaded'
  | 'document.verified'
  | 'document.rejected'
  | 'staff.invited'
  | 'staff.role_changed'
  | 'staff.deactivated'
  | 'staff.reactivated'
  | 'admin.created'
  | 'contact_request.updated'
  | 'mail.retried'
  | 'application.passport_viewed'
  | 'application.tracking_revoked'
  | 'documents.retention_deleted'
  | 'personal_data.exported'
  | 'personal_data.erased';

export interface AuditRecord {
  /** Null when the command line did it. */
  actorId: string | null;
  action: AuditAction;
  subjectType: 'application' | 'document' | 'user' | 'referral' | 'partnership' | 'mail';
  subjectId: string;
  /** What an admin needs to read the entry later; never a password, token or passport number. */
  details?: Record<string, unknown>;
}

export async function recordAudit(db: DbOrTx, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({ ...record, details: record.details ?? {} });
}

export const auditPageSize = 50;

export async function listAudit(
  db: Db,
  query: { action?: string; page: number },
): Promise<AuditPage> {
  const [rows, total] = await Promise.all([
    findAuditEntries(db, query.action, auditPageSize, (query.page - 1) * auditPageSize),
    countAuditEntries(db, query.action),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      details: row.details,
      at: row.createdAt.toISOString(),
      actor: row.actorId
        ? { id: row.actorId, name: row.actorName || row.actorEmail || 'Unknown' }
        : null,
    })),
    page: query.page,
    pageSize: auditPageSize,
    total,
  };
}

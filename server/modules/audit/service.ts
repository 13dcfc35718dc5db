import type { AuditPage } from '../../../shared/schemas/staff.ts';
import type { Db } from '../../db/client.ts';
import { countAuditEntries, findAuditEntries, insertAuditEntries } from './repository.ts';

/** The database or a transaction on it: an audit entry belongs in the action's own transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type AuditAction =
  | 'application.status_changed'
  | 'document.downloaded'
  | 'attachment.downloaded'
  | 'document.verified'
  | 'document.rejected'
  | 'staff.invited'
  | 'staff.role_changed'
  | 'staff.deactivated'
  | 'staff.reactivated'
  | 'staff.sessions_ended'
  | 'admin.created'
  | 'contact_request.updated'
  | 'mail.retried'
  | 'application.passport_viewed'
  | 'application.tracking_revoked'
  | 'documents.retention_deleted'
  | 'personal_data.exported'
  | 'personal_data.erased'
  | 'personal_data.looked_up'
  | 'personal_data.case_erased'
  | 'application.erasure_requested'
  | 'catalogue.university_created'
  | 'catalogue.university_updated'
  | 'catalogue.program_created'
  | 'catalogue.program_updated'
  | 'catalogue.category_added'
  | 'catalogue.category_renamed'
  | 'catalogue.category_activated'
  | 'catalogue.category_deactivated'
  | 'catalogue.cost_figure_created'
  | 'catalogue.cost_figure_updated'
  | 'catalogue.imported'
  | 'catalogue.latest_update_updated'
  | 'catalogue.consultant_texts_updated'
  | 'request.created'
  | 'request.cancelled'
  | 'application.owner_changed'
  | 'application.closed_unsuccessful'
  | 'application.after_offer_changed'
  | 'stage_times.changed'
  | 'application.choice_changed'
  | 'application.choice_document_added'
  | 'partner.created'
  | 'partner.member_invited'
  | 'partner.share_changed'
  | 'partner.applications_listed'
  | 'partner.application_viewed'
  | 'partner.applications_exported'
  | 'partner.commission_listed'
  | 'partner.consent_stopped'
  | 'partner.referrals_listed'
  | 'partner.referral_viewed'
  | 'commission.rate_changed'
  | 'commission.line_created'
  | 'commission.line_changed'
  | 'referral.replied'
  | 'referral.invited'
  | 'lead.updated';

export interface AuditRecord {
  /** Null when the command line did it. */
  actorId: string | null;
  action: AuditAction;
  subjectType:
    | 'application'
    | 'document'
    | 'message'
    | 'user'
    | 'referral'
    | 'partnership'
    | 'booking'
    | 'guidance'
    | 'mail'
    | 'university'
    | 'program'
    | 'cost_figure'
    | 'catalogue'
    | 'category'
    | 'latest_update'
    | 'consultant'
    | 'partner'
    | 'commission'
    /** A person without an account: a keyed hash of their address (personal-data/service.ts). */
    | 'person';
  subjectId: string;
  /** What an admin needs to read the entry later; never a password, token or passport number. */
  details?: Record<string, unknown>;
}

export async function recordAudit(db: DbOrTx, record: AuditRecord): Promise<void> {
  await insertAuditEntries(db, [record]);
}

/** Many entries of one action at once (a CSV import), in the action's own transaction. */
export async function recordAudits(db: DbOrTx, records: AuditRecord[]): Promise<void> {
  await insertAuditEntries(db, records);
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

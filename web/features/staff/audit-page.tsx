import { Link, useSearchParams } from '../../lib/router';
import type { AuditEntry } from '../../../shared/schemas/staff';
import { Alert } from '../../components/alert';
import { SelectField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { formatDayTime } from './format';
import { Pagination } from '../../components/pagination';
import { useAudit } from './staff-api';
import { ErrorText } from '../../components/error-text';

const actions: Record<string, string> = {
  'application.status_changed': 'Status changed',
  'application.choice_changed': 'University choice recorded',
  'application.choice_document_added': 'Letter added to a university choice',
  'document.downloaded': 'Document downloaded',
  'attachment.downloaded': 'Message attachment downloaded',
  'document.verified': 'Document verified',
  'document.rejected': 'Document rejected',
  'staff.invited': 'Colleague invited',
  'staff.role_changed': 'Role changed',
  'staff.deactivated': 'Account deactivated',
  'staff.reactivated': 'Account reactivated',
  'admin.created': 'Admin created (command line)',
  'contact_request.updated': 'Referral or partnership handled',
  'mail.retried': 'E-mail retried',
  'application.passport_viewed': 'Passport number viewed',
  'application.tracking_revoked': 'Tracking links stopped',
  'documents.retention_deleted': 'Documents deleted (retention)',
  'personal_data.exported': 'Personal data exported',
  'personal_data.erased': 'Account deleted (personal data erased)',
};

const choiceChanges: Record<string, string> = {
  sent: 'sent',
  decision: 'decision recorded',
  conditions_met: 'conditions met',
  corrected: 'corrected',
};

function describe(entry: AuditEntry): string {
  const d = entry.details as Record<string, string | undefined>;
  switch (entry.action) {
    case 'application.status_changed':
      return `${d.from} → ${d.to}${d.note ? ` (“${d.note}”)` : ''}`;
    case 'application.choice_changed':
      return `${d.university ?? 'a university'}: ${choiceChanges[d.change ?? ''] ?? d.change ?? ''}`;
    case 'application.choice_document_added':
      return 'letter added to a university choice';
    case 'document.downloaded':
      return `${d.key ?? 'document'} downloaded`;
    case 'attachment.downloaded':
      return `attachment of ${d.fromTeam ? 'a team' : 'an applicant’s'} message downloaded`;
    case 'document.verified':
      return `${d.key ?? 'document'} version ${d.version ?? ''} verified`;
    case 'document.rejected':
      return `${d.key ?? 'document'} version ${d.version ?? ''} rejected (“${d.reason ?? ''}”)`;
    case 'staff.role_changed':
      return `${d.email ?? entry.subjectId}: ${d.from} → ${d.to}`;
    case 'contact_request.updated':
      return `${entry.subjectType} ${d.from} → ${d.to}`;
    case 'mail.retried':
      return `“${d.subject ?? 'e-mail'}”`;
    case 'application.passport_viewed':
      return 'full passport number shown';
    case 'application.tracking_revoked':
      return 'every tracking link stopped';
    case 'documents.retention_deleted':
      return `${d.documents ?? ''} documents of applications closed over ${d.months ?? ''} months ago`;
    case 'personal_data.exported':
      return `asked by ${d.by === 'self' ? 'the person' : 'staff'}, ${d.files ?? 0} documents`;
    case 'personal_data.erased':
      return `asked by ${d.by === 'self' ? 'the person' : 'staff'}: ${d.applications ?? 0} applications, ${d.documents ?? 0} documents, ${d.messages ?? 0} e-mails`;
    default:
      return [d.email, d.role].filter(Boolean).join(', ');
  }
}

/** The application an entry is about, if any: status changes name it as subject, downloads in details. */
function applicationOf(entry: AuditEntry): string | null {
  if (entry.subjectType === 'application') return entry.subjectId;
  const id = (entry.details as { applicationId?: unknown }).applicationId;
  return typeof id === 'string' ? id : null;
}

function What({ entry }: { entry: AuditEntry }) {
  const applicationId = applicationOf(entry);
  return (
    <span className="break-words">
      {applicationId && (
        <>
          <Link
            to={`/staff/applications/${applicationId}`}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Application {applicationId.slice(0, 8)}
          </Link>
          {': '}
        </>
      )}
      {describe(entry)}
    </span>
  );
}

export function AuditPage() {
  usePageTitle('Audit log · Staff console');
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? undefined;
  const audit = useAudit({ action, page: params.get('page') ?? undefined });

  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">Audit log</h1>
        <div className="w-64">
          <SelectField
            label="Action"
            value={action ?? ''}
            onChange={(e) => setParams(e.target.value ? { action: e.target.value } : {})}
          >
            <option value="">All actions</option>
            {Object.entries(actions).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {audit.isPending && <Spinner label="Loading the audit log…" />}
      {audit.isError && (
        <Alert tone="error">
          <ErrorText error={audit.error} />
        </Alert>
      )}
      {audit.data && (
        <>
          <div
            className="hidden grid-cols-[11rem_14rem_1fr_12rem] gap-1 px-3 text-xs font-semibold uppercase tracking-wide text-muted md:grid"
            aria-hidden="true"
          >
            <span>When</span>
            <span>Action</span>
            <span>What</span>
            <span>Who</span>
          </div>
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            aria-label="Audit entries"
          >
            {audit.data.items.map((e) => (
              <li
                key={e.id}
                className="grid gap-1 p-3 text-sm md:grid-cols-[11rem_14rem_1fr_12rem]"
              >
                <span className="tabular-nums text-muted">{formatDayTime(e.at)}</span>
                <span className="font-medium text-ink">{actions[e.action] ?? e.action}</span>
                <What entry={e} />
                <span className="text-muted">{e.actor?.name ?? 'Command line'}</span>
              </li>
            ))}
            {audit.data.items.length === 0 && (
              <li className="p-6 text-center text-muted">Nothing recorded yet.</li>
            )}
          </ul>
          <Pagination
            label="Audit log pages"
            page={audit.data.page}
            pageSize={audit.data.pageSize}
            total={audit.data.total}
            onPage={(p) => setParams({ ...(action ? { action } : {}), page: String(p) })}
          />
        </>
      )}
    </div>
  );
}

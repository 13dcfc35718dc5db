import type { ErasurePreview } from '../../../shared/schemas/personal-data';
import { StatusBadge } from '../../components/status-badge';
import { formatDay } from './format';

/** What the portal holds for an address, and what an erasure would do with each application (D16). */
export function PersonHoldings({ email, preview }: { email: string; preview: ErasurePreview }) {
  const kept = preview.applications.filter((a) => a.kept);
  return (
    <div className="mt-3 space-y-2 text-sm" aria-live="polite">
      <p>
        <span className="font-semibold">{email}</span>:{' '}
        {preview.hasAccount ? 'an account' : 'no account'},{' '}
        {preview.applications.length === 1
          ? '1 application'
          : `${preview.applications.length} applications`}{' '}
        sent with this address.
      </p>
      {preview.applications.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {preview.applications.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-2 p-2">
              <span className="font-medium">
                {a.programName} at {a.universityName}
              </span>
              <StatusBadge status={a.status} />
              {a.outcome && (
                <span className="rounded bg-slate-200 px-1.5 text-xs font-semibold">
                  {a.outcome === 'withdrawn' ? 'Withdrawn' : 'Unsuccessful'}
                </span>
              )}
              {a.sentSignedOut && <span className="text-xs text-muted">sent signed out</span>}
              <span className="ms-auto text-xs font-semibold">
                {a.kept
                  ? a.erasedOn
                    ? `Kept until ${formatDay(a.erasedOn)}`
                    : `Kept until ${preview.retentionMonths} months after it closes`
                  : 'Erased at once'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {kept.length > 0 && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-amber-950">
          {kept.length === 1 ? 'One case is active' : `${kept.length} cases are active`}: an erasure
          keeps {kept.length === 1 ? 'it' : 'them'} for the contract and legal duties (application,
          choices and decisions, history, documents, audit) and erases everything else at once. The
          owning consultant sees the request on the case.
        </p>
      )}
    </div>
  );
}

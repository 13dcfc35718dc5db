import type { StatusHistoryEntry } from '../../../shared/schemas/staff';
import { formatDayTime, statusLabel } from './format';
import { StatusBadge } from '../../components/status-badge';

export function StatusHistory({ history }: { history: StatusHistoryEntry[] }) {
  return (
    <section
      aria-labelledby="history-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="history-title" className="text-lg font-semibold text-ink">
        Status history
      </h2>
      <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
        {[...history].reverse().map((entry) => (
          <li key={entry.id}>
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={entry.status} />
              {entry.fromStatus && (
                <span className="text-xs text-muted">
                  from {statusLabel(entry.fromStatus).toLowerCase()}
                </span>
              )}
            </div>
            <p className="mt-1 text-sm text-ink">
              {formatDayTime(entry.at)} · {entry.by ? entry.by.name : 'Submitted by the applicant'}
            </p>
            {entry.note && (
              <p className="mt-1 rounded-md bg-slate-50 p-2 text-sm text-ink">{entry.note}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

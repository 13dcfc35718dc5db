import { applicationStatuses, type ApplicationStatus } from '../../../shared/application-status';
import { statusBarClasses, statusLabel } from './format';

/**
 * Matching applications per status as bars (plain CSS). Each bar filters the queue by its status;
 * pressing the chosen one again shows every status.
 */
export function StatusChart({
  counts,
  selected,
  onSelect,
}: {
  counts: Record<ApplicationStatus, number>;
  selected: ApplicationStatus | undefined;
  onSelect: (status: ApplicationStatus | undefined) => void;
}) {
  const largest = Math.max(1, ...Object.values(counts));
  return (
    <section
      aria-labelledby="status-chart-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="status-chart-title" className="text-sm font-semibold text-ink">
        Applications by status
      </h2>
      <ul className="mt-3 space-y-1.5">
        {applicationStatuses.map((status) => {
          const isSelected = selected === status;
          return (
            <li key={status}>
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onSelect(isSelected ? undefined : status)}
                className={`grid w-full grid-cols-[5.5rem_1fr_4rem] items-center gap-2 rounded-md px-1.5 py-1 text-left text-sm hover:bg-slate-100 ${isSelected ? 'bg-brand-50 ring-1 ring-brand-700' : ''}`}
              >
                <span className="font-medium text-ink">{statusLabel(status)}</span>
                <span className="h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  <Bar className={statusBarClasses[status]} fraction={counts[status] / largest} />
                </span>
                <span className="text-right tabular-nums text-muted">
                  {counts[status].toLocaleString('en-GB')}
                  <span className="sr-only"> {statusLabel(status).toLowerCase()}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Widths are set through the DOM style object (allowed by the CSP), never an inline style attribute. */
function Bar({ className, fraction }: { className: string; fraction: number }) {
  return (
    <span
      className={`block h-full rounded-full ${className}`}
      style={{ width: `${Math.round(fraction * 100)}%` }}
    />
  );
}

import { Link } from '../../lib/router';
import type { QueueItem } from '../../../shared/schemas/staff';
import { formatDay } from './format';
import { StatusBadge } from '../../components/status-badge';
import { QueueFlags } from './queue-case-filters';

const applicationPath = (id: string) => `/staff/applications/${id}`;

/** A table from tablet width up, cards on phones; the applicant's name opens the application. */
export function QueueResults({ items }: { items: QueueItem[] }) {
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-muted">
        No application matches these filters.
      </p>
    );
  }
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Applications</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                Applicant
              </th>
              <th scope="col" className="px-3 py-2">
                Program
              </th>
              <th scope="col" className="px-3 py-2">
                Level
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Submitted
              </th>
              <th scope="col" className="px-3 py-2">
                Last change
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((item) => (
              <tr key={item.id} className="hover:bg-slate-50">
                <td className="px-3 py-2">
                  <Link
                    to={applicationPath(item.id)}
                    className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    {item.fullName}
                  </Link>
                  <div className="text-xs text-muted">{item.email}</div>
                </td>
                <td className="px-3 py-2">
                  <div>{item.programName}</div>
                  <div className="text-xs text-muted">{item.universityName}</div>
                </td>
                <td className="px-3 py-2">{item.programLevel}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={item.status} />
                  <QueueFlags item={item} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                  {formatDay(item.submittedAt)}
                </td>
                <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                  {formatDay(item.lastStatusUpdate)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-2 md:hidden" aria-label="Applications">
        {items.map((item) => (
          <li key={item.id} className="rounded-xl border border-slate-200 bg-white p-3">
            <div className="flex items-start justify-between gap-2">
              <Link
                to={applicationPath(item.id)}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {item.fullName}
              </Link>
              <StatusBadge status={item.status} />
              <QueueFlags item={item} />
            </div>
            <p className="mt-1 break-all text-xs text-muted">{item.email}</p>
            <p className="mt-2 text-sm">
              {item.programName} · {item.programLevel}
            </p>
            <p className="text-sm text-muted">{item.universityName}</p>
            <p className="mt-1 text-xs text-muted">Submitted {formatDay(item.submittedAt)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

import type { StaffDocument } from '../../../shared/schemas/staff';
import { formatBytes } from './format';

/** Opening or downloading goes through the documents route, which records staff downloads in the audit log. */
export function DocumentsList({ documents }: { documents: StaffDocument[] }) {
  return (
    <section
      aria-labelledby="documents-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="documents-title" className="text-lg font-semibold text-ink">
        Documents
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No documents were uploaded.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-medium text-ink">{d.label}</p>
                <p className="text-xs text-muted">
                  {d.originalName} · {formatBytes(d.size)}
                </p>
              </div>
              <a
                href={d.url}
                download
                className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:bg-brand-50"
              >
                Download<span className="sr-only"> {d.label}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

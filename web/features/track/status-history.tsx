import type { StatusUpdate } from '../../../shared/schemas/application';
import { statusLabel } from '../../components/status-badge';
import { formatDate } from './format';

/** The status updates, oldest first: status, date and note. */
export function StatusHistory({ updates, headingLevel = 'h2' }: { updates: StatusUpdate[]; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <section>
      <Heading className="text-base font-semibold text-ink">Status updates</Heading>
      <ol className="mt-2 space-y-2 border-s-2 border-slate-200 ps-4">
        {updates.map((update, index) => (
          <li key={`${update.date}-${index}`} className="text-sm">
            <span className="font-semibold text-ink">{statusLabel(update.status)}</span>
            <span className="text-muted"> · {formatDate(update.date)}</span>
            {update.note && <p className="mt-0.5 text-ink">{update.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

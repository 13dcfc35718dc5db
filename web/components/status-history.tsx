import type { StatusUpdate } from '../../shared/schemas/application';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useStatusWords } from '../lib/status-names';

/** The status updates, oldest first: status, date and note. */
export function StatusHistory({
  updates,
  headingLevel = 'h2',
}: {
  updates: StatusUpdate[];
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const words = useStatusWords();
  return (
    <section>
      <Heading className="text-base font-semibold text-ink">
        <FormattedMessage id="track.history.heading" defaultMessage="Status updates" />
      </Heading>
      <ol className="mt-2 space-y-2 border-s-2 border-slate-200 ps-4">
        {updates.map((update, index) => (
          <li key={`${update.date}-${index}`} className="text-sm">
            <span className="font-semibold text-ink">{words.name(update.status)}</span>
            <span className="text-muted">
              {' · '}
              <FormattedDate value={update.date} day="numeric" month="short" year="numeric" />
            </span>
            {update.note && <p className="mt-0.5 text-ink">{update.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

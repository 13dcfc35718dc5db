import type { ApplicationView } from '../../../shared/schemas/application';
import { outcomeLabels } from '../../../shared/schemas/casework';
import { formatDueDay } from './format';

/** On a dashboard card: the final outcome, open requests (Action required), unread messages, what comes next after an offer. */
export function CaseworkSummary({ application }: { application: ApplicationView }) {
  const { outcome, requests, unreadMessages, afterOffer } = application.casework;
  if (outcome) {
    return <p className="mt-2 rounded-lg border border-slate-300 bg-slate-50 p-2 text-sm font-semibold text-ink">{outcomeLabels[outcome.kind]}</p>;
  }
  const open = requests.filter((r) => r.open);
  return (
    <>
      {open.length > 0 && (
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          <span className="font-semibold">Action required: </span>
          {open.map((r) => `${r.kind === 'document' ? r.label : 'an answer'} by ${formatDueDay(r.dueOn)}`).join('; ')}. Answer from the track page.
        </p>
      )}
      {unreadMessages > 0 && (
        <p className="mt-2 text-sm font-semibold text-brand-700">
          {unreadMessages} unread {unreadMessages === 1 ? 'message' : 'messages'}
        </p>
      )}
      {afterOffer?.next && <p className="mt-2 text-sm text-ink">Next step: {afterOffer.next}</p>}
    </>
  );
}

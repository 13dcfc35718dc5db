import { defineMessages, useIntl } from 'react-intl';
import type { DocumentState } from '../../shared/schemas/application';

const tones: Record<DocumentState, string> = {
  received: 'bg-slate-100 text-slate-800 ring-slate-300',
  verified: 'bg-green-100 text-green-900 ring-green-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
};

const labels = defineMessages({
  received: { id: 'document.state.received', defaultMessage: 'Received' },
  verified: { id: 'document.state.verified', defaultMessage: 'Verified' },
  rejected: { id: 'document.state.rejected', defaultMessage: 'Rejected' },
});

/** Received, verified or rejected: the state of a document's current version, in the reader's language. */
export function DocumentStateBadge({ state }: { state: DocumentState }) {
  const intl = useIntl();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[state]}`}
    >
      {intl.formatMessage(labels[state])}
    </span>
  );
}

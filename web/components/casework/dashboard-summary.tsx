import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import type { ApplicationView } from '../../../shared/schemas/application';

const outcomes = defineMessages({
  withdrawn: { id: 'dashboard.casework.outcome.withdrawn', defaultMessage: 'Withdrawn' },
  unsuccessful: {
    id: 'dashboard.casework.outcome.unsuccessful',
    defaultMessage: 'Closed as unsuccessful',
  },
});

/** On a dashboard card: the final outcome, open requests (Action required), unread messages, what comes next after an offer. */
export function CaseworkSummary({ application }: { application: ApplicationView }) {
  const intl = useIntl();
  const { outcome, requests, unreadMessages, afterOffer } = application.casework;
  if (outcome) {
    return (
      <p className="mt-2 rounded-lg border border-slate-300 bg-slate-50 p-2 text-sm font-semibold text-ink">
        {intl.formatMessage(outcomes[outcome.kind])}
      </p>
    );
  }
  const open = requests.filter((r) => r.open);
  const dueDay = (iso: string) =>
    intl.formatDate(new Date(`${iso}T00:00:00Z`), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const asks = open.map((r) =>
    r.kind === 'document'
      ? intl.formatMessage(
          { id: 'dashboard.casework.documentBy', defaultMessage: '{document} by {date}' },
          { document: r.label, date: dueDay(r.dueOn) },
        )
      : intl.formatMessage(
          { id: 'dashboard.casework.answerBy', defaultMessage: 'an answer by {date}' },
          { date: dueDay(r.dueOn) },
        ),
  );
  return (
    <>
      {open.length > 0 && (
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          <FormattedMessage
            id="dashboard.casework.actionRequired"
            defaultMessage="<b>Action required:</b> {requests}. Answer from the track page."
            values={{
              b: (chunks) => <span className="font-semibold">{chunks}</span>,
              requests: intl.formatList(asks, { type: 'conjunction' }),
            }}
          />
        </p>
      )}
      {unreadMessages > 0 && (
        <p className="mt-2 text-sm font-semibold text-brand-700">
          <FormattedMessage
            id="dashboard.casework.unread"
            defaultMessage="{count, plural, one {# unread message} other {# unread messages}}"
            values={{ count: unreadMessages }}
          />
        </p>
      )}
      {afterOffer?.next && (
        <p className="mt-2 text-sm text-ink">
          <FormattedMessage
            id="dashboard.casework.nextStep"
            defaultMessage="Next step: {step}"
            values={{ step: afterOffer.next }}
          />
        </p>
      )}
    </>
  );
}

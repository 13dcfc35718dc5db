import { FormattedMessage, useIntl } from 'react-intl';
import type { ApplicationView } from '../../../shared/schemas/application';
import { Alert } from '../../components/alert';
import { useDocumentName } from '../../lib/document-names';
import { useDocumentPartName } from './track-documents';
import { formatDueDayIn } from '../../lib/casework-format';

/**
 * Beside the five steps: what the applicant has to do now (a rejected document to send again, a
 * request from the team, unread messages).
 */
export function ActionRequired({ application }: { application: ApplicationView }) {
  const intl = useIntl();
  const fieldName = useDocumentName();
  const partName = useDocumentPartName(application);
  if (application.casework.outcome) return null;
  const rejected = application.documents.filter((d) => d.state === 'rejected');
  const requests = application.casework.requests.filter((r) => r.open);
  const unread = application.casework.unreadMessages;
  if (rejected.length === 0 && requests.length === 0 && unread === 0) return null;
  return (
    <Alert
      tone="warning"
      title={
        rejected.length + requests.length > 0
          ? intl.formatMessage({ id: 'track.action.title', defaultMessage: 'Action required' })
          : intl.formatMessage({ id: 'track.action.newMessage', defaultMessage: 'New message' })
      }
    >
      <ul className="list-inside list-disc">
        {rejected.map((d) => (
          <li key={`${d.key}/${d.part}`}>
            <FormattedMessage
              id="track.action.rejected"
              defaultMessage="Your {document} was not accepted: {reason} Send a new one under Documents below."
              values={{
                document: partName(d, { inSentence: true }),
                reason: d.rejectionReason,
              }}
            />
          </li>
        ))}
        {requests.map((r) => (
          <li key={r.id}>
            {r.kind === 'document' ? (
              <FormattedMessage
                id="track.action.sendDocument"
                defaultMessage="Send your {document} by {date}."
                values={{
                  document: fieldName(r.label, { inSentence: true }),
                  date: formatDueDayIn(intl, r.dueOn),
                }}
              />
            ) : (
              <FormattedMessage
                id="track.action.answerQuestion"
                defaultMessage="Answer a question from our team by {date}."
                values={{ date: formatDueDayIn(intl, r.dueOn) }}
              />
            )}
          </li>
        ))}
        {unread > 0 && (
          <li>
            <FormattedMessage
              id="track.action.unread"
              defaultMessage="{count, plural, one {# unread message} other {# unread messages}} from our team."
              values={{ count: unread }}
            />
          </li>
        )}
      </ul>
    </Alert>
  );
}

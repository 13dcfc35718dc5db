import type { ApplicationView } from '../../../shared/schemas/application';
import { Alert } from '../../components/alert';
import { formatDueDay } from '../casework/format';

/**
 * Beside the five steps: what the applicant has to do now (a rejected document to send again, a
 * request from the team, unread messages).
 */
export function ActionRequired({ application }: { application: ApplicationView }) {
  if (application.casework.outcome) return null;
  const rejected = application.documents.filter((d) => d.state === 'rejected');
  const requests = application.casework.requests.filter((r) => r.open);
  const unread = application.casework.unreadMessages;
  if (rejected.length === 0 && requests.length === 0 && unread === 0) return null;
  return (
    <Alert tone="warning" title={rejected.length + requests.length > 0 ? 'Action required' : 'New message'}>
      <ul className="list-inside list-disc">
        {rejected.map((d) => (
          <li key={d.key}>
            Your {d.label.toLowerCase()} was not accepted: {d.rejectionReason} Send a new one under Documents below.
          </li>
        ))}
        {requests.map((r) => (
          <li key={r.id}>
            {r.kind === 'document' ? `Send your ${r.label.toLowerCase()}` : 'Answer a question from our team'} by {formatDueDay(r.dueOn)}.
          </li>
        ))}
        {unread > 0 && (
          <li>
            {unread} unread {unread === 1 ? 'message' : 'messages'} from our team.
          </li>
        )}
      </ul>
    </Alert>
  );
}

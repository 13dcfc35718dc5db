import type { ApplicationView } from '../../../shared/schemas/application';
import { Alert } from '../../components/alert';

/** Beside the five steps: what the applicant has to do now (a rejected document to send again). */
export function ActionRequired({ application }: { application: ApplicationView }) {
  const rejected = application.documents.filter((d) => d.state === 'rejected');
  if (rejected.length === 0) return null;
  return (
    <Alert tone="warning" title="Action required">
      <ul className="list-inside list-disc">
        {rejected.map((d) => (
          <li key={d.key}>
            Your {d.label.toLowerCase()} was not accepted: {d.rejectionReason} Send a new one under Documents below.
          </li>
        ))}
      </ul>
    </Alert>
  );
}

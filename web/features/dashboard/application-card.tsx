import { CaseworkSummary } from '../casework/dashboard-summary';
import { Link } from 'react-router';
import { statusColours, statusProgress } from '../../../shared/application-status';
import type { ApplicationView } from '../../../shared/schemas/application';
import { Card } from '../../components/card';
import { DocumentStateBadge } from '../../components/document-state-badge';
import { ProgressBar } from '../../components/progress-bar';
import { StatusBadge } from '../../components/status-badge';
import { formatDate } from '../track/format';
import { StatusHistory } from '../track/status-history';

/** Spec: at most two university names, then 'and N more'. */
export function universitiesLine(names: string[]): string {
  const shown = names.slice(0, 2).join(', ');
  return names.length > 2 ? `${shown} and ${names.length - 2} more` : shown;
}

export function ApplicationCard({ application }: { application: ApplicationView }) {
  const { personalInfo, academicInfo, status } = application;
  const titleId = `application-${application.id}`;
  const rejected = application.documents.filter((d) => d.state === 'rejected');
  return (
    <Card className="flex flex-col gap-4" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            {personalInfo.fullName}
          </h2>
          <p className="text-sm text-muted">Submitted {formatDate(application.submittedAt)}</p>
        </div>
        <StatusBadge status={status} />
      </div>
      <ProgressBar value={statusProgress(status)} colour={statusColours[status]} label={`Progress of ${personalInfo.fullName}’s application`} />
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-muted">Program</dt>
          <dd className="text-ink">{academicInfo.program.name}</dd>
        </div>
        <div>
          <dt className="font-medium text-muted">Study level</dt>
          <dd className="text-ink">{academicInfo.studyLevel}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-muted">Universities</dt>
          <dd className="text-ink">{universitiesLine(academicInfo.selectedUniversities)}</dd>
        </div>
      </dl>
      <StatusHistory updates={application.statusUpdates} headingLevel="h3" />
      <section>
        <h3 className="text-base font-semibold text-ink">Documents</h3>
        {application.documents.length === 0 ? (
          <p className="mt-1 text-sm text-muted">No documents uploaded.</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {application.documents.map((doc) => (
              <li key={doc.key} className="flex items-center gap-1.5">
                <a href={doc.url} download className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                  {doc.label}
                </a>
                <DocumentStateBadge state={doc.state} />
              </li>
            ))}
          </ul>
        )}
        <CaseworkSummary application={application} />
        {rejected.length > 0 && (
          <p className="mt-2 rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-900">
            <span className="font-semibold">Action required: </span>
            {rejected.map((d) => d.label).join(', ')} {rejected.length === 1 ? 'was' : 'were'} not accepted. Send{' '}
            {rejected.length === 1 ? 'a new one' : 'new ones'} from the track page.
          </p>
        )}
      </section>
      <Link
        to="/track"
        state={{ applicationId: application.id, email: personalInfo.email }}
        className="mt-auto self-start font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        Track this application<span className="sr-only"> of {personalInfo.fullName}</span>
      </Link>
    </Card>
  );
}

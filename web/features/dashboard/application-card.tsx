import { FormattedDate, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from '../../lib/router';
import { statusColours, statusProgress } from '../../../shared/application-status';
import type { ApplicationView } from '../../../shared/schemas/application';
import { Card } from '../../components/card';
import { DocumentStateBadge } from '../../components/document-state-badge';
import { ProgressBar } from '../../components/progress-bar';
import { StatusBadge } from '../../components/status-badge';
import { CaseworkSummary } from '../../components/casework/dashboard-summary';
import { ChoicesSummary } from '../../components/casework/applicant-choices';
import { useQueryClient } from '@tanstack/react-query';
import { myApplicationsKey } from './use-my-applications';
import { StatusHistory } from '../../components/status-history';
import { useStatusWords } from '../../lib/status-names';
import { useCatalogueText } from '../../lib/catalogue-text';

/** Spec: at most two university names, then 'and N more'. */
export function universitiesLine(intl: IntlShape, names: string[]): string {
  const shown = intl.formatList(names.slice(0, 2), { type: 'unit' });
  if (names.length <= 2) return shown;
  return intl.formatMessage(
    {
      id: 'dashboard.card.universitiesMore',
      defaultMessage: '{universities} and {count, plural, one {# more} other {# more}}',
    },
    { universities: shown, count: names.length - 2 },
  );
}

export function ApplicationCard({ application }: { application: ApplicationView }) {
  const intl = useIntl();
  const says = useCatalogueText();
  const statusWords = useStatusWords();
  const { personalInfo, academicInfo, status } = application;
  const titleId = `application-${application.id}`;
  const rejected = application.documents.filter((d) => d.state === 'rejected');
  const queryClient = useQueryClient();
  const showApplication = (updated: ApplicationView) =>
    queryClient.setQueryData<ApplicationView[]>(myApplicationsKey, (list) =>
      list?.map((a) => (a.id === updated.id ? updated : a)),
    );
  return (
    <Card className="flex min-w-0 flex-col gap-4" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="break-words text-lg font-semibold text-ink">
            {personalInfo.fullName}
          </h2>
          <p className="text-sm text-muted">
            <FormattedMessage
              id="dashboard.card.submitted"
              defaultMessage="Submitted {date}"
              values={{
                date: (
                  <FormattedDate
                    value={application.submittedAt}
                    day="numeric"
                    month="short"
                    year="numeric"
                  />
                ),
              }}
            />
          </p>
        </div>
        <StatusBadge status={status} label={statusWords.name(status)} />
      </div>
      <ProgressBar
        value={statusProgress(status)}
        colour={statusColours[status]}
        label={intl.formatMessage(
          { id: 'dashboard.card.progress', defaultMessage: 'Progress of {name}’s application' },
          { name: personalInfo.fullName },
        )}
      />
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-muted">
            <FormattedMessage id="dashboard.card.program" defaultMessage="Program" />
          </dt>
          <dd className="text-ink">{academicInfo.program.name}</dd>
        </div>
        <div>
          <dt className="font-medium text-muted">
            <FormattedMessage id="dashboard.card.studyLevel" defaultMessage="Study level" />
          </dt>
          <dd className="text-ink">{says.level(academicInfo.studyLevel)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-muted">
            <FormattedMessage id="dashboard.card.universities" defaultMessage="Universities" />
          </dt>
          <dd className="text-ink">{universitiesLine(intl, academicInfo.selectedUniversities)}</dd>
        </div>
      </dl>
      <ChoicesSummary application={application} onUpdated={showApplication} />
      <StatusHistory updates={application.statusUpdates} headingLevel="h3" />
      <section>
        <h3 className="text-base font-semibold text-ink">
          <FormattedMessage id="dashboard.card.documents" defaultMessage="Documents" />
        </h3>
        {application.documents.length === 0 ? (
          <p className="mt-1 text-sm text-muted">
            <FormattedMessage
              id="dashboard.card.noDocuments"
              defaultMessage="No documents uploaded."
            />
          </p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {application.documents.map((doc) => (
              <li key={`${doc.key}/${doc.part}`} className="flex items-center gap-1.5">
                <a
                  href={doc.url}
                  download
                  className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
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
            <FormattedMessage
              id="dashboard.card.rejected"
              defaultMessage="<b>Action required:</b> {documents} {count, plural, one {was not accepted. Send a new one from the track page.} other {were not accepted. Send new ones from the track page.}}"
              values={{
                b: (chunks) => <span className="font-semibold">{chunks}</span>,
                documents: intl.formatList(
                  rejected.map((d) => d.label),
                  { type: 'conjunction' },
                ),
                count: rejected.length,
              }}
            />
          </p>
        )}
      </section>
      <Link
        to="/track"
        state={{ applicationId: application.id, email: personalInfo.email }}
        className="mt-auto self-start font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        <FormattedMessage
          id="dashboard.card.track"
          defaultMessage="Track this application<hidden> of {name}</hidden>"
          values={{
            name: personalInfo.fullName,
            hidden: (chunks) => <span className="sr-only">{chunks}</span>,
          }}
        />
      </Link>
    </Card>
  );
}

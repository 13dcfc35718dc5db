import { StudentGuidance } from './student-guidance';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '../../lib/router';
import { useLiveUpdates } from '../../lib/use-live-updates';
import { Alert } from '../../components/alert';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { ApplicationDetailsCard } from './application-details-card';
import { ApplicationFields } from './application-fields';
import { DocumentsList } from './documents-list';
import { ErasureRequestNotice } from './erasure-request-notice';
import { InternalNotes } from './internal-notes';
import { TrackingLinks } from './tracking-links';
import { useStaffApplication } from './staff-api';
import { StatusActions } from './status-actions';
import { ChoiceCards } from './choice-cards';
import { StatusBadge } from '../../components/status-badge';
import { StatusHistory } from './status-history';
import { StaffCaseworkMain, StaffCaseworkSide } from './staff-casework';
import { ErrorText } from '../../components/error-text';

export function ApplicationPage() {
  const { id = '' } = useParams();
  const query = useStaffApplication(id);
  const queryClient = useQueryClient();
  // each change (the applicant sends a document, a colleague decides) reads the application again
  useLiveUpdates(
    query.isSuccess ? `/api/staff/applications/${encodeURIComponent(id)}/stream` : null,
    () => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'application', id] });
    },
  );
  usePageTitle(
    query.data
      ? `${query.data.application.fullName} · Staff console`
      : 'Application · Staff console',
  );

  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      <Link to="/staff" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        ← Back to applications
      </Link>
      {query.isPending && <Spinner label="Loading the application…" />}
      {query.isError && (
        <Alert tone="error" title="The application could not be loaded">
          <ErrorText error={query.error} />
        </Alert>
      )}
      {query.data && (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold text-ink">{query.data.application.fullName}</h1>
            <StatusBadge status={query.data.application.status} />
          </div>
          <p className="text-sm text-muted">
            {query.data.application.programName} · {query.data.application.universityName}
          </p>
          {query.data.casework.erasureRequest && (
            <ErasureRequestNotice request={query.data.casework.erasureRequest} />
          )}
          <div className="grid items-start gap-4 lg:grid-cols-[1fr_22rem]">
            <div className="space-y-4">
              <ApplicationFields
                application={query.data.application}
                erasureRequested={query.data.casework.erasureRequest !== null}
              />
              <ApplicationDetailsCard
                application={query.data.application}
                hasStatementFile={query.data.documents.some((d) => d.key === 'personalStatement')}
              />
              <ChoiceCards
                applicationId={query.data.application.id}
                choices={query.data.choices}
                open={query.data.casework.outcome === null}
              />
              <DocumentsList
                applicationId={query.data.application.id}
                documents={query.data.documents}
              />
              <StaffCaseworkMain detail={query.data} />
              <StatusHistory history={query.data.history} />
            </div>
            <div className="order-first space-y-4 lg:sticky lg:top-20 lg:order-none">
              <StatusActions
                id={query.data.application.id}
                status={query.data.application.status}
              />
              <StaffCaseworkSide detail={query.data} />
              <InternalNotes applicationId={query.data.application.id} notes={query.data.notes} />
              {!query.data.casework.erasureRequest && (
                <TrackingLinks applicationId={query.data.application.id} />
              )}
              <StudentGuidance applicationId={query.data.application.id} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { ApplicationView, TrackResult } from '../../../shared/schemas/application';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { useHydrated } from '../../lib/use-hydrated';
import { ApplicationDetails } from './application-details';
import { LiveIndicator } from './live-indicator';
import { LookupForm } from './lookup-form';
import { ActionRequired } from './action-required';
import { OutcomeAndTime } from '../casework/applicant-outcome';
import { TrackCasework } from '../casework/track-casework';
import { StatusBanner } from './status-banner';
import { StopLinks } from './stop-links';
import {
  fetchTracked,
  forgetToken,
  openStreamAccess,
  rememberToken,
  storedToken,
  takeTokenFromFragment,
  type TrackSource,
} from './track-api';
import { useLiveUpdates } from './use-live-updates';

const notFoundText = 'Application not found. Please check your tracking details.';

/** Route state (after submitting, from the dashboard), the e-mailed link, the session, or nothing. */
function initialSource(state: unknown): TrackSource | null {
  const s = state as { applicationId?: unknown; email?: unknown } | null;
  if (typeof s?.applicationId === 'string' && typeof s.email === 'string') {
    return { kind: 'lookup', applicationId: s.applicationId, email: s.email };
  }
  const token = takeTokenFromFragment() ?? storedToken();
  return token ? { kind: 'token', token } : null;
}

function NotFound({ message = notFoundText }: { message?: string }) {
  return (
    <Card className="mx-auto max-w-xl border-red-200">
      <h2 className="text-xl font-semibold text-red-800">Error</h2>
      <p className="mt-1 text-ink">{message}</p>
    </Card>
  );
}

export function TrackPage() {
  usePageTitle('Track your application');
  // The tracking token may sit in the address's #fragment or in session storage, which only the
  // browser can read: the server renders a spinner where the record will be.
  const isHydrated = useHydrated();
  return (
    <>
      <PageHeader eyebrow="Your application" title="Track your application">
        Follow your application as it moves from submitted to accepted. This page updates by itself.
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {isHydrated ? <Tracker /> : <Spinner label="Loading application details…" />}
      </div>
    </>
  );
}

function Tracker() {
  const location = useLocation();
  const [source, setSource] = useState<TrackSource | null>(() => initialSource(location.state));
  const [isChoosingAnother, setChoosingAnother] = useState(false);
  const [linksStopped, setLinksStopped] = useState(false);
  const queryClient = useQueryClient();
  const queryKey = ['track', source];
  const tracked = useQuery({
    queryKey,
    queryFn: () => fetchTracked(source!),
    enabled: source !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (tracked.data) rememberToken(tracked.data.token);
  }, [tracked.data]);
  const isRefused =
    tracked.error instanceof ApiError && tracked.error.status >= 400 && tracked.error.status < 500;
  useEffect(() => {
    if (isRefused) forgetToken();
  }, [isRefused]);

  const streamToken = tracked.data?.streamToken;
  const streamAccess = useQuery({
    queryKey: ['track-stream', streamToken],
    queryFn: () => openStreamAccess(streamToken!),
    enabled: Boolean(streamToken),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const streamUrl = streamAccess.data?.url ?? null;
  const showApplication = (application: ApplicationView) =>
    queryClient.setQueryData<TrackResult>(queryKey, (old) =>
      old && old.application.id === application.id ? { ...old, application } : old,
    );
  const live = useLiveUpdates(
    streamUrl,
    showApplication,
    { onClosed: () => void tracked.refetch() },
  );

  const lookup = (next: { applicationId: string; email: string }) => {
    setChoosingAnother(false);
    setLinksStopped(false);
    setSource({ kind: 'lookup', ...next });
  };
  const trackAnother = () => {
    forgetToken();
    setSource(null);
    setChoosingAnother(true);
  };
  const linksWereStopped = () => {
    trackAnother();
    setLinksStopped(true);
  };
  const lastLookup = source?.kind === 'lookup' ? source : undefined;

  return (
    <>
      {source === null ? (
        <>
          {linksStopped && (
            <Alert tone="success" title="Every tracking link has stopped working">
              To follow your application again, enter its ID and your e-mail address.
            </Alert>
          )}
          {!isChoosingAnother && <NotFound />}
          <LookupForm onLookup={lookup} />
        </>
      ) : tracked.isPending ? (
        <Spinner label="Loading application details…" />
      ) : tracked.isError ? (
        isRefused ? (
          <>
            <NotFound
              message={
                (tracked.error as ApiError).code === 'APPLICATION_NOT_FOUND'
                  ? notFoundText
                  : tracked.error.message
              }
            />
            <LookupForm key={JSON.stringify(lastLookup)} initial={lastLookup} onLookup={lookup} />
          </>
        ) : (
          <Alert tone="error" title="Failed to load application details.">
            <Button variant="secondary" className="mt-2" onClick={() => void tracked.refetch()}>
              Try again
            </Button>
          </Alert>
        )
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-2xl font-bold text-ink">
              {tracked.data.application.academicInfo.program.name}
            </h2>
            <div className="flex items-center gap-4">
              <LiveIndicator state={live} />
              <Button variant="ghost" onClick={trackAnother}>
                Track a different application
              </Button>
            </div>
          </div>
          {tracked.data.addedToAccount && (
            <Alert tone="success">This application is now on your dashboard, under My Applications.</Alert>
          )}
          <StatusBanner status={tracked.data.application.status} />
          <OutcomeAndTime application={tracked.data.application} />
          <ActionRequired application={tracked.data.application} />
          <TrackCasework
            application={tracked.data.application}
            token={tracked.data.token}
            onUpdated={showApplication}
          />
          <ApplicationDetails
            application={tracked.data.application}
            token={tracked.data.token}
            onUpdated={showApplication}
          />
          <StopLinks token={tracked.data.token} onStopped={linksWereStopped} />
        </>
      )}
    </>
  );
}

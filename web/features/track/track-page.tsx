import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { useLocation } from '../../lib/router';
import type { ApplicationView, TrackResult } from '../../../shared/schemas/application';
import { plainTrackQueryKey, type PlainTrackAnswer } from '../../../shared/page-rendering';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { useHydrated } from '../../lib/use-hydrated';
import { useErrorText } from '../../lib/error-text';
import { ApplicationDetails } from './application-details';
import { LiveIndicator } from '../../components/live-indicator';
import { LookupForm } from './lookup-form';
import { ActionRequired } from './action-required';
import { OutcomeAndTime } from './applicant-outcome';
import { TrackCasework } from './track-casework';
import { ApplicantChoices } from '../../components/casework/applicant-choices';
import { PartnerFollowing } from './partner-following';
import { StatusBanner } from './status-banner';
import { StopLinks } from './stop-links';
import {
  downloadWithToken,
  fetchTracked,
  forgetToken,
  openStreamAccess,
  rememberToken,
  storedToken,
  takeTokenFromFragment,
  type TrackSource,
} from './track-api';
import { useLiveUpdates } from '../../lib/use-live-updates';

const m = defineMessages({
  title: { id: 'track.page.title', defaultMessage: 'Track your application' },
  eyebrow: { id: 'track.page.eyebrow', defaultMessage: 'Your application' },
  loading: { id: 'track.page.loading', defaultMessage: 'Loading application details…' },
  notFound: {
    id: 'track.page.notFound',
    defaultMessage: 'Application not found. Please check your tracking details.',
  },
  refused: {
    id: 'track.page.refused',
    defaultMessage: 'This application cannot be shown. Please check your tracking details.',
  },
  stoppedTitle: {
    id: 'track.page.linksStopped.title',
    defaultMessage: 'Every tracking link has stopped working',
  },
  tooMany: {
    id: 'track.page.tooMany',
    defaultMessage: 'Too many tracking attempts. Please wait a few minutes and try again.',
  },
  loadFailed: {
    id: 'track.page.loadFailed',
    defaultMessage: 'Failed to load application details.',
  },
});

/** Route state (after submitting, from the dashboard), the e-mailed link, the session, or nothing. */
function initialSource(state: unknown): TrackSource | null {
  const s = state as { applicationId?: unknown; email?: unknown } | null;
  if (typeof s?.applicationId === 'string' && typeof s.email === 'string') {
    return { kind: 'lookup', applicationId: s.applicationId, email: s.email };
  }
  const token = takeTokenFromFragment() ?? storedToken();
  return token ? { kind: 'token', token } : null;
}

function NotFound({ message }: { message?: string }) {
  const intl = useIntl();
  return (
    <Card className="mx-auto max-w-xl border-red-200">
      <h2 className="text-xl font-semibold text-red-800">
        <FormattedMessage id="track.page.error" defaultMessage="Error" />
      </h2>
      <p className="mt-1 text-ink">{message ?? intl.formatMessage(m.notFound)}</p>
    </Card>
  );
}

export function TrackPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  // The tracking token may sit in the address's #fragment or in session storage, which only the
  // browser can read: the server renders a spinner where the record will be.
  const isHydrated = useHydrated();
  return (
    <>
      <PageHeader eyebrow={intl.formatMessage(m.eyebrow)} title={intl.formatMessage(m.title)}>
        <FormattedMessage
          id="track.page.intro"
          defaultMessage="Follow your application as it moves from submitted to accepted. This page updates by itself."
        />
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {/* as tall as the lookup form most visits end on: the footer does not jump once the browser knows */}
        {isHydrated ? (
          <Tracker />
        ) : (
          <div className="min-h-[28rem] space-y-6">
            <PlainTracker />
          </div>
        )}
      </div>
    </>
  );
}

/** What the lookup form found when it was posted without scripts (issue 26 §1), if it was. */
function usePlainAnswer() {
  return useQueryClient().getQueryData<PlainTrackAnswer>(plainTrackQueryKey);
}

/**
 * Before the page's code has run: the application the lookup form found when posted without
 * scripts, or the spinner, and (without scripts only) the lookup form as a plain form.
 */
function PlainTracker() {
  const intl = useIntl();
  const answer = usePlainAnswer();
  if (answer && 'found' in answer) {
    const { application, token } = answer.found;
    return (
      <>
        <h2 className="text-2xl font-bold text-ink">{application.academicInfo.program.name}</h2>
        <StatusBanner status={application.status} />
        <ApplicationDetails application={application} token={token} onUpdated={() => {}} />
      </>
    );
  }
  return (
    <>
      <div className="noscript:hidden">
        <Spinner label={intl.formatMessage(m.loading)} />
      </div>
      <noscript>
        {answer && (
          <NotFound
            message={
              answer.refused === 'notFound'
                ? intl.formatMessage(m.notFound)
                : answer.refused === 'tooMany'
                  ? intl.formatMessage(m.tooMany)
                  : intl.formatMessage(m.refused)
            }
          />
        )}
        <LookupForm onLookup={() => {}} />
      </noscript>
    </>
  );
}

/** The application found by a plain lookup is the one followed once the code has run. */
function sourceOf(state: unknown, answer: PlainTrackAnswer | undefined): TrackSource | null {
  if (answer && 'found' in answer) return { kind: 'token', token: answer.found.token };
  return initialSource(state);
}

function Tracker() {
  const location = useLocation();
  const plainAnswer = usePlainAnswer();
  const [source, setSource] = useState<TrackSource | null>(() =>
    sourceOf(location.state, plainAnswer),
  );
  const [isChoosingAnother, setChoosingAnother] = useState(false);
  const [linksStopped, setLinksStopped] = useState(false);
  const queryClient = useQueryClient();
  const intl = useIntl();
  const errorText = useErrorText();
  const queryKey = ['track', source];
  const tracked = useQuery({
    queryKey,
    queryFn: () => fetchTracked(source!),
    initialData:
      plainAnswer && 'found' in plainAnswer && source?.kind === 'token'
        ? plainAnswer.found
        : undefined,
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
  const live = useLiveUpdates(streamUrl, showApplication, {
    onClosed: () => void tracked.refetch(),
  });

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
            <Alert tone="success" title={intl.formatMessage(m.stoppedTitle)}>
              <FormattedMessage
                id="track.page.linksStopped.text"
                defaultMessage="To follow your application again, enter its ID and your e-mail address."
              />
            </Alert>
          )}
          {!isChoosingAnother && <NotFound />}
          <LookupForm onLookup={lookup} />
        </>
      ) : tracked.isPending ? (
        <Spinner label={intl.formatMessage(m.loading)} />
      ) : tracked.isError ? (
        isRefused ? (
          <>
            <NotFound
              message={
                (tracked.error as ApiError).code === 'APPLICATION_NOT_FOUND'
                  ? intl.formatMessage(m.notFound)
                  : errorText(tracked.error, { otherwise: intl.formatMessage(m.refused) })
              }
            />
            <LookupForm key={JSON.stringify(lastLookup)} initial={lastLookup} onLookup={lookup} />
          </>
        ) : (
          <Alert tone="error" title={intl.formatMessage(m.loadFailed)}>
            <Button variant="secondary" className="mt-2" onClick={() => void tracked.refetch()}>
              <FormattedMessage id="track.page.tryAgain" defaultMessage="Try again" />
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
                <FormattedMessage
                  id="track.page.trackAnother"
                  defaultMessage="Track a different application"
                />
              </Button>
            </div>
          </div>
          {tracked.data.addedToAccount && (
            <Alert tone="success">
              <FormattedMessage
                id="track.page.addedToAccount"
                defaultMessage="This application is now on your dashboard, under My Applications."
              />
            </Alert>
          )}
          <StatusBanner status={tracked.data.application.status} />
          <OutcomeAndTime application={tracked.data.application} />
          <ActionRequired application={tracked.data.application} />
          <ApplicantChoices
            application={tracked.data.application}
            token={tracked.data.token}
            onUpdated={showApplication}
            download={(url, fileName) => downloadWithToken(url, tracked.data.token, fileName)}
          />
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
          <PartnerFollowing
            applicationId={tracked.data.application.id}
            token={tracked.data.token}
          />
          <StopLinks token={tracked.data.token} onStopped={linksWereStopped} />
        </>
      )}
    </>
  );
}

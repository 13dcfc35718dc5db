import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { RequireSignIn } from '../../components/require-sign-in';
import { SignOutEverywhereButton } from '../../components/sign-out-everywhere-button';
import { LiveIndicator } from '../../components/live-indicator';
import { AddApplicationForm } from './add-application-form';
import { ContinueDraftCard } from './continue-draft-card';
import { ApplicationCard } from './application-card';
import { useMyApplications } from './use-my-applications';

function MyApplications() {
  const intl = useIntl();
  const applications = useMyApplications();
  if (applications.isPending) {
    return (
      <Spinner
        label={intl.formatMessage({
          id: 'dashboard.page.loading',
          defaultMessage: 'Loading your applications…',
        })}
      />
    );
  }
  if (applications.isError) {
    return (
      <Alert tone="error">
        <p>
          <FormattedMessage
            id="dashboard.page.loadFailed"
            defaultMessage="Failed to load your applications. Please try again later."
          />
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void applications.refetch()}>
          <FormattedMessage id="dashboard.page.tryAgain" defaultMessage="Try again" />
        </Button>
      </Alert>
    );
  }
  if (applications.data.length === 0) {
    return (
      <Card className="text-center">
        <h2 className="text-xl font-semibold text-ink">
          <FormattedMessage id="dashboard.empty.heading" defaultMessage="No applications yet" />
        </h2>
        <p className="mt-1 text-muted">
          <FormattedMessage
            id="dashboard.empty.text"
            defaultMessage="Pick three universities and a program to start your first application."
          />
        </p>
        <ButtonLink to="/universities" size="lg" className="mt-4">
          <FormattedMessage id="dashboard.empty.start" defaultMessage="Start Application" />
        </ButtonLink>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <LiveIndicator state={applications.live} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {applications.data.map((application) => (
          <ApplicationCard key={application.id} application={application} />
        ))}
      </div>
    </div>
  );
}

export function DashboardPage() {
  const intl = useIntl();
  usePageTitle(
    intl.formatMessage({ id: 'dashboard.page.title', defaultMessage: 'My Applications' }),
  );
  return (
    <RequireSignIn>
      {(user) => (
        <section className="mx-auto max-w-6xl space-y-6 px-4 py-10">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              <h1 className="text-3xl font-bold tracking-tight text-ink">
                <FormattedMessage id="dashboard.page.heading" defaultMessage="My Applications" />
              </h1>
              <p className="mt-1 break-words text-muted">
                <FormattedMessage
                  id="dashboard.page.signedInAs"
                  defaultMessage="Signed in as {email}"
                  values={{
                    email: (
                      <bdi dir="ltr" className="inline-block max-w-full break-words">
                        {user.email}
                      </bdi>
                    ),
                  }}
                />
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <ButtonLink to="/universities">
                <FormattedMessage
                  id="dashboard.page.startNew"
                  defaultMessage="Start New Application"
                />
              </ButtonLink>
              <ButtonLink to="/account" variant="secondary">
                <FormattedMessage id="dashboard.page.myAccount" defaultMessage="My account" />
              </ButtonLink>
              <SignOutEverywhereButton />
            </div>
          </div>
          <ContinueDraftCard />
          <MyApplications />
          <AddApplicationForm />
        </section>
      )}
    </RequireSignIn>
  );
}

import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { RequireSignIn } from '../auth/require-sign-in';
import { SignOutEverywhereButton } from '../auth/sign-out-everywhere-button';
import { LiveIndicator } from '../track/live-indicator';
import { AddApplicationForm } from './add-application-form';
import { ApplicationCard } from './application-card';
import { useMyApplications } from './use-my-applications';

function MyApplications() {
  const applications = useMyApplications();
  if (applications.isPending) return <Spinner label="Loading your applications…" />;
  if (applications.isError) {
    return (
      <Alert tone="error">
        <p>Failed to load your applications. Please try again later.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void applications.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (applications.data.length === 0) {
    return (
      <Card className="text-center">
        <h2 className="text-xl font-semibold text-ink">No applications yet</h2>
        <p className="mt-1 text-muted">Pick three universities and a program to start your first application.</p>
        <ButtonLink to="/universities" size="lg" className="mt-4">
          Start Application
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
  usePageTitle('My Applications');
  return (
    <RequireSignIn>
      {(user) => (
        <section className="mx-auto max-w-6xl space-y-6 px-4 py-10">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h1 className="text-3xl font-bold tracking-tight text-ink">My Applications</h1>
              <p className="mt-1 text-muted">Signed in as {user.email}</p>
            </div>
            <div className="flex flex-wrap gap-3">
              <ButtonLink to="/universities">Start New Application</ButtonLink>
              <ButtonLink to="/account" variant="secondary">
                My account
              </ButtonLink>
              <SignOutEverywhereButton />
            </div>
          </div>
          <MyApplications />
          <AddApplicationForm />
        </section>
      )}
    </RequireSignIn>
  );
}

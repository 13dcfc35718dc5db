import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icons';
import { useSession } from '../../lib/auth-client';
import { dashboardSteps } from '../../../shared/dashboard-steps';

/** How the application reaches a dashboard (D2): said on this screen and in the confirmation e-mail. */
function FollowOnDashboard({ email }: { email: string }) {
  const user = useSession().data;
  if (user) {
    return (
      <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-start text-sm text-ink">
        {user.email.toLowerCase() === email.toLowerCase() ? dashboardSteps.signedIn : dashboardSteps.signedInOther}
      </p>
    );
  }
  return (
    <div className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-start text-sm text-ink">
      <p className="font-semibold">{dashboardSteps.title}</p>
      <ol className="mt-1 list-decimal space-y-1 ps-5">
        <li>
          <Link to="/register" className="font-semibold text-brand-700 underline underline-offset-2">
            Create an account
          </Link>{' '}
          or{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
            sign in
          </Link>{' '}
          with {email}.
        </li>
        <li>{dashboardSteps.openLink}</li>
      </ol>
    </div>
  );
}

/** D6: the confirmation shows the application id and a 'Track this application' link. */
export function SubmittedPanel({ applicationId, email }: { applicationId: string; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const isSignedIn = Boolean(useSession().data);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="mx-auto max-w-2xl text-center">
      <Icon name="check" className="mx-auto size-12 rounded-full bg-green-100 p-2 text-green-700" />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold text-ink outline-none">
        Application submitted
      </h2>
      <p className="mt-2 text-muted">
        Thank you. We have sent a confirmation with a tracking link to {email}.
      </p>
      <p className="mt-4 text-sm font-medium text-ink">Your application ID</p>
      <p className="mt-1 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-base text-ink" data-testid="application-id">
        {applicationId}
      </p>
      <p className="mt-2 text-sm text-muted">Keep it: with your e-mail address it lets you track your application.</p>
      <FollowOnDashboard email={email} />
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/track" state={{ applicationId, email }} size="lg">
          Track this application
        </ButtonLink>
        {isSignedIn && (
          <ButtonLink to="/dashboard" variant="secondary" size="lg">
            My Applications
          </ButtonLink>
        )}
      </div>
    </Card>
  );
}

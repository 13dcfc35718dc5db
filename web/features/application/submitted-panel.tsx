import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from '../../lib/router';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icons';
import { useSession } from '../../lib/auth-client';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2';

/** How the application reaches a dashboard (D2): said on this screen and in the confirmation e-mail. */
function FollowOnDashboard({ email }: { email: string }) {
  const user = useSession().data;
  if (user) {
    return (
      <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-start text-sm text-ink">
        {user.email.toLowerCase() === email.toLowerCase() ? (
          <FormattedMessage
            id="application.submitted.signedIn"
            defaultMessage="It is on your dashboard: open My Applications to follow it."
          />
        ) : (
          <FormattedMessage
            id="application.submitted.signedInOther"
            defaultMessage="It is on the dashboard of the account you are signed in with (My Applications). We e-mail updates to the address on the application."
          />
        )}
      </p>
    );
  }
  return (
    <div className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-start text-sm text-ink">
      <p className="font-semibold">
        <FormattedMessage
          id="application.submitted.dashboardTitle"
          defaultMessage="To follow it on your dashboard"
        />
      </p>
      <ol className="mt-1 list-decimal space-y-1 ps-5">
        <li>
          <FormattedMessage
            id="application.submitted.account"
            defaultMessage="<register>Create an account</register> or <login>sign in</login> with {email}."
            values={{
              register: (chunks) => (
                <Link to="/register" className={linkClass}>
                  {chunks}
                </Link>
              ),
              login: (chunks) => (
                <Link to="/login" className={linkClass}>
                  {chunks}
                </Link>
              ),
              email: <bdi dir="ltr">{email}</bdi>,
            }}
          />
        </li>
        <li>
          <FormattedMessage
            id="application.submitted.openLink"
            defaultMessage="Then open the tracking link from the confirmation e-mail while signed in: the application is added to your dashboard (My Applications)."
          />
        </li>
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
        <FormattedMessage
          id="application.submitted.heading"
          defaultMessage="Application submitted"
        />
      </h2>
      <p className="mt-2 text-muted">
        <FormattedMessage
          id="application.submitted.sent"
          defaultMessage="Thank you. We have sent a confirmation with a tracking link to {email}."
          values={{ email: <bdi dir="ltr">{email}</bdi> }}
        />
      </p>
      <p className="mt-4 text-sm font-medium text-ink">
        <FormattedMessage id="application.submitted.idLabel" defaultMessage="Your application ID" />
      </p>
      <p
        dir="ltr"
        className="mt-1 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-base text-ink"
        data-testid="application-id"
      >
        {applicationId}
      </p>
      <p className="mt-2 text-sm text-muted">
        <FormattedMessage
          id="application.submitted.keepId"
          defaultMessage="Keep it: with your e-mail address it lets you track your application."
        />
      </p>
      <FollowOnDashboard email={email} />
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/track" state={{ applicationId, email }} size="lg">
          <FormattedMessage
            id="application.submitted.track"
            defaultMessage="Track this application"
          />
        </ButtonLink>
        {isSignedIn && (
          <ButtonLink to="/dashboard" variant="secondary" size="lg">
            <FormattedMessage
              id="application.submitted.myApplications"
              defaultMessage="My Applications"
            />
          </ButtonLink>
        )}
      </div>
    </Card>
  );
}

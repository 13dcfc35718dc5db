import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icons';

/** D6: the confirmation shows the application id and a 'Track this application' link. */
export function SubmittedPanel({ applicationId, email }: { applicationId: string; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
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
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/track" state={{ applicationId, email }} size="lg">
          Track this application
        </ButtonLink>
      </div>
    </Card>
  );
}

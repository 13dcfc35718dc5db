import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { ApplicationForm } from './application-form';
import { ChoiceSummary } from './choice-summary';
import { NoProgramPanel } from './no-program-panel';
import { SubmittedPanel } from './submitted-panel';
import { useApplicationChoice } from './use-application-choice';

export function ApplicationPage() {
  usePageTitle('Application');
  const choice = useApplicationChoice();
  const [submitted, setSubmitted] = useState<{ id: string; email: string } | null>(null);

  return (
    <>
      <PageHeader eyebrow="Step 3 of 3" title="Application">
        Tell us about yourself and add your documents. It takes about ten minutes.
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        {submitted ? (
          <SubmittedPanel applicationId={submitted.id} email={submitted.email} />
        ) : choice.status === 'loading' ? (
          <Spinner label="Loading your selection…" />
        ) : choice.status === 'error' ? (
          <Alert tone="error" title="We could not load the programs.">
            <p>Please check your connection and try again.</p>
            <Button variant="secondary" className="mt-3" onClick={choice.retry}>
              Try again
            </Button>
          </Alert>
        ) : choice.status === 'none' ? (
          <NoProgramPanel />
        ) : (
          <>
            <ChoiceSummary program={choice.program} university={choice.university} picks={choice.picks} />
            <ApplicationForm
              choice={{
                programId: choice.program.id,
                universityId: choice.university.id,
                universityIds: choice.picks.map((u) => u.id),
              }}
              onSubmitted={(id, email) => {
                setSubmitted({ id, email });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </div>
    </>
  );
}

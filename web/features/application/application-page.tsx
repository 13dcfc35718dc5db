import { useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { ApplicationForm } from './application-form';
import { ChoiceSummary } from './choice-summary';
import { NoProgramPanel } from './no-program-panel';
import { SubmittedPanel } from './submitted-panel';
import { useApplicationChoice, type ApplicationChoice } from './use-application-choice';
import { initialSlots } from './missing-picks';

const m = defineMessages({
  title: { id: 'application.page.title', defaultMessage: 'Application' },
  loading: { id: 'application.page.loading', defaultMessage: 'Loading your selection…' },
  loadFailed: {
    id: 'application.page.loadFailed',
    defaultMessage: 'We could not load the programs.',
  },
});

export function ApplicationPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const choice = useApplicationChoice();
  const [submitted, setSubmitted] = useState<{ id: string; email: string } | null>(null);

  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage(
          { id: 'application.page.step', defaultMessage: 'Step {step} of {steps}' },
          { step: 3, steps: 3 },
        )}
        title={intl.formatMessage(m.title)}
      >
        <FormattedMessage
          id="application.page.intro"
          defaultMessage="Tell us about yourself and add your documents. It takes about ten minutes."
        />
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        {submitted ? (
          <SubmittedPanel applicationId={submitted.id} email={submitted.email} />
        ) : choice.status === 'loading' ? (
          <Spinner label={intl.formatMessage(m.loading)} />
        ) : choice.status === 'error' ? (
          <Alert tone="error" title={intl.formatMessage(m.loadFailed)}>
            <p>
              <FormattedMessage
                id="application.page.checkConnection"
                defaultMessage="Please check your connection and try again."
              />
            </p>
            <Button variant="secondary" className="mt-3" onClick={choice.retry}>
              <FormattedMessage id="application.page.retry" defaultMessage="Try again" />
            </Button>
          </Alert>
        ) : choice.status === 'none' ? (
          <NoProgramPanel />
        ) : (
          <ReadyForm
            choice={choice}
            onSubmitted={(id, email) => {
              setSubmitted({ id, email });
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </div>
    </>
  );
}

/** The form for a chosen program; with fewer than three picks it asks for the missing ones first. */
function ReadyForm({
  choice,
  onSubmitted,
}: {
  choice: Extract<ApplicationChoice, { status: 'ready' }>;
  onSubmitted: (id: string, email: string) => void;
}) {
  const [slots, setSlots] = useState(() => initialSlots(choice.university, choice.picks));
  const complete = choice.picks.length >= 3;
  const fixed = complete ? 3 : initialSlots(choice.university, choice.picks).filter(Boolean).length;
  const universityIds = slots.filter(Boolean);
  return (
    <>
      <ChoiceSummary program={choice.program} university={choice.university} picks={choice.picks} />
      <ApplicationForm
        choice={{
          programId: choice.program.id,
          universityId: choice.university.id,
          universityIds: complete ? choice.picks.slice(0, 3).map((u) => u.id) : universityIds,
        }}
        picks={complete ? undefined : { slots, fixed, onChange: setSlots }}
        onSubmitted={onSubmitted}
      />
    </>
  );
}

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
import { useDraft, type Draft } from './use-draft';
import { useInvitation, type Invitation } from './invitation';
import { useErrorText } from '../../lib/error-text';
import { useUniversities } from '../../lib/catalogue';

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
  const invitation = useInvitation();
  const errorText = useErrorText();

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
        {!submitted && invitation?.prefill && (
          <Alert
            tone="info"
            title={intl.formatMessage(
              { id: 'application.invitation.welcome', defaultMessage: 'Welcome, {name}' },
              { name: invitation.prefill.fullName },
            )}
          >
            <FormattedMessage
              id="application.invitation.text"
              defaultMessage="You were invited to apply. Your name and contact details are filled in: check them, choose your program and add your documents."
            />
          </Alert>
        )}
        {!submitted && invitation?.failed ? (
          <Alert tone="warning">{errorText(invitation.failed)}</Alert>
        ) : null}
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
            invitation={invitation}
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
  invitation,
  onSubmitted,
}: {
  choice: Extract<ApplicationChoice, { status: 'ready' }>;
  invitation: Invitation | null;
  onSubmitted: (id: string, email: string) => void;
}) {
  const draft = useDraft(choice.program.id);
  const intl = useIntl();
  if (!draft.ready) return <Spinner label={intl.formatMessage(m.loading)} />;
  return (
    <DraftedForm choice={choice} draft={draft} invitation={invitation} onSubmitted={onSubmitted} />
  );
}

/** Once the saved draft is known: the form starts from it, the picks too. */
function DraftedForm({
  choice,
  draft,
  invitation,
  onSubmitted,
}: {
  choice: Extract<ApplicationChoice, { status: 'ready' }>;
  draft: Draft;
  invitation: Invitation | null;
  onSubmitted: (id: string, email: string) => void;
}) {
  const [slots, setSlots] = useState(() => {
    const start = initialSlots(choice.university, choice.picks);
    const saved = draft.initial?.choice.universityIds ?? [];
    if (saved.length === 3 && choice.picks.length === 0) return saved;
    // the picks chosen on this form before fill the empty slots
    const extra = saved.filter((id) => !start.includes(id));
    let next = 0;
    return start.map((id) => id || extra[next++] || '');
  });
  const complete = choice.picks.length >= 3;
  const fixed = complete ? 3 : initialSlots(choice.university, choice.picks).filter(Boolean).length;
  const universityIds = slots.filter(Boolean);
  const universities = useUniversities();
  // the program's university first when it is not among the picks (as the application keeps them)
  const namesOf = (ids: string[]) => {
    const nameOf = (id: string) => universities.data?.find((u) => u.id === id)?.name ?? id;
    const all = ids.includes(choice.university.id) ? ids : [choice.university.id, ...ids];
    return all.map(nameOf);
  };
  return (
    <>
      <ChoiceSummary program={choice.program} university={choice.university} picks={choice.picks} />
      <ApplicationForm
        key={invitation?.prefill ? 'invited' : 'plain'}
        englishRequirement={{
          overall: choice.program.ieltsOverall,
          part: choice.program.ieltsMinComponent,
        }}
        universityNames={namesOf(
          complete ? choice.picks.slice(0, 3).map((u) => u.id) : universityIds,
        )}
        choice={{
          programId: choice.program.id,
          universityId: choice.university.id,
          universityIds: complete ? choice.picks.slice(0, 3).map((u) => u.id) : universityIds,
        }}
        picks={complete ? undefined : { slots, fixed, onChange: setSlots }}
        draft={draft}
        invitation={invitation}
        onSubmitted={onSubmitted}
      />
    </>
  );
}

import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from '../../lib/router';
import { Icon, type IconName } from '../../components/icons';

const m = defineMessages({
  s1Title: { id: 'home.steps.universities.title', defaultMessage: 'Pick 3 universities' },
  s1Text: {
    id: 'home.steps.universities.text',
    defaultMessage: 'Search by name or city and shortlist the three universities you like best.',
  },
  s2Title: { id: 'home.steps.program.title', defaultMessage: 'Choose a program' },
  s2Text: {
    id: 'home.steps.program.text',
    defaultMessage:
      'Compare level, duration, tuition and entry requirements, then pick your program.',
  },
  s2Action: { id: 'home.steps.program.action', defaultMessage: 'Browse programs' },
  s3Title: { id: 'home.steps.apply.title', defaultMessage: 'Apply with documents' },
  s3Text: {
    id: 'home.steps.apply.text',
    defaultMessage:
      'Fill in one application and upload your certificates, transcripts and passport copy.',
  },
  s4Title: { id: 'home.steps.track.title', defaultMessage: 'Track it live' },
  s4Text: {
    id: 'home.steps.track.text',
    defaultMessage: 'See every status change as it happens, from submitted to accepted.',
  },
  chooseUniversities: { id: 'footer.universities', defaultMessage: 'Choose universities' },
  trackApplication: { id: 'footer.track', defaultMessage: 'Track an application' },
});

const steps: {
  icon: IconName;
  title: MessageDescriptor;
  text: MessageDescriptor;
  to?: string;
  action?: MessageDescriptor;
}[] = [
  {
    icon: 'school',
    title: m.s1Title,
    text: m.s1Text,
    to: '/universities',
    action: m.chooseUniversities,
  },
  { icon: 'book', title: m.s2Title, text: m.s2Text, to: '/programs', action: m.s2Action },
  { icon: 'document', title: m.s3Title, text: m.s3Text },
  { icon: 'pulse', title: m.s4Title, text: m.s4Text, to: '/track', action: m.trackApplication },
];

export function HowItWorks() {
  const intl = useIntl();
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
      <h2 id="how-it-works" className="text-2xl font-bold tracking-tight sm:text-3xl">
        <FormattedMessage id="home.steps.heading" defaultMessage="How it works" />
      </h2>
      <p className="mt-2 max-w-2xl text-muted">
        <FormattedMessage
          id="home.steps.intro"
          defaultMessage="Four steps from a shortlist to a place at a UK university."
        />
      </p>
      <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li
            key={step.title.id}
            className="flex flex-col rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-sm"
          >
            <div className="flex items-center gap-3">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={step.icon} className="size-6" />
              </span>
              <span className="text-sm font-semibold text-muted">
                <FormattedMessage
                  id="home.steps.number"
                  defaultMessage="Step {number}"
                  values={{ number: index + 1 }}
                />
              </span>
            </div>
            <h3 className="mt-4 text-lg font-semibold">{intl.formatMessage(step.title)}</h3>
            <p className="mt-1 flex-1 text-sm text-muted">{intl.formatMessage(step.text)}</p>
            {step.to && (
              <Link
                to={step.to}
                className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
              >
                {step.action && intl.formatMessage(step.action)}
                <Icon name="arrowRight" className="size-4" />
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/icons';

const steps: { icon: IconName; title: string; text: string; to?: string; action?: string }[] = [
  {
    icon: 'school',
    title: 'Pick 3 universities',
    text: 'Search by name or city and shortlist the three universities you like best.',
    to: '/universities',
    action: 'Choose universities',
  },
  {
    icon: 'book',
    title: 'Choose a program',
    text: 'Compare level, duration, tuition and entry requirements, then pick your program.',
    to: '/programs',
    action: 'Browse programs',
  },
  {
    icon: 'document',
    title: 'Apply with documents',
    text: 'Fill in one application and upload your certificates, transcripts and passport copy.',
  },
  {
    icon: 'pulse',
    title: 'Track it live',
    text: 'See every status change as it happens, from submitted to accepted.',
    to: '/track',
    action: 'Track an application',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
      <h2 id="how-it-works" className="text-2xl font-bold tracking-tight sm:text-3xl">
        How it works
      </h2>
      <p className="mt-2 max-w-2xl text-muted">Four steps from a shortlist to a place at a UK university.</p>
      <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title} className="flex flex-col rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={step.icon} className="size-6" />
              </span>
              <span className="text-sm font-semibold text-muted">Step {index + 1}</span>
            </div>
            <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
            <p className="mt-1 flex-1 text-sm text-muted">{step.text}</p>
            {step.to && (
              <Link
                to={step.to}
                className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
              >
                {step.action}
                <Icon name="arrowRight" className="size-4" />
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

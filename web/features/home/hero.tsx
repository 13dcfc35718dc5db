import { ButtonLink } from '../../components/button';
import { Icon } from '../../components/icons';

const promises = [
  'Leading UK universities, ranked and searchable by name or city',
  'Programs with tuition, entry requirements and intake at a glance',
  'Apply once with your documents, then follow every step live',
  'Guidance that ranks programs for you by clear rules, with reasons',
  'Free one-to-one consultation with our advisers',
];

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 size-96 rounded-full bg-accent-400/10 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1.4fr_1fr] lg:items-center">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-blue-50 ring-1 ring-white/20">
            <Icon name="sparkle" className="size-4 text-accent-400" />
            For international students
          </p>
          <h1 className="mt-5 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
            Study in the UK with guidance you can check
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-blue-50">
            Pick three universities, find the right program, apply with your documents and follow your
            application live until you accept an offer. Our consultants are with you at every step.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <ButtonLink
              to="/universities"
              size="lg"
              className="bg-accent-400! text-brand-900! hover:bg-accent-500!"
            >
              Choose your universities
              <Icon name="arrowRight" />
            </ButtonLink>
            <ButtonLink to="/guide" size="lg" variant="secondary" className="border-white">
              Get guidance
            </ButtonLink>
            <ButtonLink to="/free" size="lg" variant="secondary" className="border-white">
              Book a free consultation
            </ButtonLink>
          </div>
        </div>
        <ul className="grid gap-3 rounded-2xl bg-white/10 p-5 ring-1 ring-white/15 sm:p-6">
          {promises.map((text) => (
            <li key={text} className="flex items-start gap-3 text-blue-50">
              <span className="mt-0.5 inline-flex size-6 items-center justify-center rounded-full bg-accent-400 text-brand-900">
                <Icon name="check" className="size-4" />
              </span>
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { ButtonLink } from '../../components/button';
import { Icon } from '../../components/icons';

const promises = Object.values(
  defineMessages({
    universities: {
      id: 'home.promise.universities',
      defaultMessage: 'Leading UK universities, ranked and searchable by name or city',
    },
    programs: {
      id: 'home.promise.programs',
      defaultMessage: 'Programs with tuition, entry requirements and intake at a glance',
    },
    apply: {
      id: 'home.promise.apply',
      defaultMessage: 'Apply once with your documents, then follow every step live',
    },
    guidance: {
      id: 'home.promise.guidance',
      defaultMessage: 'Guidance that ranks programs for you by clear rules, with reasons',
    },
    consultation: {
      id: 'home.promise.consultation',
      defaultMessage: 'Free one-to-one consultation with our advisers',
    },
  }),
);

export function Hero() {
  const intl = useIntl();
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -end-24 -top-24 size-96 rounded-full bg-accent-400/10 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1.4fr_1fr] lg:items-center">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-blue-50 ring-1 ring-white/20">
            <Icon name="sparkle" className="size-4 text-accent-400" />
            <FormattedMessage id="home.hero.eyebrow" defaultMessage="For international students" />
          </p>
          <h1 className="mt-5 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
            <FormattedMessage
              id="home.hero.heading"
              defaultMessage="Study in the UK with guidance you can check"
            />
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-blue-50">
            <FormattedMessage
              id="home.hero.body"
              defaultMessage="Pick three universities, find the right program, apply with your documents and follow your application live until you accept an offer. Our consultants are with you at every step."
            />
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <ButtonLink
              to="/universities"
              size="lg"
              className="bg-accent-400! text-brand-900! hover:bg-accent-500!"
            >
              <FormattedMessage id="home.hero.choose" defaultMessage="Choose your universities" />
              <Icon name="arrowRight" />
            </ButtonLink>
            <ButtonLink to="/guide" size="lg" variant="secondary" className="border-white">
              <FormattedMessage id="home.hero.guide" defaultMessage="Get guidance" />
            </ButtonLink>
            <ButtonLink to="/free" size="lg" variant="secondary" className="border-white">
              <FormattedMessage id="home.hero.book" defaultMessage="Book a free consultation" />
            </ButtonLink>
          </div>
        </div>
        <ul className="grid gap-3 rounded-2xl bg-white/10 p-5 ring-1 ring-white/15 sm:p-6">
          {promises.map((promise) => (
            <li key={promise.id} className="flex items-start gap-3 text-blue-50">
              <span className="mt-0.5 inline-flex size-6 items-center justify-center rounded-full bg-accent-400 text-brand-900">
                <Icon name="check" className="size-4" />
              </span>
              <span>{intl.formatMessage(promise)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '../../components/button';

export function ConsultationBand() {
  return (
    <section aria-labelledby="talk-to-us" className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
      <div className="flex flex-col gap-6 rounded-2xl bg-brand-900 p-6 text-white sm:p-10 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 id="talk-to-us" className="text-2xl font-bold tracking-tight">
            <FormattedMessage id="home.band.heading" defaultMessage="Not sure where to start?" />
          </h2>
          <p className="mt-2 max-w-xl text-blue-50">
            <FormattedMessage
              id="home.band.body"
              defaultMessage="Talk to one of our consultants for free by chat or video. Know a student who wants to study in the UK, or run an education business? Join our network."
            />
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink
            to="/free"
            size="lg"
            className="bg-accent-400! text-brand-900! hover:bg-accent-500!"
          >
            <FormattedMessage id="footer.free" defaultMessage="Free consultation" />
          </ButtonLink>
          <ButtonLink to="/refer" size="lg" variant="secondary">
            <FormattedMessage id="nav.refer" defaultMessage="Join Our Network" />
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

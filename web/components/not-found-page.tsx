import { FormattedMessage, useIntl } from 'react-intl';
import { ButtonLink } from './button';
import { usePageTitle } from './page-title';

export function NotFoundPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'notFound.title', defaultMessage: 'Page not found' }));
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        <FormattedMessage id="notFound.eyebrow" defaultMessage="Error 404" />
      </p>
      <h1 className="mt-2 text-3xl font-bold">
        <FormattedMessage id="notFound.heading" defaultMessage="We couldn’t find that page" />
      </h1>
      <p className="mt-4 text-muted">
        <FormattedMessage
          id="notFound.body"
          defaultMessage="The address may be mistyped, or the page may have moved. Let’s get you back on track."
        />
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">
          <FormattedMessage id="common.goHome" defaultMessage="Go to the home page" />
        </ButtonLink>
        <ButtonLink to="/universities" variant="secondary">
          <FormattedMessage id="notFound.browse" defaultMessage="Browse universities" />
        </ButtonLink>
      </div>
    </section>
  );
}

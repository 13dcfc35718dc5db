import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from './button';

/** Shown when a screen fails to load (for example a lost connection while fetching its code). */
export function RouteError() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{isNotFound ? (
          <FormattedMessage id="notFound.title" defaultMessage="Page not found" />
        ) : (
          <FormattedMessage id="routeError.heading" defaultMessage="Something went wrong" />
        )}</h1>
      <p className="mt-4 text-slate-600">
        {isNotFound ? (
          <FormattedMessage id="routeError.notFound" defaultMessage="There is nothing at this address." />
        ) : (
          <FormattedMessage id="routeError.body" defaultMessage="This page could not be loaded. Check your connection and reload the page." />
        )}
      </p>
      <div className="mt-8">
        <ButtonLink to="/"><FormattedMessage id="common.goHome" defaultMessage="Go to the home page" /></ButtonLink>
      </div>
    </main>
  );
}

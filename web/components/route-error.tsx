import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from './button';

/** Shown when a screen fails to load (for example a lost connection while fetching its code). */
export function RouteError() {
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="routeError.heading" defaultMessage="Something went wrong" />
      </h1>
      <p className="mt-4 text-slate-600">
        <FormattedMessage
          id="routeError.body"
          defaultMessage="This page could not be loaded. Check your connection and reload the page."
        />
      </p>
      <div className="mt-8">
        <ButtonLink to="/">
          <FormattedMessage id="common.goHome" defaultMessage="Go to the home page" />
        </ButtonLink>
      </div>
    </main>
  );
}

interface BoundaryProps {
  /** The address: a new one renders the pages again. */
  resetKey: string;
  children: ReactNode;
}

/** Shows RouteError in place of the pages when rendering them fails (a screen whose code did not load…). */
export class RouteErrorBoundary extends Component<
  BoundaryProps,
  { failed: boolean; resetKey: string }
> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

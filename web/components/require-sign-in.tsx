import { FormattedMessage, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';
import { signOutInProgress, useSession, type AccountUser } from '../lib/auth-client';

/**
 * Shows `children` to signed-in users only; others go to /login, which brings them back here
 * after signing in. The server checks again on every request: this only spares a useless page.
 */
export function RequireSignIn({
  children,
}: {
  children: ReactNode | ((user: AccountUser) => ReactNode);
}) {
  const location = useLocation();
  const session = useSession();
  const intl = useIntl();

  if (session.isPending)
    return (
      <Spinner
        label={intl.formatMessage({
          id: 'auth.require.checking',
          defaultMessage: 'Checking your sign-in…',
        })}
      />
    );
  if (session.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <Alert
          tone="error"
          title={intl.formatMessage({
            id: 'auth.require.failed',
            defaultMessage: 'We could not check your sign-in',
          })}
        >
          <p>
            <FormattedMessage
              id="common.checkConnection"
              defaultMessage="Please check your connection and try again."
            />
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => void session.refetch()}>
            <FormattedMessage id="auth.require.tryAgain" defaultMessage="Try again" />
          </Button>
        </Alert>
      </div>
    );
  }
  if (!session.data) {
    if (signOutInProgress()) return null;
    return (
      <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  return typeof children === 'function' ? children(session.data) : children;
}

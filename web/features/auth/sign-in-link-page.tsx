import { FormattedMessage, useIntl } from 'react-intl';
import { accountText, useAccountText, type Said } from '../../lib/account-text';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { secondStepPath, signInWithLink } from '../../lib/auth-client';
import { AuthCard } from './auth-card';
import { afterSignIn } from '../../lib/sign-in-target';

/**
 * /login/link#token=…: the e-mailed sign-in link. The token sits in the fragment, which browsers
 * never send, so no request line or log holds it; this page posts it once and forgets it.
 */
export function SignInLinkPage() {
  const intl = useIntl();
  const t = useAccountText();
  const title = intl.formatMessage({ id: 'auth.link.title', defaultMessage: 'Signing in' });
  usePageTitle(title);
  const navigate = useNavigate();
  const [token] = useState(
    () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '',
  );
  const [failure, setFailure] = useState<Said>(token ? undefined : 'SIGN_IN_LINK_INVALID');
  const started = useRef(false);

  useEffect(() => {
    // Out of the address bar and the history at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (started.current || !token) return;
    started.current = true;
    signInWithLink(token)
      .then((result) =>
        navigate(result.needsSecondFactor ? secondStepPath(result) : afterSignIn(null), {
          replace: true,
        }),
      )
      .catch((caught: unknown) =>
        setFailure(caught instanceof ApiError ? caught : accountText.signInFailed),
      );
  }, [navigate, token]);

  return (
    <AuthCard
      title={title}
      intro={intl.formatMessage({
        id: 'auth.link.intro',
        defaultMessage: 'Opening your sign-in link.',
      })}
    >
      {failure ? (
        <div className="space-y-4">
          <Alert
            tone="error"
            title={intl.formatMessage({
              id: 'auth.login.linkFailed',
              defaultMessage: 'This link did not work',
            })}
          >
            {t(failure)}
          </Alert>
          <ButtonLink to="/login">
            <FormattedMessage id="auth.link.toLogin" defaultMessage="Go to the sign-in page" />
          </ButtonLink>
        </div>
      ) : (
        <Spinner
          label={intl.formatMessage({
            id: 'auth.link.signingIn',
            defaultMessage: 'Signing you in…',
          })}
        />
      )}
    </AuthCard>
  );
}

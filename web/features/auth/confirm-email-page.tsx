import { useIntl } from 'react-intl';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { confirmEmail } from '../../lib/auth-client';
import { AuthCard } from './auth-card';

/**
 * /confirm-email#token=…: the e-mailed confirmation link (decision 0032). The token sits in the
 * fragment, which browsers never send, so no request line or log holds it; this page posts it once
 * and forgets it. Confirmed: /login says so (or /account, for a new address). Expired, used, or a
 * link of the old format: /login says the link did not work and offers a new one.
 */
export function ConfirmEmailPage() {
  const intl = useIntl();
  const title = intl.formatMessage({
    id: 'auth.confirm.title',
    defaultMessage: 'Confirming your e-mail address',
  });
  usePageTitle(title);
  const navigate = useNavigate();
  const [token] = useState(
    () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '',
  );
  const started = useRef(false);

  useEffect(() => {
    // Out of the address bar and the history at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (started.current) return;
    started.current = true;
    const failed = () => navigate('/login?error=confirm', { replace: true });
    if (!token) return void failed();
    confirmEmail(token).then(
      (kind) =>
        navigate(kind === 'change' ? '/account?email=changed' : '/login?confirmed=1', {
          replace: true,
        }),
      failed,
    );
  }, [navigate, token]);

  return (
    <AuthCard title={title}>
      <Spinner
        label={intl.formatMessage({
          id: 'auth.confirm.checking',
          defaultMessage: 'Checking your link…',
        })}
      />
    </AuthCard>
  );
}

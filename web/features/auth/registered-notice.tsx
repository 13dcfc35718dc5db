import { useIntl } from 'react-intl';
import { useAuthText } from './auth-text';
import { useLocation } from '../../lib/router';
import { authMessages } from '../../../shared/auth-messages';
import { Alert } from '../../components/alert';
import { useHydrated } from '../../lib/use-hydrated';

/** After registering (D5): "confirm your e-mail", shown on the page the user lands on. */
export function RegisteredNotice({ className = '' }: { className?: string }) {
  const intl = useIntl();
  const t = useAuthText();
  // the history entry's state is the browser's alone (a reload keeps it): read after hydration
  const hydrated = useHydrated();
  const location = useLocation();
  const state = (hydrated ? location.state : null) as { registered?: boolean } | null;
  if (!state?.registered) return null;
  return (
    <div className={className}>
      <Alert tone="success" title={intl.formatMessage({ id: 'auth.registered.title', defaultMessage: 'Check your inbox' })}>
        {t(authMessages.registered)}
      </Alert>
    </div>
  );
}

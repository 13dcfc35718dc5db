import { useIntl } from 'react-intl';
import { useAuthText } from './auth-text';
import { useLocation } from 'react-router';
import { authMessages } from '../../../shared/auth-messages';
import { Alert } from '../../components/alert';

/** After registering (D5): "confirm your e-mail", shown on the page the user lands on. */
export function RegisteredNotice({ className = '' }: { className?: string }) {
  const intl = useIntl();
  const t = useAuthText();
  const state = useLocation().state as { registered?: boolean } | null;
  if (!state?.registered) return null;
  return (
    <div className={className}>
      <Alert tone="success" title={intl.formatMessage({ id: 'auth.registered.title', defaultMessage: 'Check your inbox' })}>
        {t(authMessages.registered)}
      </Alert>
    </div>
  );
}

import { useIntl } from 'react-intl';
import { useAuthText } from './auth-text';
import { authMessages } from '../../../shared/auth-messages';
import { Alert } from '../../components/alert';

/** "Check your inbox": the words of the account screens, loaded with them only when shown. */
export function RegisteredAlert() {
  const intl = useIntl();
  const t = useAuthText();
  return (
    <Alert
      tone="success"
      title={intl.formatMessage({
        id: 'auth.registered.title',
        defaultMessage: 'Check your inbox',
      })}
    >
      {t(authMessages.registered)}
    </Alert>
  );
}

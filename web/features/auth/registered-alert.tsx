import { useIntl } from 'react-intl';
import { accountText } from '../../lib/account-text';
import { Alert } from '../../components/alert';

/** "Check your inbox": the words of the account screens, loaded with them only when shown. */
export function RegisteredAlert() {
  const intl = useIntl();
  return (
    <Alert
      tone="success"
      title={intl.formatMessage({
        id: 'auth.registered.title',
        defaultMessage: 'Check your inbox',
      })}
    >
      {intl.formatMessage(accountText.registered)}
    </Alert>
  );
}

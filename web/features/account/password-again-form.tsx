import { useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { passwordAgainInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ApiError } from '../../lib/api-client';
import { useAuthText } from '../auth/auth-text';
import { PasswordField } from '../auth/password-field';

/** A form that asks for the password again before `action` runs with it. */
export function PasswordAgainForm({
  id,
  label,
  busyLabel,
  danger,
  children,
  action,
}: {
  id: string;
  label: string;
  busyLabel: string;
  danger?: boolean;
  children?: ReactNode;
  action: (password: string) => Promise<void>;
}) {
  const intl = useIntl();
  const t = useAuthText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const checked = passwordAgainInput.safeParse({ password });
    if (!checked.success) {
      setError(t('Please enter your password.'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await action(checked.data.password);
      setPassword('');
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.password)
        setError(t(caught.fields.password));
      else
        setFailure(
          t(
            caught instanceof Error
              ? caught.message
              : 'Something went wrong. Please try again later.',
          ),
        );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4" aria-describedby={`${id}-intro`}>
      {children}
      <PasswordField
        label={intl.formatMessage({
          id: 'account.passwordAgain.label',
          defaultMessage: 'Your password',
        })}
        name={`${id}-password`}
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
      {failure && <Alert tone="error">{failure}</Alert>}
    </form>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { accountText, useAccountText, type Said } from '../../lib/account-text';
import { useIntl } from 'react-intl';
import { passwordAgainInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ApiError } from '../../lib/api-client';
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
  const t = useAccountText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<Said>();
  const [failure, setFailure] = useState<Said>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const checked = passwordAgainInput.safeParse({ password });
    if (!checked.success) {
      setError(accountText.passwordRequired);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await action(checked.data.password);
      setPassword('');
    } catch (caught) {
      if (caught instanceof ApiError && caught.issues?.password) setError(caught.issues.password);
      else setFailure(caught);
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
        error={t(error)}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
      {!!failure && <Alert tone="error">{t(failure)}</Alert>}
    </form>
  );
}

import { useState, type ReactNode } from 'react';
import { accountText, useAccountText, type Said } from '../../lib/account-text';
import { useIntl } from 'react-intl';
import { passwordAgainInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { showServerErrors, useSchemaForm } from '../../lib/schema-form';
import { PasswordField } from '../../components/password-field';

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
  const form = useSchemaForm(passwordAgainInput, { password: '' });
  const { errors, isSubmitting: busy } = form.formState;
  const [failure, setFailure] = useState<Said>();

  const submit = form.handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      await action(input.password);
      form.reset({ password: '' });
    } catch (caught) {
      if (!showServerErrors(form.setError, caught)) setFailure(caught);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setFailure(undefined);
        void submit(event);
      }}
      className="mt-4 space-y-4"
      aria-describedby={`${id}-intro`}
    >
      {children}
      <PasswordField
        label={intl.formatMessage({
          id: 'account.passwordAgain.label',
          defaultMessage: 'Your password',
        })}
        autoComplete="current-password"
        error={t(
          // an empty field: the plain words, not the sign-in's "email or phone number and a password"
          errors.password?.type === 'CREDENTIALS_REQUIRED'
            ? accountText.passwordRequired
            : errors.password,
        )}
        {...form.register('password')}
      />
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
      {!!failure && <Alert tone="error">{t(failure)}</Alert>}
    </form>
  );
}

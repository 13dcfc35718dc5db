import { FormattedMessage, useIntl } from 'react-intl';
import { emailOnlyInput } from '../../../shared/schemas/auth';
import { useAccountText } from '../../lib/account-text';
import { useSchemaForm } from '../../lib/schema-form';
import { Link } from '../../lib/router';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { useForgotPassword } from './forgot-password';

/** Asks for a fresh reset e-mail when a link has expired or was used. */
export function NewResetLink() {
  const intl = useIntl();
  const t = useAccountText();
  const form = useSchemaForm(emailOnlyInput, { email: '' });
  const forgot = useForgotPassword();
  const submit = form.handleSubmit(({ email }) => forgot.send(email), forgot.clear);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 space-y-4">
      {forgot.notice}
      <TextField
        label={intl.formatMessage({ id: 'auth.field.email', defaultMessage: 'Email' })}
        type="email"
        dir="ltr"
        autoComplete="email"
        required
        error={t(form.formState.errors.email)}
        {...form.register('email')}
      />
      <Button type="submit" className="w-full" disabled={forgot.isBusy}>
        {forgot.isBusy ? (
          <FormattedMessage id="auth.common.sending" defaultMessage="Sending..." />
        ) : (
          <FormattedMessage id="auth.reset.sendNewLink" defaultMessage="Send me a new link" />
        )}
      </Button>
      <p className="text-center text-sm text-muted">
        <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
          <FormattedMessage id="auth.reset.backToLogin" defaultMessage="Back to Login" />
        </Link>
      </p>
    </form>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { useState, type FormEvent } from 'react';
import { Link } from '../../lib/router';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { useForgotPassword } from './forgot-password';

/** Asks for a fresh reset e-mail when a link has expired or was used. */
export function NewResetLink() {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    void forgot.send(email);
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-4">
      {forgot.notice}
      <TextField
        label={intl.formatMessage({ id: 'auth.field.email', defaultMessage: 'Email' })}
        type="email"
        dir="ltr"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
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

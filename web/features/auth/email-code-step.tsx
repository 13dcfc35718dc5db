import { FormattedMessage, useIntl } from 'react-intl';
import { accountText, useAccountText, type Said } from '../../lib/account-text';
import { useState } from 'react';
import { emailCodeInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { serverIssues, showServerErrors, useSchemaForm } from '../../lib/schema-form';
import { requestEmailCode, signInWithEmailCode, type SignInResult } from '../../lib/auth-client';

/** After "Email me a sign-in code": the 6-digit code from that e-mail (the link in it works too). */
export function EmailCodeStep({
  email,
  onSignedIn,
  onBack,
}: {
  email: string;
  onSignedIn: (result: SignInResult) => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const t = useAccountText();
  const form = useSchemaForm(emailCodeInput, { email, code: '' });
  const { errors, isSubmitting: busy } = form.formState;
  const [failure, setFailure] = useState<Said>();
  const [notice, setNotice] = useState<Said>(accountText.emailCodeSent);

  const submit = form.handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      onSignedIn(await signInWithEmailCode({ ...input, email }));
    } catch (caught) {
      // a refused code shows by its field; anything else (the address, the server) above the form
      if (serverIssues(caught)?.code) showServerErrors(form.setError, caught);
      else setFailure(caught instanceof ApiError ? caught : accountText.signInFailed);
    }
  });

  async function sendAgain() {
    setFailure(undefined);
    try {
      await requestEmailCode(email);
      setNotice(accountText.emailCodeSent);
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught : accountText.signInFailed);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-5"
      aria-labelledby="email-code-title"
    >
      <div>
        <h2 id="email-code-title" className="text-xl font-semibold text-ink">
          <FormattedMessage id="auth.code.checkEmail" defaultMessage="Check your e-mail" />
        </h2>
        <p className="mt-1 break-words text-muted">
          <FormattedMessage
            id="auth.code.sentTo"
            defaultMessage="We sent a sign-in code to {email}."
            values={{ email: <bdi dir="ltr">{email}</bdi> }}
          />
        </p>
      </div>
      <Alert tone="success">{t(notice)}</Alert>
      {!!failure && <Alert tone="error">{t(failure)}</Alert>}
      <TextField
        label={intl.formatMessage({
          id: 'auth.code.fromEmail',
          defaultMessage: 'Code from the e-mail',
        })}
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        autoFocus
        error={t(errors.code)}
        {...form.register('code')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? (
          <FormattedMessage id="auth.login.signingIn" defaultMessage="Signing In..." />
        ) : (
          <FormattedMessage id="auth.login.signIn" defaultMessage="Sign In" />
        )}
      </Button>
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <button
          type="button"
          className="font-semibold text-brand-700 underline underline-offset-2"
          onClick={() => void sendAgain()}
        >
          <FormattedMessage id="auth.code.sendNew" defaultMessage="Send a new code" />
        </button>
        <button
          type="button"
          className="font-semibold text-brand-700 underline underline-offset-2"
          onClick={onBack}
        >
          <FormattedMessage
            id="auth.code.usePassword"
            defaultMessage="Sign in with a password instead"
          />
        </button>
      </div>
    </form>
  );
}

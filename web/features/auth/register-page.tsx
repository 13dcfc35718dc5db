import { FormattedMessage, useIntl } from 'react-intl';
import { accountText, useAccountText, type Said } from '../../lib/account-text';
import { useState } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { signUpInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { signUp } from '../../lib/auth-client';
import { AuthCard } from './auth-card';
import { PasswordField } from '../../components/password-field';
import { showServerErrors, useSchemaForm } from '../../lib/schema-form';

/** Route state /universities reads to say "check your inbox" (D5). */
export interface RegisteredState {
  registered: true;
}

function failureMessage(error: unknown): Said {
  if (error instanceof ApiError && !['INTERNAL_ERROR', 'HTTP_ERROR'].includes(error.code))
    return error;
  return accountText.registerFailed;
}

export function RegisterPage() {
  const intl = useIntl();
  const t = useAccountText();
  usePageTitle(intl.formatMessage({ id: 'auth.register.pageTitle', defaultMessage: 'Register' }));
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Said>(null);
  const form = useSchemaForm(signUpInput, { email: '', password: '', confirmPassword: '' });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (data) => {
    setFailure(null);
    try {
      await signUp(data);
      navigate('/universities', { state: { registered: true } satisfies RegisteredState });
    } catch (error) {
      setFailure(showServerErrors(form.setError, error) ? null : failureMessage(error));
    }
  });

  return (
    <AuthCard
      title={intl.formatMessage({
        id: 'auth.register.title',
        defaultMessage: 'Create your account',
      })}
      intro={intl.formatMessage({
        id: 'auth.register.intro',
        defaultMessage: 'Register to follow your applications from your own dashboard.',
      })}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
        {!!failure && <Alert tone="error">{t(failure)}</Alert>}
        <TextField
          label={intl.formatMessage({ id: 'auth.field.email', defaultMessage: 'Email' })}
          type="email"
          dir="ltr"
          autoComplete="email"
          required
          {...form.register('email')}
          error={t(errors.email)}
        />
        <PasswordField
          label={intl.formatMessage({ id: 'auth.field.password', defaultMessage: 'Password' })}
          autoComplete="new-password"
          required
          hint={intl.formatMessage({
            id: 'auth.register.passwordHint',
            defaultMessage: 'At least 6 characters.',
          })}
          {...form.register('password', { deps: ['confirmPassword'] })}
          error={t(errors.password)}
        />
        <PasswordField
          label={intl.formatMessage({
            id: 'auth.register.confirmPassword',
            defaultMessage: 'Confirm password',
          })}
          autoComplete="new-password"
          required
          {...form.register('confirmPassword')}
          error={t(errors.confirmPassword)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? (
            <FormattedMessage id="auth.register.creating" defaultMessage="Creating Account..." />
          ) : (
            <FormattedMessage
              id="auth.register.submit"
              defaultMessage="Create Account & Start Application"
            />
          )}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        <FormattedMessage
          id="auth.register.haveAccount"
          defaultMessage="Already have an account? <link>Login</link>"
          values={{
            link: (chunks) => (
              <Link
                to="/login"
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
    </AuthCard>
  );
}

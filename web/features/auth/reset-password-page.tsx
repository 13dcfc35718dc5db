import { FormattedMessage, useIntl } from 'react-intl';
import { useAccountText, type Said } from '../../lib/account-text';
import { useEffect, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { resetPasswordInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { isResetLinkValid, resetPassword, secondStepPath } from '../../lib/auth-client';
import { AuthCard } from './auth-card';
import { showServerErrors, useSchemaForm } from '../../lib/schema-form';
import { NewResetLink } from './new-reset-link';
import { PasswordField } from '../../components/password-field';
import { reviewSignInPath } from '../../lib/sign-in-target';

const storageKey = 'portal.reset-token';
const notChanged = 'Your password could not be changed. Please try again later.';

/**
 * The token from the e-mail link's fragment (decision 0032: no request carries it), moved out of the
 * address bar and history into this tab's storage. A link of the old format (`?token=`, which the
 * request line and every proxy log held) is refused: the page says the link no longer works.
 */
const tokenInFragment = () => new URLSearchParams(window.location.hash.slice(1)).get('token');

function useResetToken(): string | null {
  const [token, setToken] = useState(() => tokenInFragment() ?? sessionStorage.getItem(storageKey));
  useEffect(() => {
    const take = () => {
      const fromLink = tokenInFragment();
      if (fromLink) {
        sessionStorage.setItem(storageKey, fromLink);
        setToken(fromLink);
      }
      if (window.location.hash || window.location.search)
        window.history.replaceState(null, '', window.location.pathname);
    };
    take();
    // A link opened in this very tab changes only the fragment: the page does not load again.
    window.addEventListener('hashchange', take);
    return () => window.removeEventListener('hashchange', take);
  }, []);
  return token || null;
}

type LinkState = 'checking' | 'valid' | 'invalid';

export function ResetPasswordPage() {
  const intl = useIntl();
  const t = useAccountText();
  usePageTitle(
    intl.formatMessage({ id: 'auth.reset.pageTitle', defaultMessage: 'Reset password' }),
  );
  const chooseTitle = intl.formatMessage({
    id: 'auth.reset.title',
    defaultMessage: 'Choose a new password',
  });
  const navigate = useNavigate();
  const token = useResetToken();
  // What the server said of which token: a link opened later in this tab is checked afresh.
  const [checked, setChecked] = useState<{ token: string; state: LinkState } | null>(null);
  const linkState: LinkState =
    checked && checked.token === token ? checked.state : token ? 'checking' : 'invalid';
  const setLinkState = (state: LinkState) => token && setChecked({ token, state });
  const form = useSchemaForm(resetPasswordInput, {
    newPassword: '',
    confirmPassword: '',
    token: token ?? '',
  });
  const { errors, isSubmitting: isBusy } = form.formState;
  const [failure, setFailure] = useState<Said>(null);
  const { setValue } = form;
  useEffect(() => setValue('token', token ?? ''), [setValue, token]);

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    isResetLinkValid(token).then(
      (isValid) => isCurrent && setChecked({ token, state: isValid ? 'valid' : 'invalid' }),
      () => isCurrent && setChecked({ token, state: 'valid' }), // the submit will say if it is not
    );
    return () => {
      isCurrent = false;
    };
  }, [token]);

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const result = await resetPassword(input);
      sessionStorage.removeItem(storageKey);
      // Next: the other ways into the account, each with "Remove" (decision 0032). With two-step
      // verification on, the new password was the first step: the code comes first.
      if (result.needsSecondFactor)
        navigate(secondStepPath(result), { replace: true, state: { from: reviewSignInPath } });
      else navigate(reviewSignInPath, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RESET_LINK_INVALID') {
        sessionStorage.removeItem(storageKey);
        setLinkState('invalid');
        return;
      }
      if (!showServerErrors(form.setError, error))
        setFailure(error instanceof ApiError && error.status === 429 ? error : notChanged);
    }
  });

  if (linkState === 'checking') {
    return (
      <AuthCard title={chooseTitle}>
        <Spinner
          label={intl.formatMessage({
            id: 'auth.reset.checking',
            defaultMessage: 'Checking your link…',
          })}
        />
      </AuthCard>
    );
  }

  if (linkState === 'invalid') {
    return (
      <AuthCard
        title={intl.formatMessage({
          id: 'auth.reset.linkGone',
          defaultMessage: 'This link no longer works',
        })}
      >
        <Alert tone="warning">{t('RESET_LINK_INVALID')}</Alert>
        <NewResetLink />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={chooseTitle}
      intro={intl.formatMessage({
        id: 'auth.reset.intro',
        defaultMessage: 'Enter your new password twice. You will be signed in afterwards.',
      })}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
        {!!failure && (
          <Alert tone="error">
            {failure === notChanged
              ? intl.formatMessage({
                  id: 'auth.reset.notChanged',
                  defaultMessage: 'Your password could not be changed. Please try again later.',
                })
              : t(failure)}
          </Alert>
        )}
        <PasswordField
          label={intl.formatMessage({
            id: 'auth.reset.newPassword',
            defaultMessage: 'New password',
          })}
          autoComplete="new-password"
          required
          hint={intl.formatMessage({
            id: 'auth.register.passwordHint',
            defaultMessage: 'At least 6 characters.',
          })}
          {...form.register('newPassword', { deps: ['confirmPassword'] })}
          error={t(errors.newPassword)}
        />
        <PasswordField
          label={intl.formatMessage({
            id: 'auth.reset.confirmNewPassword',
            defaultMessage: 'Confirm new password',
          })}
          autoComplete="new-password"
          required
          {...form.register('confirmPassword')}
          error={t(errors.confirmPassword)}
        />
        {!!errors.token && <Alert tone="error">{t(errors.token)}</Alert>}
        <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
          {isBusy ? (
            <FormattedMessage id="auth.reset.saving" defaultMessage="Saving..." />
          ) : (
            <FormattedMessage id="auth.reset.submit" defaultMessage="Set New Password" />
          )}
        </Button>
      </form>
    </AuthCard>
  );
}

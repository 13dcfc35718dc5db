import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { accountText, useAccountText, type Said } from '../../lib/account-text';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { emailOnlyInput, signInInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { useHydrated } from '../../lib/use-hydrated';
import { requestEmailCode, signIn, useSession, type SignInResult } from '../../lib/auth-client';
import { EmailCodeStep } from './email-code-step';
import { PasskeyStep, SecondFactorStep } from './second-factor-step';
import { PasskeySignInButton } from '../../components/passkey-sign-in';
import { ProviderSignInButtons, ProviderSignInError } from '../../components/provider-sign-in';
import { AuthCard } from './auth-card';
import { useForgotPassword } from './forgot-password';
import { isRateLimited } from '../../lib/schema-form';
import { PasswordField } from '../../components/password-field';
import { ResendConfirmation } from './resend-confirmation';
import { afterSignIn, homeFor, signInTarget } from '../../lib/sign-in-target';
import { showServerErrors, useSchemaForm } from '../../lib/schema-form';

type Failure = { message: Said; isNotConfirmed: boolean };

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED')
    return { message: 'EMAIL_NOT_VERIFIED', isNotConfirmed: true };
  if (error instanceof ApiError && error.code === 'INVALID_EMAIL_OR_PASSWORD')
    return { message: 'INVALID_EMAIL_OR_PASSWORD', isNotConfirmed: false };
  if (isRateLimited(error)) return { message: error, isNotConfirmed: false };
  return { message: accountText.signInFailed, isNotConfirmed: false };
}

function LinkNotices() {
  const intl = useIntl();
  const t = useAccountText();
  const [params] = useSearchParams();
  // the history entry's state is the browser's alone (a reload keeps it): read after hydration
  const hydrated = useHydrated();
  const location = useLocation();
  const state = (hydrated ? location.state : null) as {
    from?: string;
    signedOutEverywhere?: boolean;
    sessionEnded?: boolean;
  } | null;
  if (params.get('error')) {
    return (
      <Alert
        tone="error"
        title={intl.formatMessage({
          id: 'auth.login.linkFailed',
          defaultMessage: 'This link did not work',
        })}
      >
        {t('CONFIRM_LINK_INVALID')}
      </Alert>
    );
  }
  if (params.get('confirmed')) {
    return (
      <Alert
        tone="success"
        title={intl.formatMessage({
          id: 'auth.login.emailConfirmed',
          defaultMessage: 'Email confirmed',
        })}
      >
        {intl.formatMessage(accountText.emailConfirmed)}
      </Alert>
    );
  }
  if (state?.sessionEnded) {
    return (
      <Alert
        tone="info"
        title={intl.formatMessage({
          id: 'auth.login.signedOut',
          defaultMessage: 'You have been signed out',
        })}
      >
        <FormattedMessage
          id="auth.login.sessionEnded"
          defaultMessage="Your session was ended, from another device or by the portal. Please sign in again."
        />
      </Alert>
    );
  }
  if (state?.signedOutEverywhere) {
    return (
      <Alert tone="success">
        <FormattedMessage
          id="auth.login.signedOutEverywhere"
          defaultMessage="You have been signed out on every device."
        />
      </Alert>
    );
  }
  if (state?.from)
    return <Alert tone="info">{intl.formatMessage(accountText.signInRequired)}</Alert>;
  return null;
}

type Step = 'password' | 'second-factor' | 'passkey' | 'email-code';

export function LoginPage() {
  const intl = useIntl();
  const t = useAccountText();
  const title = intl.formatMessage({ id: 'auth.login.title', defaultMessage: 'Login' });
  const oneMoreStep = intl.formatMessage({
    id: 'auth.login.oneMoreStep',
    defaultMessage: 'One more step to sign in.',
  });
  usePageTitle(title);
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [localStep, setStep] = useState<Step>('password');
  // /login?step=code: a sign-in elsewhere (link, provider) waits for the second factor;
  // /login?step=passkey: for the passkey (staff with no authenticator app, decision 0023).
  const asked = params.get('step');
  const step: Step =
    asked === 'code' ? 'second-factor' : asked === 'passkey' ? 'passkey' : localStep;
  const [codeEmail, setCodeEmail] = useState('');
  const [sendingCode, setSendingCode] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const forgot = useForgotPassword();
  const session = useSession();
  const form = useSchemaForm(signInInput, { email: '', password: '', rememberMe: false });
  const { errors, isSubmitting: isBusy } = form.formState;
  const email = form.watch('email') ?? '';
  // The spec's one message for missing fields ("an email … and a password") is said once, above
  // the form, rather than under each empty field.
  // (a field error's type is its code: web/lib/schema-form.ts)
  const isCredentialsRequired = (error: FieldError | undefined) =>
    error?.type === 'CREDENTIALS_REQUIRED';
  const combined = isCredentialsRequired(errors.email) || isCredentialsRequired(errors.password);
  const fieldError = (error: FieldError | undefined) =>
    isCredentialsRequired(error) ? undefined : t(error);

  const submit = form.handleSubmit(async (data) => {
    setFailure(null);
    forgot.clear();
    try {
      finish(await signIn(data));
    } catch (error) {
      if (!showServerErrors(form.setError, error)) setFailure(failureOf(error));
    }
  });

  function finish(result: SignInResult) {
    if (result.needsSecondFactor) {
      setStep(result.passkeyOnly ? 'passkey' : 'second-factor');
      return;
    }
    void navigate(afterSignIn(location.state), { replace: true });
  }

  function restart() {
    setStep('password');
    if (params.get('step')) setParams({}, { replace: true });
  }

  async function emailMeACode() {
    setFailure(null);
    forgot.clear();
    const address = (form.getValues('email') ?? '').trim();
    const checked = emailOnlyInput.safeParse({ email: address });
    if (!checked.success) {
      form.setError('email', { type: 'manual', message: checked.error.issues[0]?.message });
      return;
    }
    setSendingCode(true);
    try {
      await requestEmailCode(checked.data.email);
      setCodeEmail(checked.data.email);
      setStep('email-code');
    } catch (error) {
      setFailure({
        message: error instanceof ApiError ? error : accountText.signInFailed,
        isNotConfirmed: false,
      });
    } finally {
      setSendingCode(false);
    }
  }

  if (session.data && !isBusy && step === 'password') {
    return (
      <Navigate
        to={
          session.data.role !== 'applicant' && !session.data.secondFactor
            ? '/account?setup=two-factor'
            : signInTarget(location.state, homeFor(session.data))
        }
        replace
      />
    );
  }

  if (step === 'second-factor') {
    return (
      <AuthCard title={title} intro={oneMoreStep}>
        <SecondFactorStep
          onDone={() => void navigate(afterSignIn(location.state), { replace: true })}
          onRestart={restart}
        />
      </AuthCard>
    );
  }

  if (step === 'passkey') {
    return (
      <AuthCard title={title} intro={oneMoreStep}>
        <PasskeyStep
          onDone={() => void navigate(afterSignIn(location.state), { replace: true })}
          onRestart={restart}
        />
      </AuthCard>
    );
  }

  if (step === 'email-code') {
    return (
      <AuthCard
        title={title}
        intro={intl.formatMessage({
          id: 'auth.login.codeIntro',
          defaultMessage: 'Sign in with the code we e-mailed you.',
        })}
      >
        <EmailCodeStep email={codeEmail} onSignedIn={finish} onBack={restart} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title}
      intro={intl.formatMessage({
        id: 'auth.login.intro',
        defaultMessage: 'Sign in to see your applications.',
      })}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
        <LinkNotices />
        <ProviderSignInError />
        {params.get('error') && <ResendConfirmation email={email} />}
        {!!failure && (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
            <p>{t(failure.message)}</p>
            {!!failure.isNotConfirmed && <ResendConfirmation email={email} />}
          </div>
        )}
        {!!combined && <Alert tone="error">{t('CREDENTIALS_REQUIRED')}</Alert>}
        {forgot.notice}
        <TextField
          label={intl.formatMessage({ id: 'auth.field.email', defaultMessage: 'Email' })}
          type="email"
          dir="ltr"
          autoComplete="email"
          required
          {...form.register('email')}
          aria-invalid={errors.email ? true : undefined}
          error={fieldError(errors.email)}
        />
        <PasswordField
          label={intl.formatMessage({ id: 'auth.field.password', defaultMessage: 'Password' })}
          autoComplete="current-password"
          required
          {...form.register('password')}
          aria-invalid={errors.password ? true : undefined}
          error={fieldError(errors.password)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex min-h-6 items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-400 accent-brand-700"
              {...form.register('rememberMe')}
            />
            <FormattedMessage id="auth.login.rememberMe" defaultMessage="Remember me" />
          </label>
          <button
            type="button"
            className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 underline underline-offset-2 disabled:opacity-60"
            disabled={forgot.isBusy}
            onClick={() => {
              setFailure(null);
              void forgot.send(form.getValues('email') ?? '');
            }}
          >
            {forgot.isBusy ? (
              <FormattedMessage id="auth.common.sending" defaultMessage="Sending..." />
            ) : (
              <FormattedMessage id="auth.login.forgot" defaultMessage="Forgot your password?" />
            )}
          </button>
        </div>
        <p className="-mt-2 text-sm text-muted">
          <FormattedMessage
            id="auth.login.rememberMeHint"
            defaultMessage="Tick “Remember me” to stay signed in after you close the browser."
          />
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
          {isBusy ? (
            <FormattedMessage id="auth.login.signingIn" defaultMessage="Signing In..." />
          ) : (
            <FormattedMessage id="auth.login.signIn" defaultMessage="Sign In" />
          )}
        </Button>
        <div className="flex items-center gap-3 text-sm text-muted" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-300" />
          <FormattedMessage id="auth.login.or" defaultMessage="or" />
          <span className="h-px flex-1 bg-slate-300" />
        </div>
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={sendingCode}
          onClick={() => void emailMeACode()}
        >
          {sendingCode ? (
            <FormattedMessage id="auth.common.sending" defaultMessage="Sending..." />
          ) : (
            <FormattedMessage
              id="auth.login.emailMeACode"
              defaultMessage="Email me a sign-in code"
            />
          )}
        </Button>
        <p className="-mt-2 text-sm text-muted">
          <FormattedMessage
            id="auth.login.emailMeACodeHint"
            defaultMessage="No password needed: we e-mail a code and a link to the address above."
          />
        </p>
      </form>
      <ProviderSignInButtons>
        <PasskeySignInButton
          onSignedIn={async (next) => {
            // Signed in: the session query now holds the user, and this page sends them home.
            if (next === 'second-factor')
              await navigate('/login?step=code', { state: location.state });
          }}
        />
      </ProviderSignInButtons>
      <p className="mt-6 text-center text-sm text-muted">
        <FormattedMessage
          id="auth.login.noAccount"
          defaultMessage="Don’t have an account? <link>Register</link>"
          values={{
            link: (chunks) => (
              <Link
                to="/register"
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

import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authMessages } from '../../../shared/auth-messages';
import { signInInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { signIn, useSession } from '../../lib/auth-client';
import { AuthCard } from './auth-card';
import { useForgotPassword } from './forgot-password';
import { isRateLimited, serverFieldErrors, validate, type FieldErrors } from './form-errors';
import { PasswordField } from './password-field';
import { ResendConfirmation } from './resend-confirmation';
import { signInTarget } from './sign-in-target';

type Failure = { message: string; isNotConfirmed: boolean };

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') return { message: authMessages.notConfirmed, isNotConfirmed: true };
  if (error instanceof ApiError && error.code === 'INVALID_EMAIL_OR_PASSWORD') return { message: authMessages.invalidCredentials, isNotConfirmed: false };
  if (isRateLimited(error)) return { message: error.message, isNotConfirmed: false };
  return { message: authMessages.signInFailed, isNotConfirmed: false };
}

function LinkNotices() {
  const [params] = useSearchParams();
  const state = useLocation().state as { from?: string; signedOutEverywhere?: boolean } | null;
  if (params.get('error')) {
    return <Alert tone="error" title="This link did not work">{authMessages.confirmLinkInvalid}</Alert>;
  }
  if (params.get('confirmed')) return <Alert tone="success" title="Email confirmed">{authMessages.emailConfirmed}</Alert>;
  if (state?.signedOutEverywhere) return <Alert tone="success">You have been signed out on every device.</Alert>;
  if (state?.from) return <Alert tone="info">{authMessages.signInRequired}</Alert>;
  return null;
}

export function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [values, setValues] = useState({ email: '', password: '', rememberMe: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const forgot = useForgotPassword();
  const session = useSession();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    forgot.clear();
    const checked = validate(signInInput, values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      await signIn(checked.data);
      navigate(signInTarget(location.state), { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else setFailure(failureOf(error));
      setIsBusy(false);
    }
  }

  if (session.data && !isBusy) return <Navigate to={signInTarget(location.state)} replace />;

  return (
    <AuthCard title="Login" intro="Sign in to see your applications.">
      <form noValidate onSubmit={submit} className="space-y-5">
        <LinkNotices />
        {params.get('error') && <ResendConfirmation email={values.email} />}
        {failure && (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
            <p>{failure.message}</p>
            {failure.isNotConfirmed && <ResendConfirmation email={values.email} />}
          </div>
        )}
        {forgot.notice}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          error={errors.password}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name="rememberMe"
              className="size-4 rounded border-slate-400 accent-brand-700"
              checked={values.rememberMe}
              onChange={(e) => setValues((v) => ({ ...v, rememberMe: e.target.checked }))}
            />
            Remember me
          </label>
          <button
            type="button"
            className="text-sm font-semibold text-brand-700 underline underline-offset-2 disabled:opacity-60"
            disabled={forgot.isBusy}
            onClick={() => {
              setFailure(null);
              void forgot.send(values.email);
            }}
          >
            {forgot.isBusy ? 'Sending...' : 'Forgot your password?'}
          </button>
        </div>
        <p className="-mt-2 text-sm text-muted">Tick “Remember me” to stay signed in after you close the browser.</p>
        <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
          {isBusy ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Don’t have an account?{' '}
        <Link to="/register" className="font-semibold text-brand-700 underline underline-offset-2">
          Register
        </Link>
      </p>
    </AuthCard>
  );
}

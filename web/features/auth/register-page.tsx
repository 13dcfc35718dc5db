import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { authMessages } from '../../../shared/auth-messages';
import { signUpInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { signUp } from '../../lib/auth-client';
import { AuthCard } from './auth-card';
import { serverFieldErrors, validate, type FieldErrors } from './form-errors';
import { PasswordField } from './password-field';

/** Route state /universities reads to say "check your inbox" (D5). */
export interface RegisteredState {
  registered: true;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && !['INTERNAL_ERROR', 'HTTP_ERROR'].includes(error.code)) return error.message;
  return authMessages.registerFailed;
}

export function RegisterPage() {
  usePageTitle('Register');
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = validate(signUpInput, values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      await signUp(checked.data);
      navigate('/universities', { state: { registered: true } satisfies RegisteredState });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      setFailure(fields ? null : failureMessage(error));
      setIsBusy(false);
    }
  }

  return (
    <AuthCard title="Create your account" intro="Register to follow your applications from your own dashboard.">
      <form noValidate onSubmit={submit} className="space-y-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
          {isBusy ? 'Creating Account...' : 'Create Account & Start Application'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}

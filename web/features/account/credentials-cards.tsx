import { useState } from 'react';
import { changeEmailInput } from '../../../shared/schemas/account';
import { changePasswordInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { serverFieldErrors } from '../auth/form-errors';
import { PasswordField } from '../auth/password-field';
import { showServerErrors, useSchemaForm } from '../auth/use-schema-form';
import { useReauth } from './reauth-dialog';
import { changeEmail, changePassword } from './security-api';

/** Change password: the current one first; the other devices are signed out. */
export function ChangePasswordCard() {
  const form = useSchemaForm(changePasswordInput, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const { errors, isSubmitting } = form.formState;
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const submit = form.handleSubmit(async (data) => {
    setOutcome(null);
    try {
      await changePassword(data);
      form.reset();
      setOutcome({ tone: 'success', message: 'Your password has been changed. Your other devices are signed out.' });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) showServerErrors(form.setError, fields);
      else setOutcome({ tone: 'error', message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.' });
    }
  });
  return (
    <Card>
      <h2 className="text-xl font-semibold text-ink">Change password</h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <PasswordField label="Current password" autoComplete="current-password" {...form.register('currentPassword')} error={errors.currentPassword?.message} />
        <PasswordField label="New password" autoComplete="new-password" {...form.register('newPassword')} error={errors.newPassword?.message} />
        <PasswordField label="New password again" autoComplete="new-password" {...form.register('confirmPassword')} error={errors.confirmPassword?.message} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change password'}
        </Button>
        <div aria-live="polite">{outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}</div>
      </form>
    </Card>
  );
}

/** Change e-mail: confirmed from the new address (the old one is told); asks who you are first. */
export function ChangeEmailCard({ email, changed }: { email: string; changed: boolean }) {
  const form = useSchemaForm(changeEmailInput, { newEmail: '' });
  const { errors, isSubmitting } = form.formState;
  const reauth = useReauth();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const submit = form.handleSubmit(async ({ newEmail }) => {
    setOutcome(null);
    try {
      await reauth.run(() => changeEmail(newEmail));
      form.reset();
      setOutcome({
        tone: 'success',
        message: `We sent a link to ${newEmail}. Open it to confirm the new address; until then you keep signing in with ${email}.`,
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'REAUTH_CANCELLED') return;
      const fields = serverFieldErrors(error);
      if (fields) showServerErrors(form.setError, fields);
      else setOutcome({ tone: 'error', message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.' });
    }
  });
  return (
    <Card>
      <h2 className="text-xl font-semibold text-ink">Change e-mail address</h2>
      <p className="mt-1 text-muted">Now: {email}. We send a link to the new address to confirm it, and tell the old one.</p>
      {changed && (
        <div className="mt-3">
          <Alert tone="success">Your new e-mail address is confirmed.</Alert>
        </div>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <TextField label="New email address" type="email" autoComplete="email" {...form.register('newEmail')} error={errors.newEmail?.message} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Change e-mail address'}
        </Button>
        <div aria-live="polite">{outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}</div>
      </form>
      {reauth.dialog}
    </Card>
  );
}

import { useState, type ReactNode } from 'react';
import { useAccountText } from '../../lib/account-text';
import { FormattedMessage, useIntl } from 'react-intl';
import { changeEmailInput } from '../../../shared/schemas/account';
import { changePasswordInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { PasswordField } from '../../components/password-field';
import { showServerErrors, useSchemaForm } from '../../lib/schema-form';
import { useLinkedIdentities } from '../../lib/identity-api';
import { useReauth } from './reauth-dialog';
import { changeEmail, changePassword } from './security-api';

/**
 * Change password, for an account that has one. An account made through a provider or signing in
 * by e-mailed code has none (decision 0023): there is no password to change, and the portal offers
 * no way to set one, so the card is not shown (its ways to sign in are on the card above).
 */
export function ChangePasswordCard() {
  const identities = useLinkedIdentities();
  const hasPassword = identities.data?.some((identity) => identity.providerId === 'credential');
  return hasPassword ? <ChangePasswordForm /> : null;
}

/** The current password first; the other devices are signed out. */
function ChangePasswordForm() {
  const intl = useIntl();
  const t = useAccountText();
  const form = useSchemaForm(changePasswordInput, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const { errors, isSubmitting } = form.formState;
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: ReactNode } | null>(
    null,
  );
  const submit = form.handleSubmit(async (data) => {
    setOutcome(null);
    try {
      await changePassword(data);
      form.reset();
      setOutcome({
        tone: 'success',
        message: intl.formatMessage({
          id: 'account.password.changed',
          defaultMessage: 'Your password has been changed. Your other devices are signed out.',
        }),
      });
    } catch (error) {
      if (!showServerErrors(form.setError, error))
        setOutcome({ tone: 'error', message: t(error) ?? '' });
    }
  });
  return (
    <Card>
      <h2 className="text-xl font-semibold text-ink">
        <FormattedMessage id="account.password.heading" defaultMessage="Change password" />
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <PasswordField
          label={intl.formatMessage({
            id: 'account.password.current',
            defaultMessage: 'Current password',
          })}
          autoComplete="current-password"
          {...form.register('currentPassword')}
          error={t(errors.currentPassword)}
        />
        <PasswordField
          label={intl.formatMessage({ id: 'account.password.new', defaultMessage: 'New password' })}
          autoComplete="new-password"
          {...form.register('newPassword')}
          error={t(errors.newPassword)}
        />
        <PasswordField
          label={intl.formatMessage({
            id: 'account.password.newAgain',
            defaultMessage: 'New password again',
          })}
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          error={t(errors.confirmPassword)}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <FormattedMessage id="account.password.changing" defaultMessage="Changing..." />
          ) : (
            <FormattedMessage id="account.password.submit" defaultMessage="Change password" />
          )}
        </Button>
        <div aria-live="polite">
          {!!outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
        </div>
      </form>
    </Card>
  );
}

/** Change e-mail: confirmed from the new address (the old one is told); asks who you are first. */
export function ChangeEmailCard({ email, changed }: { email: string; changed: boolean }) {
  const intl = useIntl();
  const t = useAccountText();
  const form = useSchemaForm(changeEmailInput, { newEmail: '' });
  const { errors, isSubmitting } = form.formState;
  const reauth = useReauth();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: ReactNode } | null>(
    null,
  );
  const submit = form.handleSubmit(async ({ newEmail }) => {
    setOutcome(null);
    try {
      await reauth.run(() => changeEmail(newEmail));
      form.reset();
      setOutcome({
        tone: 'success',
        message: (
          <FormattedMessage
            id="account.email.linkSent"
            defaultMessage="We sent a link to {newEmail}. Open it to confirm the new address; until then you keep signing in with {email}."
            values={{
              newEmail: <bdi dir="ltr">{newEmail}</bdi>,
              email: <bdi dir="ltr">{email}</bdi>,
            }}
          />
        ),
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'REAUTH_CANCELLED') return;
      if (!showServerErrors(form.setError, error))
        setOutcome({ tone: 'error', message: t(error) ?? '' });
    }
  });
  return (
    <Card>
      <h2 className="text-xl font-semibold text-ink">
        <FormattedMessage id="account.email.heading" defaultMessage="Change e-mail address" />
      </h2>
      <p className="mt-1 text-muted">
        <FormattedMessage
          id="account.email.now"
          defaultMessage="Now: {email}. We send a link to the new address to confirm it, and tell the old one."
          values={{ email: <bdi dir="ltr">{email}</bdi> }}
        />
      </p>
      {!!changed && (
        <div className="mt-3">
          <Alert tone="success">
            <FormattedMessage
              id="account.email.confirmed"
              defaultMessage="Your new e-mail address is confirmed."
            />
          </Alert>
        </div>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <TextField
          label={intl.formatMessage({
            id: 'account.email.new',
            defaultMessage: 'New email address',
          })}
          type="email"
          dir="ltr"
          autoComplete="email"
          {...form.register('newEmail')}
          error={t(errors.newEmail)}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <FormattedMessage id="account.email.sending" defaultMessage="Sending..." />
          ) : (
            <FormattedMessage id="account.email.submit" defaultMessage="Change e-mail address" />
          )}
        </Button>
        <div aria-live="polite">
          {!!outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
        </div>
      </form>
      {reauth.dialog}
    </Card>
  );
}

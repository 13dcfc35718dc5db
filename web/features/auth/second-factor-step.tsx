import { FormattedMessage, useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { accountText, useAccountText } from '../../lib/account-text';
import { useState } from 'react';
import {
  backupCodeInput,
  totpCodeInput,
  type BackupCodeInput,
  type TotpCodeInput,
} from '../../../shared/schemas/auth';
import { useSchemaForm } from '../../lib/schema-form';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { verifySecondFactor } from '../../lib/auth-client';
import { PasskeySignInButton } from '../../components/passkey-sign-in';

/**
 * The second step for a staff member whose second factor is a passkey (decision 0023): the passkey
 * signs them in on its own (it checks the device and the person).
 */
export function PasskeyStep({ onDone, onRestart }: { onDone: () => void; onRestart: () => void }) {
  return (
    <div className="space-y-5" role="group" aria-labelledby="passkey-step-title">
      <div>
        <h2 id="passkey-step-title" className="text-xl font-semibold text-ink">
          <FormattedMessage
            id="auth.passkeyStep.title"
            defaultMessage="Confirm with your passkey"
          />
        </h2>
        <p className="mt-1 text-muted">
          <FormattedMessage
            id="auth.passkeyStep.intro"
            defaultMessage="Your account is protected by a passkey. Use it to finish signing in."
          />
        </p>
      </div>
      <PasskeySignInButton onSignedIn={onDone} />
      <button
        type="button"
        className="text-sm font-semibold text-brand-700 underline underline-offset-2"
        onClick={onRestart}
      >
        <FormattedMessage id="auth.passkeyStep.otherWay" defaultMessage="Sign in another way" />
      </button>
    </div>
  );
}

/**
 * The second step of every sign-in (password, e-mail code, sign-in link): the code from the
 * authenticator app, or one of the backup codes, and "Trust this device for 30 days"; or a passkey
 * instead (it signs in on its own, decision 0023).
 */
export function SecondFactorStep({
  onDone,
  onRestart,
}: {
  onDone: () => void;
  onRestart: () => void;
}) {
  const intl = useIntl();
  const t = useAccountText();
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  // the app's code or a backup code, each checked by the schema its route uses
  const form = useSchemaForm(kind === 'totp' ? totpCodeInput : backupCodeInput, {
    code: '',
    trustDevice: false,
  });
  const verify = useMutation({
    mutationFn: (input: TotpCodeInput | BackupCodeInput) => verifySecondFactor(kind, input),
    onSuccess: onDone,
    onError: () => form.setValue('code', ''),
  });
  const failure = verify.error;
  const restart =
    failure instanceof ApiError &&
    ['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'UNAUTHENTICATED'].includes(
      failure.code,
    );
  const submit = form.handleSubmit((input) => verify.mutate(input));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        verify.reset();
        void submit(event);
      }}
      className="space-y-5"
      aria-labelledby="second-factor-title"
    >
      <div>
        <h2 id="second-factor-title" className="text-xl font-semibold text-ink">
          <FormattedMessage id="auth.twoStep.title" defaultMessage="Two-step verification" />
        </h2>
        <p className="mt-1 text-muted">
          {kind === 'totp' ? (
            <FormattedMessage
              id="auth.twoStep.totpIntro"
              defaultMessage="Open your authenticator app and type the 6-digit code it shows for UK Study Portal."
            />
          ) : (
            <FormattedMessage
              id="auth.twoStep.backupIntro"
              defaultMessage="Type one of the backup codes you saved when you set up two-step verification. Each works once."
            />
          )}
        </p>
      </div>
      {!!failure && (
        <Alert tone="error">
          <p>{t(failure instanceof ApiError ? failure : accountText.signInFailed)}</p>
          {!!restart && (
            <Button variant="secondary" className="mt-3" onClick={onRestart}>
              <FormattedMessage id="auth.twoStep.signInAgain" defaultMessage="Sign in again" />
            </Button>
          )}
        </Alert>
      )}
      <TextField
        key={kind}
        label={
          kind === 'totp'
            ? intl.formatMessage({
                id: 'auth.twoStep.totpLabel',
                defaultMessage: 'Code from your authenticator app',
              })
            : intl.formatMessage({ id: 'auth.twoStep.backupLabel', defaultMessage: 'Backup code' })
        }
        dir="ltr"
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoFocus
        error={t(form.formState.errors.code)}
        {...form.register('code')}
      />
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-400 accent-brand-700"
          {...form.register('trustDevice')}
        />
        <FormattedMessage
          id="auth.twoStep.trustDevice"
          defaultMessage="Trust this device for 30 days"
        />
      </label>
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? (
          <FormattedMessage id="auth.common.checking" defaultMessage="Checking..." />
        ) : (
          <FormattedMessage id="auth.twoStep.verify" defaultMessage="Verify" />
        )}
      </Button>
      <button
        type="button"
        className="text-sm font-semibold text-brand-700 underline underline-offset-2"
        onClick={() => {
          setKind(kind === 'totp' ? 'backup' : 'totp');
          form.reset();
          verify.reset();
        }}
      >
        {kind === 'totp' ? (
          <FormattedMessage
            id="auth.twoStep.useBackup"
            defaultMessage="Use a backup code instead"
          />
        ) : (
          <FormattedMessage
            id="auth.twoStep.useApp"
            defaultMessage="Use the authenticator app instead"
          />
        )}
      </button>
      <div className="border-t border-slate-200 pt-4">
        <p className="mb-2 text-sm text-muted">
          <FormattedMessage
            id="auth.twoStep.orPasskey"
            defaultMessage="Or use a passkey saved on this device instead of a code."
          />
        </p>
        <PasskeySignInButton onSignedIn={onDone} />
      </div>
    </form>
  );
}

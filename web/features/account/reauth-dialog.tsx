import {
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { accountText, useAccountText, type Said } from '../../lib/account-text';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { ApiError, apiGet, apiPost } from '../../lib/api-client';
import { useSession } from '../../lib/auth-client';
import { useSchemaForm } from '../../lib/schema-form';
import { reauthWays } from '../../../shared/schemas/auth';
import { PasswordField } from '../../components/password-field';
import { useLinkedIdentities } from '../../lib/identity-api';
import { passkeyFailure, usePasskeys } from '../../lib/passkey-api';

/** POST /api/me/reauth: the password, a code or an e-mailed code; good for 5 minutes on this session. */
export async function reauthenticate(input: {
  password?: string;
  code?: string;
  emailCode?: string;
}): Promise<void> {
  await apiPost('/api/me/reauth', input);
}

/** Re-authentication with one of the account's passkeys (the device checks it is the person). */
async function reauthenticateWithPasskey(): Promise<void> {
  const optionsJSON = await apiGet<PublicKeyCredentialRequestOptionsJSON>(
    '/api/me/reauth/passkey-options',
  );
  const response = await startAuthentication({ optionsJSON });
  await apiPost('/api/me/reauth', { passkey: response });
}

const isReauthRequired = (error: unknown) =>
  error instanceof ApiError && error.code === 'REAUTH_REQUIRED';

/**
 * The spec's reauthenticate, for any sensitive action (change e-mail, turn off two-step
 * verification, unlink an identity, remove a passkey…): `run(action)` runs it; when the server
 * answers REAUTH_REQUIRED, a dialog asks for the password or a code, then runs it again.
 * Render `dialog` once in the component.
 *
 *   const reauth = useReauth();
 *   await reauth.run(() => apiPost('/api/me/passkeys/remove', { id }));
 *   return <>{…}{reauth.dialog}</>;
 */
export function useReauth() {
  const [pending, setPending] = useState<{
    resolve: () => void;
    reject: (error: unknown) => void;
  } | null>(null);

  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!isReauthRequired(error)) throw error;
      await new Promise<void>((resolve, reject) => setPending({ resolve, reject }));
      return action();
    }
  }, []);

  const dialog = pending ? (
    <ReauthDialog
      onDone={() => {
        setPending(null);
        pending.resolve();
      }}
      onCancel={() => {
        setPending(null);
        pending.reject(new ApiError(403, 'REAUTH_CANCELLED', 'Nothing was changed.'));
      }}
    />
  ) : null;
  return { run, dialog };
}

type ReauthKind = 'password' | 'code' | 'passkey' | 'email';

const m = defineMessages({
  title: { id: 'account.reauth.title', defaultMessage: 'Confirm it is you' },
  passwordText: {
    id: 'account.reauth.passwordText',
    defaultMessage: 'For your safety, type your password again before this change.',
  },
  passwordLabel: { id: 'account.reauth.passwordLabel', defaultMessage: 'Your password' },
  codeText: {
    id: 'account.reauth.codeText',
    defaultMessage:
      'For your safety, type the code from your authenticator app (or a backup code) before this change.',
  },
  codeLabel: { id: 'account.reauth.codeLabel', defaultMessage: 'Code' },
  passkeyText: {
    id: 'account.reauth.passkeyText',
    defaultMessage: 'For your safety, confirm with your passkey before this change.',
  },
  emailCodeLabel: { id: 'account.reauth.emailCodeLabel', defaultMessage: 'Code from the e-mail' },
  sending: { id: 'account.reauth.sending', defaultMessage: 'Sending…' },
  sendNewCode: { id: 'account.reauth.sendNewCode', defaultMessage: 'Send a new code' },
  usePassword: { id: 'account.reauth.usePassword', defaultMessage: 'Use my password instead' },
  useCode: { id: 'account.reauth.useCode', defaultMessage: 'Use a code instead' },
  useEmail: { id: 'account.reauth.useEmail', defaultMessage: 'E-mail me a code instead' },
  waitingForPasskey: {
    id: 'account.reauth.waitingForPasskey',
    defaultMessage: 'Waiting for your passkey…',
  },
  usePasskey: { id: 'account.reauth.usePasskey', defaultMessage: 'Use a passkey' },
  cancel: { id: 'account.reauth.cancel', defaultMessage: 'Cancel' },
  emailMe: { id: 'account.reauth.emailMe', defaultMessage: 'E-mail me a code' },
  checking: { id: 'account.reauth.checking', defaultMessage: 'Checking...' },
  confirm: { id: 'account.reauth.confirm', defaultMessage: 'Confirm' },
});

/** A refused try: the first field the server named, or its error (a network failure as HTTP_ERROR). */
const serverFailure = (caught: unknown): Said =>
  caught instanceof ApiError ? (Object.values(caught.issues ?? {})[0] ?? caught) : 'HTTP_ERROR';

/** E-mails a 6-digit code to the account's address (10 minutes, once), for `{ emailCode }`. */
async function sendEmailCode(): Promise<void> {
  await apiPost('/api/me/reauth/email-code', {});
}

export function ReauthDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const intl = useIntl();
  const authText = useAccountText();
  const session = useSession();
  const hasFactor = Boolean(session.data?.twoFactorEnabled);
  const identities = useLinkedIdentities();
  const passkeys = usePasskeys();
  // An account that signs in with a provider or a passkey may have no password (decision 0023).
  const hasPassword = identities.data
    ? identities.data.some((identity) => identity.providerId === 'credential')
    : true;
  const hasPasskey = (passkeys.data?.length ?? 0) > 0;
  const [chosen, setKind] = useState<ReauthKind>();
  // Every account can have a code e-mailed; it is the only way for one with no password, app or passkey.
  const kind: ReauthKind =
    chosen ?? (hasPassword ? 'password' : hasFactor ? 'code' : hasPasskey ? 'passkey' : 'email');
  const others = (['password', 'code', 'email'] as const).filter(
    (other) =>
      other !== kind && (other === 'email' || (other === 'password' ? hasPassword : hasFactor)),
  );
  // the chosen way's field, checked by its part of the server's reauthInput
  const form = useSchemaForm(
    reauthWays[kind === 'email' ? 'emailCode' : kind === 'code' ? 'code' : 'password'],
    {
      password: '',
      code: '',
      emailCode: '',
    },
  );
  const [codeSent, setCodeSent] = useState(false);
  const confirm = useMutation({ mutationFn: reauthenticate, onSuccess: onDone });
  const passkey = useMutation({ mutationFn: reauthenticateWithPasskey, onSuccess: onDone });
  const emailed = useMutation({
    mutationFn: sendEmailCode,
    onSuccess: () => {
      setCodeSent(true);
      form.reset();
    },
  });
  const sending = emailed.isPending;
  const { errors } = form.formState;
  const fieldError = errors.password ?? errors.code ?? errors.emailCode;
  // a field the schema refused, or what the last try answered; shown in the reader's language
  const error = authText(
    fieldError?.type === 'CREDENTIALS_REQUIRED'
      ? accountText.passwordRequired
      : (fieldError ??
          (passkey.isError
            ? (passkeyFailure(passkey.error) ?? serverFailure(passkey.error))
            : confirm.isError
              ? serverFailure(confirm.error)
              : emailed.isError
                ? serverFailure(emailed.error)
                : undefined)),
  );

  useEffect(() => {
    const node = ref.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);

  function clear() {
    form.clearErrors();
    confirm.reset();
    passkey.reset();
    emailed.reset();
  }

  function confirmWithPasskey() {
    clear();
    passkey.mutate();
  }

  function emailMeACode() {
    clear();
    emailed.mutate();
  }

  const submit = form.handleSubmit((input) => confirm.mutate(input));

  function onSubmit(event: FormEvent) {
    clear();
    if (kind === 'email' && !codeSent) {
      event.preventDefault();
      emailed.mutate();
    } else void submit(event);
  }

  function switchTo(next: ReauthKind) {
    setKind(next);
    form.reset();
    clear();
  }

  const switchLabels: Record<Exclude<ReauthKind, 'passkey'>, string> = {
    password: intl.formatMessage(m.usePassword),
    code: intl.formatMessage(m.useCode),
    email: intl.formatMessage(m.useEmail),
  };
  const email = (
    <bdi dir="ltr" className="inline-block max-w-full break-words font-medium text-ink">
      {session.data?.email}
    </bdi>
  );

  return (
    <dialog
      ref={ref}
      aria-labelledby="reauth-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4 p-6">
        <h2 id="reauth-title" className="text-xl font-semibold text-ink">
          <FormattedMessage {...m.title} />
        </h2>
        {kind === 'password' ? (
          <>
            <p className="text-muted">
              <FormattedMessage {...m.passwordText} />
            </p>
            <PasswordField
              label={intl.formatMessage(m.passwordLabel)}
              autoComplete="current-password"
              autoFocus
              error={error}
              {...form.register('password')}
            />
          </>
        ) : kind === 'code' ? (
          <>
            <p className="text-muted">
              <FormattedMessage {...m.codeText} />
            </p>
            <TextField
              label={intl.formatMessage(m.codeLabel)}
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              error={error}
              {...form.register('code')}
            />
          </>
        ) : kind === 'passkey' ? (
          <>
            <p className="text-muted">
              <FormattedMessage {...m.passkeyText} />
            </p>
            {!!error && (
              <p role="alert" className="text-sm font-semibold text-red-700">
                {error}
              </p>
            )}
          </>
        ) : codeSent ? (
          <>
            <p className="text-muted" role="status">
              <FormattedMessage
                id="account.reauth.emailCodeSent"
                defaultMessage="We have sent a 6-digit code to {email}. It works for 10 minutes and only once."
                values={{ email }}
              />
            </p>
            <TextField
              label={intl.formatMessage(m.emailCodeLabel)}
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              autoFocus
              error={error}
              {...form.register('emailCode')}
            />
            <button
              type="button"
              className="text-sm font-semibold text-brand-700 underline underline-offset-2"
              disabled={sending}
              onClick={emailMeACode}
            >
              {sending ? intl.formatMessage(m.sending) : intl.formatMessage(m.sendNewCode)}
            </button>
          </>
        ) : (
          <>
            <p className="text-muted">
              <FormattedMessage
                id="account.reauth.emailText"
                defaultMessage="For your safety, confirm with a 6-digit code that we e-mail to {email}."
                values={{ email }}
              />
            </p>
            {!!error && (
              <p role="alert" className="text-sm font-semibold text-red-700">
                {error}
              </p>
            )}
          </>
        )}
        {others.length > 0 && (
          <div className="flex flex-col items-start gap-2">
            {others.map((other) => (
              <button
                key={other}
                type="button"
                className="text-sm font-semibold text-brand-700 underline underline-offset-2"
                onClick={() => switchTo(other)}
              >
                {switchLabels[other]}
              </button>
            ))}
          </div>
        )}
        {!!hasPasskey && (
          <Button
            variant="secondary"
            className="w-full"
            onClick={confirmWithPasskey}
            disabled={passkey.isPending}
          >
            {passkey.isPending
              ? intl.formatMessage(m.waitingForPasskey)
              : intl.formatMessage(m.usePasskey)}
          </Button>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            <FormattedMessage {...m.cancel} />
          </Button>
          {kind === 'passkey' ? null : kind === 'email' && !codeSent ? (
            <Button type="submit" disabled={sending}>
              {sending ? intl.formatMessage(m.sending) : intl.formatMessage(m.emailMe)}
            </Button>
          ) : (
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? intl.formatMessage(m.checking) : intl.formatMessage(m.confirm)}
            </Button>
          )}
        </div>
      </form>
    </dialog>
  );
}

/** A re-authentication the person cancelled: nothing was changed and nothing needs saying. */
export const isCancelled = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'REAUTH_CANCELLED';

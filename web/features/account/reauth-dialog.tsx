import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { authMessages } from '../../../shared/auth-messages';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { ApiError, apiGet, apiPost } from '../../lib/api-client';
import { useSession } from '../../lib/auth-client';
import { PasswordField } from '../auth/password-field';
import { useLinkedIdentities } from '../identity/identity-api';
import { passkeyFailure, usePasskeys } from '../identity/passkey-api';

/** POST /api/me/reauth: the password or a code; good for 5 minutes on this session. */
export async function reauthenticate(input: { password?: string; code?: string }): Promise<void> {
  await apiPost('/api/me/reauth', input);
}

/** Re-authentication with one of the account's passkeys (the device checks it is the person). */
async function reauthenticateWithPasskey(): Promise<void> {
  const optionsJSON = await apiGet<PublicKeyCredentialRequestOptionsJSON>('/api/me/reauth/passkey-options');
  const response = await startAuthentication({ optionsJSON });
  await apiPost('/api/me/reauth', { passkey: response });
}

const isReauthRequired = (error: unknown) => error instanceof ApiError && error.code === 'REAUTH_REQUIRED';

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
  const [pending, setPending] = useState<{ resolve: () => void; reject: (error: unknown) => void } | null>(null);

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

export function ReauthDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const session = useSession();
  const hasFactor = Boolean(session.data?.twoFactorEnabled);
  const identities = useLinkedIdentities();
  const passkeys = usePasskeys();
  // An account that signs in with a provider or a passkey may have no password (decision 0023).
  const hasPassword = identities.data ? identities.data.some((identity) => identity.providerId === 'credential') : true;
  const hasPasskey = (passkeys.data?.length ?? 0) > 0;
  const [chosen, setKind] = useState<'password' | 'code'>();
  const kind = chosen ?? (hasPassword || !hasFactor ? 'password' : 'code');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const node = ref.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);

  async function confirmWithPasskey() {
    setError(undefined);
    setPasskeyBusy(true);
    try {
      await reauthenticateWithPasskey();
      onDone();
    } catch (caught) {
      setError(passkeyFailure(caught) ?? (caught instanceof ApiError ? caught.message : 'Something went wrong. Please try again later.'));
    } finally {
      setPasskeyBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) {
      setError(kind === 'password' ? 'Please enter your password.' : authMessages.codeFormat);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await reauthenticate(kind === 'password' ? { password: value } : { code: value });
      onDone();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Something went wrong. Please try again later.');
    } finally {
      setBusy(false);
    }
  }

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
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 p-6">
        <h2 id="reauth-title" className="text-xl font-semibold text-ink">
          Confirm it is you
        </h2>
        <p className="text-muted">
          {!hasPassword && !hasFactor
            ? 'For your safety, confirm with your passkey before this change.'
            : kind === 'password'
              ? 'For your safety, type your password again before this change.'
              : 'For your safety, type the code from your authenticator app (or a backup code) before this change.'}
        </p>
        {!hasPassword && !hasFactor ? (
          error && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {error}
            </p>
          )
        ) : kind === 'password' ? (
          <PasswordField
            label="Your password"
            name="reauth-password"
            autoComplete="current-password"
            autoFocus
            value={value}
            error={error}
            onChange={(e) => setValue(e.target.value)}
          />
        ) : (
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            value={value}
            error={error}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        {hasFactor && hasPassword && (
          <button
            type="button"
            className="text-sm font-semibold text-brand-700 underline underline-offset-2"
            onClick={() => {
              setKind(kind === 'password' ? 'code' : 'password');
              setValue('');
              setError(undefined);
            }}
          >
            {kind === 'password' ? 'Use a code instead' : 'Use my password instead'}
          </button>
        )}
        {hasPasskey && (
          <Button variant="secondary" className="w-full" onClick={() => void confirmWithPasskey()} disabled={passkeyBusy}>
            {passkeyBusy ? 'Waiting for your passkey…' : 'Use a passkey'}
          </Button>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          {(hasPassword || hasFactor) && (
            <Button type="submit" disabled={busy}>
              {busy ? 'Checking...' : 'Confirm'}
            </Button>
          )}
        </div>
      </form>
    </dialog>
  );
}

/** Shown where a cancelled re-authentication left things as they were. */
export function cancelledMessage(error: unknown): ReactNode {
  return error instanceof ApiError && error.code === 'REAUTH_CANCELLED' ? null : error instanceof Error ? error.message : null;
}

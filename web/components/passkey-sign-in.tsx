import { FormattedMessage } from 'react-intl';
import { accountText, useAccountText, type Said } from '../lib/account-text';
import { useState } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { ApiError } from '../lib/api-client';
import { passkeyFailure, signInWithPasskey } from '../lib/passkey-api';

/** /login: "Sign in with a passkey". `onSignedIn` runs once the session (or the code step) is ready. */
export function PasskeySignInButton({
  onSignedIn,
}: {
  onSignedIn: (next: 'signed-in' | 'second-factor') => Promise<void> | void;
}) {
  const t = useAccountText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Said>();
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setFailure(undefined);
          signInWithPasskey()
            .then(onSignedIn)
            .catch((error: unknown) => {
              setFailure(
                passkeyFailure(error) ??
                  (error instanceof ApiError && error.status < 500
                    ? accountText.passkeyUnknown
                    : accountText.passkeySignInFailed),
              );
            })
            .finally(() => setBusy(false));
        }}
      >
        {busy ? (
          <FormattedMessage
            id="identity.passkey.waiting"
            defaultMessage="Waiting for your passkey…"
          />
        ) : (
          <FormattedMessage
            id="identity.passkey.continue"
            defaultMessage="Continue with a passkey"
          />
        )}
      </Button>
      {!!failure && <Alert tone="error">{t(failure)}</Alert>}
    </div>
  );
}

import { FormattedMessage } from 'react-intl';
import { useAuthText } from '../auth/auth-text';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ApiError } from '../../lib/api-client';
import { passkeyFailure, signInWithPasskey } from './passkey-api';

/** /login: "Sign in with a passkey". `onSignedIn` runs once the session (or the code step) is ready. */
export function PasskeySignInButton({
  onSignedIn,
}: {
  onSignedIn: (next: 'signed-in' | 'second-factor') => Promise<void> | void;
}) {
  const t = useAuthText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
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
                    ? 'This passkey is not known here. Sign in with your password, then add a passkey from My account.'
                    : 'Signing in with a passkey did not work. Please try again later.'),
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
      {failure && <Alert tone="error">{t(failure)}</Alert>}
    </div>
  );
}

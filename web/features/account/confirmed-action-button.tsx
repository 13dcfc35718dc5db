import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ApiError } from '../../lib/api-client';
import { useAuthText } from '../auth/auth-text';
import { cancelledMessage, useReauth } from './reauth-dialog';

/**
 * For an account without a password (decision 0023): the action runs after the person confirms it
 * is them with a code or a passkey in the re-authentication dialog.
 */
export function ConfirmedActionButton({
  id,
  label,
  busyLabel,
  danger,
  action,
}: {
  id: string;
  label: string;
  busyLabel: string;
  danger?: boolean;
  action: () => Promise<void>;
}) {
  const t = useAuthText();
  const reauth = useReauth();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function run() {
    setFailure(undefined);
    setBusy(true);
    try {
      await reauth.run(action);
    } catch (caught) {
      const message = cancelledMessage(caught);
      if (message)
        setFailure(
          t(
            typeof message === 'string'
              ? message
              : caught instanceof ApiError
                ? caught.message
                : undefined,
          ),
        );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-4">
      <Button
        variant={danger ? 'danger' : 'primary'}
        disabled={busy}
        aria-describedby={`${id}-intro`}
        onClick={() => void run()}
      >
        {busy ? busyLabel : label}
      </Button>
      {failure && <Alert tone="error">{failure}</Alert>}
      {reauth.dialog}
    </div>
  );
}

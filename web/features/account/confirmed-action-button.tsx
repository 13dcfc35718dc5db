import { useState } from 'react';
import { useAccountText, type Said } from '../../lib/account-text';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { isCancelled, useReauth } from './reauth-dialog';

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
  const t = useAccountText();
  const reauth = useReauth();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Said>();

  async function run() {
    setFailure(undefined);
    setBusy(true);
    try {
      await reauth.run(action);
    } catch (caught) {
      if (!isCancelled(caught)) setFailure(caught);
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
      {!!failure && <Alert tone="error">{t(failure)}</Alert>}
      {reauth.dialog}
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { passkeyNameMax, passkeyRenameInput } from '../../../shared/schemas/identity';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth-client';
import { useReauth } from '../account/reauth-dialog';
import { addPasskey, passkeyFailure, removePasskey, renamePasskey, usePasskeys, type Passkey } from './passkey-api';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const messageOf = (error: unknown) =>
  passkeyFailure(error) ?? (error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.');
const nameError = (name: string) => {
  const checked = passkeyRenameInput.shape.name.safeParse(name);
  return checked.success ? undefined : checked.error.issues[0]?.message;
};

function PasskeyRow({ passkey, onDone }: { passkey: Passkey; onDone: (message: string) => void }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(passkey.name ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const reauth = useReauth();
  const label = passkey.name || 'Passkey';

  async function run(action: () => Promise<void>, done: string) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      onDone(done);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    const problem = nameError(name);
    if (problem) return setError(problem);
    await run(() => renamePasskey(passkey.id, name.trim()), `Renamed to “${name.trim()}”.`);
    setRenaming(false);
  }

  return (
    <li className="space-y-3 py-4">
      {reauth.dialog}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-ink">{label}</p>
          <p className="text-sm text-muted">Added {dateFormat.format(new Date(passkey.createdAt))}{passkey.backedUp ? ' · synced' : ''}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={busy} aria-expanded={renaming} onClick={() => setRenaming((v) => !v)} aria-label={`Rename ${label}`}>
            Rename
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void run(() => reauth.run(() => removePasskey(passkey.id)), `${label} was removed.`)} aria-label={`Remove ${label}`}>
            Remove
          </Button>
        </div>
      </div>
      {renaming && (
        <form noValidate onSubmit={(e) => void rename(e)} className="flex flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1">
            <TextField label="New name" maxLength={passkeyNameMax} value={name} onChange={(e) => setName(e.target.value)} error={error} />
          </div>
          <Button type="submit" disabled={busy}>Save name</Button>
        </form>
      )}
      {!renaming && error && <Alert tone="error">{error}</Alert>}
    </li>
  );
}

/** /account: the person's passkeys: add (named), rename, remove. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const session = useSession();
  // Staff need a second factor (D13): a passkey may be their only one (decision 0023).
  const isStaffWithoutApp = Boolean(session.data && session.data.role !== 'applicant' && !session.data.twoFactorEnabled);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    setNotice(undefined);
    setFailure(undefined);
    const problem = nameError(name);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await addPasskey(name.trim());
      setNotice(`Passkey “${name.trim()}” added. You can now sign in with it.`);
      setName('');
    } catch (caught) {
      setFailure(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <h2 className="text-xl font-semibold text-ink">Passkeys</h2>
      <p className="mt-1 text-muted">
        Sign in with your fingerprint, face or device PIN instead of your password. A passkey stays on your device (or
        your phone’s password manager) and works only on this website.
      </p>
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-200" aria-label="Your passkeys">
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onDone={setNotice} />
          ))}
        </ul>
      )}
      {isStaffWithoutApp && passkeys.data && passkeys.data.length > 0 && (
        <p className="mt-2 text-sm text-muted">
          Staff accounts need a second factor. If you remove your last passkey, add one again or set up two-step verification before using the
          staff console.
        </p>
      )}
      {passkeys.data?.length === 0 && <p className="mt-3 text-sm text-muted">You have no passkeys yet.</p>}
      <form noValidate onSubmit={(e) => void add(e)} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <TextField
            label="Name for a new passkey"
            hint="For example “My phone” or “Work laptop”."
            maxLength={passkeyNameMax}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Waiting for your device…' : 'Add a passkey'}
        </Button>
      </form>
      <div className="mt-3 space-y-2" aria-live="polite">
        {notice && <Alert tone="success">{notice}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
    </Card>
  );
}

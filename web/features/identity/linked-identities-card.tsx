import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { identityMessages, providerErrorMessage } from '../../../shared/identity-messages';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ApiError } from '../../lib/api-client';
import { goToProvider, unlinkIdentity, useLinkedIdentities, useSignInProviders, type LinkedIdentity } from './identity-api';
import { usePasskeys } from './passkey-api';
import { useReauth } from '../account/reauth-dialog';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** /account: how this account signs in (password, providers), link another provider, unlink one. */
export function LinkedIdentitiesCard() {
  const [params] = useSearchParams();
  const linked = useLinkedIdentities();
  const providers = useSignInProviders();
  const passkeys = usePasskeys();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const reauth = useReauth();
  const names = new Map((providers.data ?? []).map((p) => [p.id, p.name]));
  const nameOf = (providerId: string) => (providerId === 'credential' ? 'Email and password' : (names.get(providerId) ?? providerId));
  const identities = linked.data ?? [];
  const ways = identities.length + (passkeys.data?.length ?? 0);
  const unlinked = (providers.data ?? []).filter((p) => !identities.some((i) => i.providerId === p.id));
  const returned = params.get('sso_error');

  async function run(action: () => Promise<void>, done?: string) {
    setBusy(true);
    setNotice(undefined);
    setFailure(undefined);
    try {
      await action();
      if (done) setNotice(done);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : providerErrorMessage('unknown'));
    } finally {
      setBusy(false);
    }
  }

  const unlink = (identity: LinkedIdentity) => run(() => reauth.run(() => unlinkIdentity(identity)), `${nameOf(identity.providerId)} is no longer linked.`);

  return (
    <Card>
      {reauth.dialog}
      <h2 className="text-xl font-semibold text-ink">Ways to sign in</h2>
      <p className="mt-1 text-muted">Your email and password, and any account elsewhere you linked. You always keep at least one.</p>
      <div className="mt-3 space-y-2" aria-live="polite">
        {params.get('linked') && !returned && <Alert tone="success">{identityMessages.linked}</Alert>}
        {returned && <Alert tone="error">{providerErrorMessage(returned)}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
      <ul className="mt-2 divide-y divide-slate-200" aria-label="Linked sign-ins">
        {identities.map((identity) => (
          <li key={identity.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-semibold text-ink">{nameOf(identity.providerId)}</p>
              <p className="text-sm text-muted">Since {dateFormat.format(new Date(identity.createdAt))}</p>
            </div>
            {identity.providerId !== 'credential' &&
              (ways > 1 ? (
                <Button variant="secondary" disabled={busy} onClick={() => void unlink(identity)} aria-label={`Unlink ${nameOf(identity.providerId)}`}>
                  Unlink
                </Button>
              ) : (
                <p className="text-sm text-muted">Your only way to sign in</p>
              ))}
          </li>
        ))}
      </ul>
      {unlinked.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-2">
          {unlinked.map((provider) => (
            <Button key={provider.id} disabled={busy} onClick={() => void run(() => goToProvider(provider.id, 'link'))}>
              Link {provider.name}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { accountText, useAccountText, type Said } from '../../lib/account-text';
import { FormattedDate, FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from '../../lib/router';
import { providerErrorCode } from '../../../shared/error-codes';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ApiError } from '../../lib/api-client';
import {
  goToProvider,
  unlinkIdentity,
  useLinkedIdentities,
  useSignInProviders,
  type LinkedIdentity,
} from '../../lib/identity-api';
import { usePasskeys } from '../../lib/passkey-api';
import { useReauth } from './reauth-dialog';

const m = defineMessages({
  credential: { id: 'account.identities.credential', defaultMessage: 'Email and password' },
  listLabel: { id: 'account.identities.listLabel', defaultMessage: 'Linked sign-ins' },
});

type Notice = { kind: 'unlinked'; providerId: string };

/** /account: how this account signs in (password, providers), link another provider, unlink one. */
export function LinkedIdentitiesCard() {
  const [params] = useSearchParams();
  const linked = useLinkedIdentities();
  const providers = useSignInProviders();
  const passkeys = usePasskeys();
  const [busy, setBusy] = useState(false);
  const intl = useIntl();
  const authText = useAccountText();
  const [notice, setNotice] = useState<Notice>();
  // the server's English words, shown in the reader's language
  const [failure, setFailure] = useState<Said>();
  const reauth = useReauth();
  const names = new Map((providers.data ?? []).map((p) => [p.id, p.name]));
  const nameOf = (providerId: string) =>
    providerId === 'credential'
      ? intl.formatMessage(m.credential)
      : (names.get(providerId) ?? providerId);
  const identities = linked.data ?? [];
  const ways = identities.length + (passkeys.data?.length ?? 0);
  const unlinked = (providers.data ?? []).filter(
    (p) => !identities.some((i) => i.providerId === p.id),
  );
  const returned = params.get('sso_error');

  async function run(action: () => Promise<void>, done?: Notice) {
    setBusy(true);
    setNotice(undefined);
    setFailure(undefined);
    try {
      await action();
      if (done) setNotice(done);
    } catch (error) {
      setFailure(error instanceof ApiError ? error : providerErrorCode('unknown'));
    } finally {
      setBusy(false);
    }
  }

  const unlink = (identity: LinkedIdentity) =>
    run(() => reauth.run(() => unlinkIdentity(identity)), {
      kind: 'unlinked',
      providerId: identity.providerId,
    });

  return (
    <Card>
      {reauth.dialog}
      <h2 className="text-xl font-semibold text-ink">
        <FormattedMessage id="account.identities.heading" defaultMessage="Ways to sign in" />
      </h2>
      <p className="mt-1 text-muted">
        <FormattedMessage
          id="account.identities.text"
          defaultMessage="Your email and password, and any account elsewhere you linked. You always keep at least one."
        />
      </p>
      <div className="mt-3 space-y-2" aria-live="polite">
        {params.get('linked') && !returned && (
          <Alert tone="success">{intl.formatMessage(accountText.linked)}</Alert>
        )}
        {!!returned && <Alert tone="error">{authText(providerErrorCode(returned))}</Alert>}
        {!!notice && (
          <Alert tone="success">
            {intl.formatMessage(
              {
                id: 'account.identities.unlinked',
                defaultMessage: '{provider} is no longer linked.',
              },
              { provider: nameOf(notice.providerId) },
            )}
          </Alert>
        )}
        {!!failure && <Alert tone="error">{authText(failure)}</Alert>}
      </div>
      <ul className="mt-2 divide-y divide-slate-200" aria-label={intl.formatMessage(m.listLabel)}>
        {identities.map((identity) => (
          <li key={identity.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-semibold text-ink">{nameOf(identity.providerId)}</p>
              <p className="text-sm text-muted">
                <FormattedMessage
                  id="account.identities.since"
                  defaultMessage="Since {date}"
                  values={{
                    date: (
                      <FormattedDate
                        value={identity.createdAt}
                        day="numeric"
                        month="long"
                        year="numeric"
                      />
                    ),
                  }}
                />
              </p>
            </div>
            {identity.providerId !== 'credential' &&
              (ways > 1 ? (
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void unlink(identity)}
                  aria-label={intl.formatMessage(
                    { id: 'account.identities.unlinkLabel', defaultMessage: 'Unlink {provider}' },
                    { provider: nameOf(identity.providerId) },
                  )}
                >
                  <FormattedMessage id="account.identities.unlink" defaultMessage="Unlink" />
                </Button>
              ) : (
                <p className="text-sm text-muted">
                  <FormattedMessage
                    id="account.identities.onlyWay"
                    defaultMessage="Your only way to sign in"
                  />
                </p>
              ))}
          </li>
        ))}
      </ul>
      {unlinked.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-2">
          {unlinked.map((provider) => (
            <Button
              key={provider.id}
              disabled={busy}
              onClick={() => void run(() => goToProvider(provider.id, 'link'))}
            >
              <FormattedMessage
                id="account.identities.link"
                defaultMessage="Link {provider}"
                values={{ provider: provider.name }}
              />
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}

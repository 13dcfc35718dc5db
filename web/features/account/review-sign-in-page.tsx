import { useState, type ReactNode } from 'react';
import { useAccountText, type Said } from '../../lib/account-text';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { Navigate, useNavigate } from '../../lib/router';
import { RequireSignIn } from '../../components/require-sign-in';
import { afterSignIn } from '../../lib/sign-in-target';
import { unlinkIdentity, useLinkedIdentities, useSignInProviders } from '../../lib/identity-api';
import { removePasskey, usePasskeys } from '../../lib/passkey-api';
import { useReauth } from './reauth-dialog';

type Way = { key: string; name: string; since: string; remove: () => Promise<void> };

type Handlers = { onRemoving: () => void; onRemoved: (name: string) => void };

function WayRow({ way, onRemoving, onRemoved }: { way: Way } & Handlers) {
  const intl = useIntl();
  const t = useAccountText();
  const reauth = useReauth();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Said>();
  async function remove() {
    setBusy(true);
    setFailure(undefined);
    onRemoving();
    try {
      await reauth.run(way.remove);
      onRemoved(way.name);
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  }
  return (
    <li className="space-y-2 py-3">
      {reauth.dialog}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-ink">{way.name}</p>
          <p className="text-sm text-muted">
            <FormattedMessage
              id="account.review.added"
              defaultMessage="Added {date}"
              values={{
                date: <FormattedDate value={way.since} day="numeric" month="long" year="numeric" />,
              }}
            />
          </p>
        </div>
        <Button
          variant="danger"
          disabled={busy}
          onClick={() => void remove()}
          aria-label={intl.formatMessage(
            { id: 'account.review.removeLabel', defaultMessage: 'Remove {name}' },
            { name: way.name },
          )}
        >
          <FormattedMessage id="account.review.remove" defaultMessage="Remove" />
        </Button>
      </div>
      {!!failure && <Alert tone="error">{t(failure)}</Alert>}
    </li>
  );
}

function WayList({ label, ways, ...handlers }: { label: string; ways: Way[] } & Handlers) {
  if (ways.length === 0) return null;
  return (
    <section aria-label={label}>
      <h2 className="text-lg font-semibold text-ink">{label}</h2>
      <ul className="divide-y divide-slate-200">
        {ways.map((way) => (
          <WayRow key={way.key} way={way} {...handlers} />
        ))}
      </ul>
    </section>
  );
}

function Review() {
  const intl = useIntl();
  const navigate = useNavigate();
  const passkeys = usePasskeys();
  const identities = useLinkedIdentities();
  const providers = useSignInProviders();
  const [removed, setRemoved] = useState<string>();
  // Once the person removed something, the screen stays (and says so) even with nothing left.
  const [touched, setTouched] = useState(false);
  const handlers: Handlers = { onRemoving: () => setTouched(true), onRemoved: setRemoved };
  if (passkeys.isPending || identities.isPending)
    return (
      <Spinner
        label={intl.formatMessage({ id: 'account.review.loading', defaultMessage: 'Loading…' })}
      />
    );
  const names = new Map((providers.data ?? []).map((p) => [p.id, p.name]));
  const unnamed = intl.formatMessage({
    id: 'account.passkeys.defaultName',
    defaultMessage: 'Passkey',
  });
  const keyWays: Way[] = (passkeys.data ?? []).map((p) => ({
    key: p.id,
    name: p.name || unnamed,
    since: p.createdAt,
    remove: () => removePasskey(p.id),
  }));
  const identityWays: Way[] = (identities.data ?? [])
    .filter((i) => i.providerId !== 'credential')
    .map((i) => ({
      key: i.id,
      name: names.get(i.providerId) ?? i.providerId,
      since: i.createdAt,
      remove: () => unlinkIdentity(i),
    }));
  const nothing = keyWays.length + identityWays.length === 0;
  // Nothing to check (a new account, say an invitation's): straight on.
  if (nothing && !touched) return <Navigate to={afterSignIn(null)} replace />;
  let notice: ReactNode = null;
  if (removed)
    notice = (
      <Alert tone="success">
        <FormattedMessage
          id="account.review.removed"
          defaultMessage="{name} was removed: it no longer opens your account."
          values={{ name: removed }}
        />
      </Alert>
    );
  return (
    <div className="space-y-5">
      <div aria-live="polite">{notice}</div>
      {nothing ? (
        <p>
          <FormattedMessage
            id="account.review.none"
            defaultMessage="There is no other way in: only your new password opens your account."
          />
        </p>
      ) : (
        <>
          <WayList
            label={intl.formatMessage({
              id: 'account.review.passkeys',
              defaultMessage: 'Passkeys',
            })}
            ways={keyWays}
            {...handlers}
          />
          <WayList
            label={intl.formatMessage({
              id: 'account.review.identities',
              defaultMessage: 'Linked sign-ins',
            })}
            ways={identityWays}
            {...handlers}
          />
        </>
      )}
      <Button size="lg" onClick={() => navigate(afterSignIn(null), { replace: true })}>
        <FormattedMessage id="account.review.continue" defaultMessage="Continue" />
      </Button>
    </div>
  );
}

/**
 * The screen after a password reset (issue 22 finding 1): a passkey or a linked sign-in that
 * someone else set up would still open the account, so each is listed with "Remove" next to it.
 */
export function ReviewSignInPage() {
  const intl = useIntl();
  const title = intl.formatMessage({
    id: 'account.review.title',
    defaultMessage: 'Check the ways into your account',
  });
  usePageTitle(title);
  return (
    <RequireSignIn>
      <section className="mx-auto max-w-2xl px-4 py-10">
        <Card>
          <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
          <p className="mt-2 mb-5 text-muted">
            <FormattedMessage
              id="account.review.intro"
              defaultMessage="Your password is changed, and every device that was signed in is signed out. If a passkey or a linked sign-in below was not set up by you, remove it: whoever set it up could still sign in with it."
            />
          </p>
          <Review />
        </Card>
      </section>
    </RequireSignIn>
  );
}

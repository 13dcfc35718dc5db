import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from '../../lib/router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { forgetSession, signOut, signOutFinished } from '../../lib/auth-client';
import { SignOutEverywhereButton } from '../../components/sign-out-everywhere-button';
import { endSession, listSessions, sessionsKey, signOutOtherDevices } from './security-api';

const whenFormat = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const;

/** Where the account is signed in: browser, when, last active, "this device"; sign out by scope. */
export function SessionsCard() {
  const intl = useIntl();
  const when = (iso: string) => intl.formatDate(iso, whenFormat);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: listSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  const endOne = useMutation({ mutationFn: endSession, onSettled: refresh });
  const endOthers = useMutation({ mutationFn: signOutOtherDevices, onSettled: refresh });
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.thisDevice).length;

  async function signOutHere() {
    try {
      await signOut();
    } catch (error) {
      console.error('Log out failed', error);
      return;
    }
    forgetSession();
    await navigate('/login', { replace: true, flushSync: true });
    signOutFinished();
  }

  return (
    <Card>
      <h2 className="text-xl font-semibold text-ink">
        <FormattedMessage id="account.sessions.heading" defaultMessage="Where you are signed in" />
      </h2>
      <p className="mt-1 text-muted">
        <FormattedMessage
          id="account.sessions.intro"
          defaultMessage="Every device and browser signed in to your account now. Sign out of any you do not recognise."
        />
      </p>
      {sessions.isError && (
        <Alert tone="error">
          <FormattedMessage
            id="account.sessions.loadFailed"
            defaultMessage="We could not load your devices. Please try again later."
          />
        </Alert>
      )}
      <ul
        aria-label={intl.formatMessage({
          id: 'account.sessions.listLabel',
          defaultMessage: 'Signed-in devices',
        })}
        className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200"
      >
        {list.map((s) => (
          <li
            key={s.id}
            aria-label={
              s.thisDevice
                ? intl.formatMessage(
                    {
                      id: 'account.sessions.thisDeviceLabel',
                      defaultMessage: '{browser} (this device)',
                    },
                    { browser: s.browser },
                  )
                : s.browser
            }
            className="flex flex-wrap items-center justify-between gap-3 p-3"
          >
            <div>
              <p className="font-medium text-ink">
                <bdi dir="ltr">{s.browser}</bdi>
                {s.thisDevice && (
                  <span className="ms-2 rounded bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-700">
                    <FormattedMessage
                      id="account.sessions.thisDevice"
                      defaultMessage="This device"
                    />
                  </span>
                )}
              </p>
              <p className="text-sm text-muted">
                <FormattedMessage
                  id="account.sessions.times"
                  defaultMessage="Signed in {created} · last active {lastActive}"
                  values={{ created: when(s.createdAt), lastActive: when(s.lastActiveAt) }}
                />
              </p>
            </div>
            {s.thisDevice ? (
              <Button variant="secondary" onClick={() => void signOutHere()}>
                <FormattedMessage
                  id="account.sessions.signOutHere"
                  defaultMessage="Sign out of this device"
                />
              </Button>
            ) : (
              <Button
                variant="secondary"
                disabled={endOne.isPending}
                onClick={() => endOne.mutate(s.id)}
              >
                <FormattedMessage id="account.sessions.signOut" defaultMessage="Sign out" />
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <Button
          variant="secondary"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {endOthers.isPending ? (
            <FormattedMessage id="account.sessions.signingOut" defaultMessage="Signing out..." />
          ) : (
            <FormattedMessage
              id="account.sessions.signOutOthers"
              defaultMessage="Sign out of other devices"
            />
          )}
        </Button>
        <SignOutEverywhereButton />
      </div>
      <div aria-live="polite" className="mt-2">
        {endOthers.isSuccess && (
          <Alert tone="success">
            <FormattedMessage
              id="account.sessions.othersSignedOut"
              defaultMessage="Your other devices are signed out."
            />
          </Alert>
        )}
        {(endOthers.isError || endOne.isError) && (
          <Alert tone="error">
            <FormattedMessage
              id="account.sessions.signOutFailed"
              defaultMessage="We could not sign that device out. Please try again."
            />
          </Alert>
        )}
      </div>
    </Card>
  );
}

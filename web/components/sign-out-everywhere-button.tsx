import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from '../lib/router';
import { Button } from './button';
import { forgetSession, signOutEverywhere, signOutFinished } from '../lib/auth-client';

/** D5: ends every session of this user on the server, on every device. */
export function SignOutEverywhereButton() {
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  async function run() {
    setState('busy');
    try {
      await signOutEverywhere();
      forgetSession();
      await navigate('/login', {
        replace: true,
        state: { signedOutEverywhere: true },
        flushSync: true,
      });
      signOutFinished();
    } catch (error) {
      console.error('Signing out everywhere failed', error);
      setState('failed');
    }
  }

  return (
    <div className="space-y-1">
      <Button variant="secondary" onClick={run} disabled={state === 'busy'}>
        {state === 'busy' ? (
          <FormattedMessage id="auth.signOutEverywhere.busy" defaultMessage="Signing out..." />
        ) : (
          <FormattedMessage
            id="auth.signOutEverywhere.button"
            defaultMessage="Sign out everywhere"
          />
        )}
      </Button>
      <p role="status" className="text-sm text-red-800">
        {state === 'failed' ? (
          <FormattedMessage
            id="auth.signOutEverywhere.failed"
            defaultMessage="We could not sign you out everywhere. Please try again."
          />
        ) : (
          ''
        )}
      </p>
    </div>
  );
}

import { FormattedMessage } from 'react-intl';
import { useAuthText } from './auth-text';
import { useState } from 'react';
import { authMessages } from '../../../shared/auth-messages';
import { emailOnlyInput } from '../../../shared/schemas/auth';
import { Button } from '../../components/button';
import { resendConfirmation } from '../../lib/auth-client';
import { isRateLimited } from './form-errors';

const resendFailed = 'We could not send a new confirmation link. Please try again later.';

/** "Resend confirmation" for the address typed in the form (D5). The answer never says whether it has an account. */
export function ResendConfirmation({ email }: { email: string }) {
  const t = useAuthText();
  const [state, setState] = useState<{
    status: 'idle' | 'busy' | 'done' | 'failed';
    message?: string;
  }>({ status: 'idle' });

  async function resend() {
    const checked = emailOnlyInput.safeParse({ email });
    if (!checked.success) {
      setState({ status: 'failed', message: checked.error.issues[0]?.message });
      return;
    }
    setState({ status: 'busy' });
    try {
      await resendConfirmation(checked.data);
      setState({ status: 'done', message: authMessages.confirmationResent });
    } catch (error) {
      setState({
        status: 'failed',
        message: isRateLimited(error) ? error.message : resendFailed,
      });
    }
  }

  return (
    <div className="mt-3 space-y-2">
      <Button variant="secondary" onClick={resend} disabled={state.status === 'busy'}>
        {state.status === 'busy' ? (
          <FormattedMessage id="auth.common.sending" defaultMessage="Sending..." />
        ) : (
          <FormattedMessage id="auth.resend.button" defaultMessage="Resend confirmation" />
        )}
      </Button>
      <p role="status" className={state.status === 'failed' ? 'font-medium text-red-800' : ''}>
        {t(state.message)}
      </p>
    </div>
  );
}

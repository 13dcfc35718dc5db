import { FormattedMessage } from 'react-intl';
import { accountText, useAccountText, type Said } from '../../lib/account-text';
import { useState } from 'react';
import { emailOnlyInput } from '../../../shared/schemas/auth';
import { Button } from '../../components/button';
import { resendConfirmation } from '../../lib/auth-client';
import { isRateLimited } from '../../lib/schema-form';

const resendFailed = 'We could not send a new confirmation link. Please try again later.';

/** "Resend confirmation" for the address typed in the form (D5). The answer never says whether it has an account. */
export function ResendConfirmation({ email }: { email: string }) {
  const t = useAccountText();
  const [state, setState] = useState<{
    status: 'idle' | 'busy' | 'done' | 'failed';
    message?: Said;
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
      setState({ status: 'done', message: accountText.confirmationResent });
    } catch (error) {
      setState({
        status: 'failed',
        message: isRateLimited(error) ? error : resendFailed,
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

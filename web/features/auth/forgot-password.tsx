import { useState } from 'react';
import { accountText, useAccountText, type Said } from '../../lib/account-text';
import { emailOnlyInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { requestPasswordReset } from '../../lib/auth-client';
import { isRateLimited } from '../../lib/schema-form';

type Outcome = { tone: 'success' | 'error'; message: Said } | null;

/** The login form's "Forgot your password?": sends the reset e-mail to the address in the Email field. */
export function useForgotPassword() {
  const t = useAccountText();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function send(email: string) {
    setOutcome(null);
    const checked = emailOnlyInput.safeParse({ email });
    if (!checked.success) {
      setOutcome({
        tone: 'error',
        message: checked.error.issues[0]?.message ?? 'RESET_EMAIL_REQUIRED',
      });
      return;
    }
    setIsBusy(true);
    try {
      await requestPasswordReset(checked.data);
      setOutcome({ tone: 'success', message: accountText.resetSent });
    } catch (error) {
      setOutcome({
        tone: 'error',
        message: isRateLimited(error) ? error : accountText.resetFailed,
      });
    } finally {
      setIsBusy(false);
    }
  }

  const notice = outcome && <Alert tone={outcome.tone}>{t(outcome.message)}</Alert>;
  return { send, isBusy, notice, clear: () => setOutcome(null) };
}

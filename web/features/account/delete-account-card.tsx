import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { keptIds, type ErasurePreview } from '../../../shared/schemas/personal-data';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { deleteAccount, forgetSession, signOutFinished } from '../../lib/auth-client';
import { useNavigate } from '../../lib/router';
import { useErasurePreview } from './account-api';
import { ConfirmedActionButton } from './confirmed-action-button';
import { ErasureSummary } from './erasure-summary';
import { PasswordAgainForm } from './password-again-form';
import { useHasPassword } from './use-has-password';

/** What /account/deleted says: an active case was kept (and for how long), or nothing was. */
export interface DeletedState {
  keptCases: number;
  retentionMonths: number;
}

/**
 * "Delete my account" (D16): what goes at once and what an active case keeps, why and until when,
 * shown before the person confirms; the confirmation carries what was shown, and if that changed
 * meanwhile (the team moved a case on) the screen reads it again and asks once more.
 */
export function DeleteAccountCard() {
  const hasPassword = useHasPassword();
  const intl = useIntl();
  const label = intl.formatMessage({
    id: 'account.delete.button',
    defaultMessage: 'Delete my account',
  });
  const busyLabel = intl.formatMessage({ id: 'account.delete.busy', defaultMessage: 'Deleting…' });
  const navigate = useNavigate();
  const preview = useErasurePreview();
  const [changed, setChanged] = useState(false);

  const erase = async (shown: ErasurePreview, password?: string) => {
    setChanged(false);
    try {
      await deleteAccount(password, keptIds(shown));
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'ERASURE_PLAN_CHANGED') {
        setChanged(true);
        await preview.refetch();
        return;
      }
      throw caught;
    }
    forgetSession();
    const state: DeletedState = {
      keptCases: keptIds(shown).length,
      retentionMonths: shown.retentionMonths,
    };
    await navigate('/account/deleted', { replace: true, flushSync: true, state });
    signOutFinished();
  };

  return (
    <Card className="border-red-200">
      <h2 className="text-xl font-semibold text-ink">
        <FormattedMessage id="account.delete.heading" defaultMessage="Delete my account" />
      </h2>
      <div id="delete-intro" className="mt-1 space-y-2 text-muted">
        <p>
          <FormattedMessage
            id="account.delete.intro"
            defaultMessage="This deletes your account and signs you out on every device. It cannot be undone. Here is what goes at once, and anything we must keep."
          />
        </p>
        {preview.data && <ErasureSummary preview={preview.data} />}
        <p>
          <FormattedMessage
            id="account.delete.anonymous"
            defaultMessage="We keep only anonymous figures (how many applications went to which program), which say nothing about you."
          />
        </p>
      </div>
      <div className="mt-3" aria-live="polite">
        {changed && (
          <Alert tone="warning">
            <FormattedMessage
              id="account.delete.changed"
              defaultMessage="What we keep has changed since this page was shown. Please read it again, then confirm."
            />
          </Alert>
        )}
      </div>
      {preview.isPending ? (
        <Spinner
          label={intl.formatMessage({
            id: 'account.delete.checking',
            defaultMessage: 'Checking what we hold about you…',
          })}
        />
      ) : preview.isError || !preview.data ? (
        <div className="mt-4 space-y-3">
          <Alert tone="error">
            <FormattedMessage
              id="account.delete.previewFailed"
              defaultMessage="We could not check what we hold about you, so you cannot delete your account just now. Please try again."
            />
          </Alert>
          <Button variant="secondary" onClick={() => void preview.refetch()}>
            <FormattedMessage id="account.delete.retry" defaultMessage="Try again" />
          </Button>
        </div>
      ) : hasPassword ? (
        <PasswordAgainForm
          id="delete"
          danger
          label={label}
          busyLabel={busyLabel}
          action={(password) => erase(preview.data, password)}
        />
      ) : (
        <ConfirmedActionButton
          id="delete"
          danger
          label={label}
          busyLabel={busyLabel}
          action={() => erase(preview.data)}
        />
      )}
    </Card>
  );
}

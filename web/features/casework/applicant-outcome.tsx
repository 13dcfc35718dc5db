import { useState } from 'react';
import type { ApplicationView } from '../../../shared/schemas/application';
import { outcomeLabels } from '../../../shared/schemas/casework';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ApiError } from '../../lib/api-client';
import { withdrawApplication } from './casework-api';

/** A final outcome, shown apart from the five steps; how long the current stage usually takes. */
export function OutcomeAndTime({ application }: { application: ApplicationView }) {
  const { outcome, stageWorkingDays } = application.casework;
  if (outcome) {
    return (
      <Alert tone={outcome.kind === 'withdrawn' ? 'info' : 'error'} title={outcome.kind === 'withdrawn' ? 'You withdrew this application' : 'This application was closed as unsuccessful'}>
        {outcome.reason ? <p>Reason: {outcome.reason}</p> : <p>{outcomeLabels[outcome.kind]}. This is final.</p>}
      </Alert>
    );
  }
  if (!stageWorkingDays) return null;
  return (
    <p className="text-sm text-muted">
      This stage usually takes {stageWorkingDays} working {stageWorkingDays === 1 ? 'day' : 'days'}.
    </p>
  );
}

/** Withdraw, after a confirmation that says it is final. */
export function WithdrawApplication({
  application,
  token,
  onUpdated,
}: {
  application: ApplicationView;
  token: string;
  onUpdated: (application: ApplicationView) => void;
}) {
  const [isConfirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  if (application.casework.outcome) return null;
  async function withdraw() {
    try {
      onUpdated(await withdrawApplication(application.id, token));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'It could not be withdrawn. Please try again.');
    }
  }
  return (
    <div className="space-y-2">
      {!isConfirming ? (
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          Withdraw this application
        </Button>
      ) : (
        <div role="group" aria-label="Confirm withdrawal" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="text-sm text-red-900">Withdrawing is final: our team stops working on this application. Withdraw it?</p>
          <div className="flex gap-2">
            <Button onClick={() => void withdraw()}>Yes, withdraw it</Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep my application
            </Button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

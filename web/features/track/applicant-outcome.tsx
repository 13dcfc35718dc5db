import { useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import type { ApplicationView } from '../../../shared/schemas/application';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { useErrorText } from '../../lib/error-text';
import { withdrawApplication } from '../../lib/casework-api';

const outcomes = defineMessages({
  withdrawn: { id: 'casework.outcome.withdrawn', defaultMessage: 'Withdrawn. This is final.' },
  unsuccessful: {
    id: 'casework.outcome.unsuccessful',
    defaultMessage: 'Closed as unsuccessful. This is final.',
  },
});

/** A final outcome, shown apart from the five steps; how long the current stage usually takes. */
export function OutcomeAndTime({ application }: { application: ApplicationView }) {
  const { outcome, stageWorkingDays } = application.casework;
  const intl = useIntl();
  if (outcome) {
    return (
      <Alert
        tone={outcome.kind === 'withdrawn' ? 'info' : 'error'}
        title={
          outcome.kind === 'withdrawn'
            ? intl.formatMessage({
                id: 'casework.outcome.withdrawnTitle',
                defaultMessage: 'You withdrew this application',
              })
            : intl.formatMessage({
                id: 'casework.outcome.unsuccessfulTitle',
                defaultMessage: 'This application was closed as unsuccessful',
              })
        }
      >
        {outcome.reason ? (
          <p>
            <FormattedMessage
              id="casework.outcome.reason"
              defaultMessage="Reason: {reason}"
              values={{ reason: outcome.reason }}
            />
          </p>
        ) : (
          <p>{intl.formatMessage(outcomes[outcome.kind])}</p>
        )}
      </Alert>
    );
  }
  if (!stageWorkingDays) return null;
  return (
    <p className="text-sm text-muted">
      <FormattedMessage
        id="casework.outcome.stageTime"
        defaultMessage="This stage usually takes {days, plural, one {# working day} other {# working days}}."
        values={{ days: stageWorkingDays }}
      />
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
  const intl = useIntl();
  const errorText = useErrorText();
  if (application.casework.outcome) return null;
  async function withdraw() {
    try {
      onUpdated(await withdrawApplication(application.id, token));
    } catch (e) {
      const fallback = intl.formatMessage({
        id: 'casework.withdraw.failed',
        defaultMessage: 'It could not be withdrawn. Please try again.',
      });
      setError(errorText(e, { otherwise: fallback }));
    }
  }
  return (
    <div className="space-y-2">
      {!isConfirming ? (
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          <FormattedMessage
            id="casework.withdraw.button"
            defaultMessage="Withdraw this application"
          />
        </Button>
      ) : (
        <div
          role="group"
          aria-label={intl.formatMessage({
            id: 'casework.withdraw.confirmGroup',
            defaultMessage: 'Confirm withdrawal',
          })}
          className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3"
        >
          <p className="text-sm text-red-900">
            <FormattedMessage
              id="casework.withdraw.confirmText"
              defaultMessage="Withdrawing is final: our team stops working on this application. Withdraw it?"
            />
          </p>
          <div className="flex gap-2">
            <Button onClick={() => void withdraw()}>
              <FormattedMessage id="casework.withdraw.confirm" defaultMessage="Yes, withdraw it" />
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              <FormattedMessage id="casework.withdraw.keep" defaultMessage="Keep my application" />
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

import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { apiPost } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';

/**
 * Ends every tracking link of this application, e.g. one forwarded by mistake. Tracking with the
 * application ID and e-mail address keeps working.
 */
export function StopLinks({ token, onStopped }: { token: string; onStopped: () => void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const stop = useMutation({
    mutationFn: () => apiPost<void>('/api/track/revoke', { token }),
    onSuccess: onStopped,
  });
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold text-ink">
        <FormattedMessage
          id="track.stop.heading"
          defaultMessage="Shared your tracking link by mistake?"
        />
      </h2>
      <p className="mt-1 text-sm text-muted">
        <FormattedMessage
          id="track.stop.text"
          defaultMessage="Stop every tracking link sent so far, including the one in your confirmation e-mail. You can still track this application with its ID and your e-mail address."
        />
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        disabled={stop.isPending}
        onClick={() => stop.mutate()}
      >
        {stop.isPending ? (
          <FormattedMessage id="track.stop.stopping" defaultMessage="Stopping…" />
        ) : (
          <FormattedMessage id="track.stop.button" defaultMessage="Stop all tracking links" />
        )}
      </Button>
      {stop.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {errorText(stop.error, {
            otherwise: intl.formatMessage({
              id: 'track.stop.failed',
              defaultMessage: 'The tracking links could not be stopped. Please try again.',
            }),
          })}
        </p>
      )}
    </Card>
  );
}

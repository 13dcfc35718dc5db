import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { apiPost } from '../../lib/api-client';

/**
 * Ends every tracking link of this application, e.g. one forwarded by mistake. Tracking with the
 * application ID and e-mail address keeps working.
 */
export function StopLinks({ token, onStopped }: { token: string; onStopped: () => void }) {
  const stop = useMutation({
    mutationFn: () => apiPost<void>('/api/track/revoke', { token }),
    onSuccess: onStopped,
  });
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold text-ink">Shared your tracking link by mistake?</h2>
      <p className="mt-1 text-sm text-muted">
        Stop every tracking link sent so far, including the one in your confirmation e-mail. You can
        still track this application with its ID and your e-mail address.
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        disabled={stop.isPending}
        onClick={() => stop.mutate()}
      >
        {stop.isPending ? 'Stopping…' : 'Stop all tracking links'}
      </Button>
      {stop.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {stop.error.message}
        </p>
      )}
    </Card>
  );
}

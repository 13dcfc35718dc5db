import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/button';
import { apiPost } from '../../lib/api-client';
import { ErrorText } from '../../components/error-text';

/** Ends every tracking link of the application (e.g. a forwarded e-mail); the applicant can still track with id and e-mail. */
export function TrackingLinks({ applicationId }: { applicationId: string }) {
  const revoke = useMutation({
    mutationFn: () =>
      apiPost<{ revokedAt: string }>(
        `/api/staff/applications/${encodeURIComponent(applicationId)}/tracking/revoke`,
        {},
      ),
  });
  return (
    <section
      aria-labelledby="tracking-links-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="tracking-links-title" className="text-lg font-semibold text-ink">
        Tracking links
      </h2>
      <p className="mt-1 text-sm text-muted">
        If a tracking link reached the wrong person, stop every link sent so far. The applicant can
        still track with the application ID and e-mail address.
      </p>
      {revoke.isSuccess ? (
        <p role="status" className="mt-3 text-sm font-medium text-green-800">
          Every tracking link sent so far has stopped working.
        </p>
      ) : (
        <Button
          variant="secondary"
          className="mt-3"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate()}
        >
          {revoke.isPending ? 'Stopping…' : 'Stop all tracking links'}
        </Button>
      )}
      {revoke.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          <ErrorText error={revoke.error} />
        </p>
      )}
    </section>
  );
}

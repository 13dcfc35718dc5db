import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/button';
import { apiPost } from '../../lib/api-client';
import { ErrorText } from '../../components/error-text';

/** The masked passport number; the full one is fetched on request, and each view is audited. */
export function PassportNumber({
  applicationId,
  masked,
}: {
  applicationId: string;
  masked: string;
}) {
  const reveal = useMutation({
    mutationFn: () =>
      apiPost<{ passportNumber: string }>(
        `/api/staff/applications/${encodeURIComponent(applicationId)}/passport`,
        {},
      ),
  });
  if (reveal.data) return <span className="font-mono">{reveal.data.passportNumber}</span>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-mono">{masked}</span>
      <Button
        variant="ghost"
        className="!px-2 !py-1"
        disabled={reveal.isPending}
        onClick={() => reveal.mutate()}
      >
        {reveal.isPending ? 'Showing…' : 'Show full number'}
      </Button>
      <span className="text-xs text-muted">(recorded in the audit log)</span>
      {reveal.isError && (
        <span role="alert" className="text-red-800">
          <ErrorText error={reveal.error} />
        </span>
      )}
    </span>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerOrganisationView } from '../../../shared/schemas/partners';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { apiPost } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';

/**
 * D20: an admin accepts a partnership request. The partner organisation is created and its
 * contact invited to the partner portal (with a second factor, as staff).
 */
export function AcceptPartnership({ id }: { id: string }) {
  const client = useQueryClient();
  const errorText = useErrorText();
  const accept = useMutation({
    mutationFn: () =>
      apiPost<PartnerOrganisationView>(
        `/api/staff/partnerships/${encodeURIComponent(id)}/accept`,
        {},
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['staff', 'request', 'partnership', id] });
      void client.invalidateQueries({ queryKey: ['staff', 'requests', 'partnership'] });
    },
  });
  const made = accept.data;
  return (
    <section
      aria-labelledby="accept-title"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="accept-title" className="text-lg font-semibold text-ink">
        Partner portal
      </h2>
      {made ? (
        <Alert tone="success">
          {made.name} is now a partner. {made.members.map((m) => m.email).join(', ')} has been
          invited to set a password and two-step verification.
        </Alert>
      ) : (
        <>
          <p className="text-sm text-muted">
            Accepting creates the partner organisation and e-mails its contact an invitation to the
            partner portal, where they follow the students they refer or apply for.
          </p>
          {accept.isError && <Alert tone="error">{errorText(accept.error)}</Alert>}
          <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
            Accept as partner
          </Button>
        </>
      )}
    </section>
  );
}

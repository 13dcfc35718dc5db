import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { TrackPartnerView } from '../../../shared/schemas/partners';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { apiFetch } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';

const path = (id: string) => `/api/applications/${encodeURIComponent(id)}/partner`;

/**
 * D20: the partner that sent or referred this application follows it (status and universities
 * only) while the student agrees; the student stops it here, and the partner no longer sees it.
 */
export function PartnerFollowing({
  applicationId,
  token,
}: {
  applicationId: string;
  token: string;
}) {
  const client = useQueryClient();
  const errorText = useErrorText();
  const key = ['track', 'partner', applicationId];
  const headers = { authorization: `Bearer ${token}` };
  const following = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<TrackPartnerView>(path(applicationId), { headers }),
  });
  const stop = useMutation({
    mutationFn: () =>
      apiFetch<TrackPartnerView>(`${path(applicationId)}/stop`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      }),
    onSuccess: (view) => client.setQueryData(key, view),
  });
  const partner = following.data?.partner;
  if (!partner) return null;
  const name = partner.name;
  return (
    <section
      aria-labelledby="partner-following-title"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="partner-following-title" className="text-lg font-semibold text-ink">
        <FormattedMessage id="track.partner.title" defaultMessage="Followed by a partner" />
      </h2>
      {following.data?.stoppedAt ? (
        <p className="text-sm text-ink">
          <FormattedMessage
            id="track.partner.stopped"
            defaultMessage="{name} no longer follows your application."
            values={{ name }}
          />
        </p>
      ) : (
        <>
          <p className="text-sm text-ink">
            <FormattedMessage
              id="track.partner.body"
              defaultMessage="{name} sent or referred your application and sees its status and your universities, never your documents, passport or messages."
              values={{ name }}
            />
          </p>
          {stop.isError && <Alert tone="error">{errorText(stop.error)}</Alert>}
          <Button variant="secondary" onClick={() => stop.mutate()} disabled={stop.isPending}>
            <FormattedMessage
              id="track.partner.stop"
              defaultMessage="Stop {name} following my application"
              values={{ name }}
            />
          </Button>
        </>
      )}
    </section>
  );
}

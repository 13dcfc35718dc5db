import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage } from 'react-intl';
import type { MyDraft } from '../../../shared/schemas/draft';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { apiGet } from '../../lib/api-client';
import { useProgram } from '../../lib/catalogue';

/** Issue 25 §1: the form a student started (on any device) waits here until it is sent. */
export function ContinueDraftCard() {
  // the application form's own key for this draft (web/features/application/use-draft.ts)
  const mine = useQuery({
    queryKey: ['my-draft'],
    queryFn: () => apiGet<MyDraft>('/api/me/draft'),
  });
  const draft = mine.data?.draft;
  const program = useProgram(draft?.choice.programId || undefined);
  if (!draft?.choice.programId) return null;
  return (
    <Card className="border-brand-200 bg-brand-50">
      <h2 className="text-xl font-semibold text-ink">
        <FormattedMessage
          id="dashboard.draft.heading"
          defaultMessage="An application you have not sent yet"
        />
      </h2>
      <p className="mt-1 text-ink">{program.data?.name}</p>
      <p className="mt-1 text-sm text-muted">
        <FormattedMessage
          id="dashboard.draft.saved"
          defaultMessage="Last saved {date}."
          values={{
            date: <FormattedDate value={draft.updatedAt} dateStyle="medium" timeStyle="short" />,
          }}
        />
      </p>
      <ButtonLink
        to={`/application?program=${encodeURIComponent(draft.choice.programId)}`}
        className="mt-4"
      >
        <FormattedMessage
          id="dashboard.draft.continue"
          defaultMessage="Continue your application"
        />
      </ButtonLink>
    </Card>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationView } from '../../../shared/schemas/application';
import { apiGet } from '../../lib/api-client';
import { sessionQueryKey } from '../../lib/auth-client';
import { useLiveUpdates } from '../../lib/use-live-updates';

export const myApplicationsKey = ['my-applications'] as const;

/** Newest first, as the server sends them (spec 7: ordered by submission, descending). */
function upsert(
  list: ApplicationView[] | undefined,
  record: ApplicationView,
): ApplicationView[] | undefined {
  if (!list) return list;
  const others = list.filter((a) => a.id !== record.id);
  return [...others, record].sort((a, b) => b.submittedAt.localeCompare(a.submittedAt));
}

/** The signed-in user's applications, kept current by the owner's live stream. */
export function useMyApplications() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: myApplicationsKey,
    queryFn: () => apiGet<ApplicationView[]>('/api/me/applications'),
  });
  const live = useLiveUpdates(
    query.isSuccess ? '/api/me/applications/stream' : null,
    (record) =>
      queryClient.setQueryData<ApplicationView[]>(myApplicationsKey, (list) =>
        upsert(list, record),
      ),
    // on every (re)connection: whatever changed while the stream was down
    {
      onOpen: () => void queryClient.invalidateQueries({ queryKey: myApplicationsKey }),
      // Signed out on the server (here or everywhere): ask who is signed in now; the page follows.
      onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    },
  );
  return { ...query, live };
}

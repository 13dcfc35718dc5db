import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadKind } from '../../../shared/leads';
import type {
  FunnelReport,
  LeadPage,
  LeadUpdateInput,
  LeadView,
} from '../../../shared/schemas/leads';
import type { ContactRequestDetail } from '../../../shared/schemas/staff';
import { apiFetch, apiGet, apiPost } from '../../lib/api-client';

const fresh = { staleTime: 0, refetchOnWindowFocus: true } as const;

/** Issue 28 §1: answer a referral's referrer, or invite the student to apply. */
export function useReferralAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: 'reply'; body: string } | { action: 'invite'; note?: string }) =>
      apiPost<ContactRequestDetail>(
        `/api/staff/referrals/${encodeURIComponent(id)}/${input.action}`,
        input.action === 'reply' ? { body: input.body } : { note: input.note },
      ),
    onSuccess: (detail) => {
      client.setQueryData(['staff', 'request', 'referral', id], detail);
      void client.invalidateQueries({ queryKey: ['staff', 'requests', 'referral'] });
      void client.invalidateQueries({ queryKey: ['staff', 'leads'] });
    },
  });
}

export function useLeads(params: Record<string, string | undefined>) {
  return useQuery({
    queryKey: ['staff', 'leads', params],
    queryFn: () => apiGet<LeadPage>('/api/staff/leads', params),
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

/** A stale save is answered 409 with the lead as it is now (`error.current`), shown instead. */
export function useSaveLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, input }: { kind: LeadKind; id: string; input: LeadUpdateInput }) =>
      apiFetch<LeadView>(`/api/staff/leads/${kind}/${encodeURIComponent(id)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['staff', 'leads'] }),
  });
}

export function useFunnel(range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['staff', 'funnel', range],
    queryFn: () => apiGet<FunnelReport>('/api/staff/funnel', range),
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

/** The consultants and admins a lead can be given to. */
export function useAssignable() {
  return useQuery({
    queryKey: ['staff', 'assignable'],
    queryFn: () =>
      apiGet<{ id: string; name: string; email: string; role: string }[]>('/api/staff/assignable'),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommissionLineUpdate,
  CommissionLineView,
  CommissionRateView,
  PartnerOrganisationView,
} from '../../../shared/schemas/partners';
import { apiFetch, apiGet } from '../../lib/api-client';

export interface CommissionFilter {
  status?: string;
  partnerId?: string;
  universityId?: string;
}

/** The filter as a query string (only what is set); the list and the CSV take the same. */
export function commissionQuery(filter: CommissionFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const fresh = { staleTime: 0, refetchOnWindowFocus: true } as const;

export function useCommissionLines(filter: CommissionFilter) {
  return useQuery({
    queryKey: ['staff', 'commission', 'lines', filter],
    queryFn: () =>
      apiGet<CommissionLineView[]>(`/api/staff/commission/lines${commissionQuery(filter)}`),
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

export function usePartnerOrganisations() {
  return useQuery({
    queryKey: ['staff', 'partners'],
    queryFn: () => apiGet<PartnerOrganisationView[]>('/api/staff/partners'),
  });
}

export function useCommissionRates() {
  return useQuery({
    queryKey: ['staff', 'commission', 'rates'],
    queryFn: () => apiGet<CommissionRateView[]>('/api/staff/commission/rates'),
  });
}

/** A stale save is answered 409 COMMISSION_LINE_CHANGED with the line as it is (`error.current`). */
export function useUpdateCommissionLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CommissionLineUpdate }) =>
      apiFetch<CommissionLineView>(`/api/staff/commission/lines/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['staff', 'commission', 'lines'] }),
  });
}

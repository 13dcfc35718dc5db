import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PartnerApplicationView,
  PartnerCommissionView,
  PartnerInviteInput,
  PartnerOrganisationView,
  PartnerReferralView,
} from '../../../shared/schemas/partners';
import { apiGet, apiPost } from '../../lib/api-client';
import { useLocale } from '../../i18n/locale-context';
import { languageQueryParam } from '../../../shared/locales';

export interface PartnerFilter {
  status?: string;
  q?: string;
}

/** The filter as a query string (only what is set); the list and the CSV take the same. */
export function filterQuery(filter: PartnerFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q && filter.q.trim().length >= 2) params.set('q', filter.q.trim());
  const text = params.toString();
  return text ? `?${text}` : '';
}

const fresh = { staleTime: 0, refetchOnWindowFocus: true } as const;

export function useOrganisation() {
  return useQuery({
    queryKey: ['partner', 'organisation'],
    queryFn: () => apiGet<PartnerOrganisationView>('/api/partner/organisation'),
    ...fresh,
  });
}

export function usePartnerApplications(filter: PartnerFilter) {
  return useQuery({
    queryKey: ['partner', 'applications', filter.status ?? '', filter.q ?? ''],
    queryFn: () =>
      apiGet<PartnerApplicationView[]>(`/api/partner/applications${filterQuery(filter)}`),
    ...fresh,
  });
}

/** The students the partner referred while signed in, with where each has got to. */
export function usePartnerReferrals() {
  return useQuery({
    queryKey: ['partner', 'referrals'],
    queryFn: () => apiGet<PartnerReferralView[]>('/api/partner/referrals'),
    ...fresh,
  });
}

export function usePartnerCommission() {
  return useQuery({
    queryKey: ['partner', 'commission'],
    queryFn: () => apiGet<PartnerCommissionView[]>('/api/partner/commission'),
    ...fresh,
  });
}

/** The colleague's invitation is written in this page's language (unless their account has one). */
export function useInviteColleague() {
  const client = useQueryClient();
  const { locale } = useLocale();
  return useMutation({
    mutationFn: (input: PartnerInviteInput) =>
      apiPost<PartnerOrganisationView>(
        `/api/partner/organisation/members?${languageQueryParam}=${encodeURIComponent(locale)}`,
        input,
      ),
    onSuccess: (organisation) => client.setQueryData(['partner', 'organisation'], organisation),
  });
}

/**
 * Live (the same change notices as the track page): each change to one of the partner's students
 * reads the lists and the commission again.
 */
export function usePartnerLiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    const source = new EventSource('/api/partner/applications/stream');
    source.addEventListener('changed', () => {
      void client.invalidateQueries({ queryKey: ['partner', 'applications'] });
      void client.invalidateQueries({ queryKey: ['partner', 'commission'] });
      void client.invalidateQueries({ queryKey: ['partner', 'referrals'] });
    });
    return () => source.close();
  }, [client]);
}

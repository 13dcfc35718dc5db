import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgendaBooking,
  AgendaPage,
  AttendanceInput,
  Availability,
  AvailabilityPage,
} from '../../../shared/schemas/booking';
import { apiFetch, apiGet } from '../../lib/api-client';

const fresh = { staleTime: 0, refetchOnWindowFocus: true } as const;

const send = <T>(method: 'PATCH' | 'PUT', path: string, body: unknown) =>
  apiFetch<T>(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export function useAgenda(params: { from: string; days: string; consultantId?: string }) {
  return useQuery({
    queryKey: ['staff', 'agenda', params],
    queryFn: () => apiGet<AgendaPage>('/api/staff/bookings', params),
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

export function useMarkBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: AttendanceInput & { id: string }) =>
      send<AgendaBooking>('PATCH', `/api/staff/bookings/${encodeURIComponent(id)}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'agenda'] }),
  });
}

export function useAvailability() {
  return useQuery({
    queryKey: ['staff', 'availability'],
    queryFn: () => apiGet<AvailabilityPage>('/api/staff/availability'),
    ...fresh,
  });
}

export function useSaveAvailability(consultantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { availability: Availability; version: string | null }) =>
      send<AvailabilityPage>(
        'PUT',
        `/api/staff/availability/${encodeURIComponent(consultantId)}`,
        body,
      ),
    onSuccess: (page) => queryClient.setQueryData(['staff', 'availability'], page),
  });
}

export function useLinkAccount(consultantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string | null) =>
      send<AvailabilityPage>(
        'PUT',
        `/api/staff/availability/${encodeURIComponent(consultantId)}/account`,
        { userId },
      ),
    onSuccess: (page) => queryClient.setQueryData(['staff', 'availability'], page),
  });
}

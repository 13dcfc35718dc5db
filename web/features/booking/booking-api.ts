import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api-client';
import type { BookingInput, BookingView, SlotList } from '../../../shared/schemas/booking';

/** How many days of free times one page of the picker shows. */
export const slotDays = 14;

export const slotsKey = (consultantId: string) => ['booking-slots', consultantId] as const;

/** Free times of one consultant, or of "the first free consultant" (`any`), from `from` on. */
export function useSlots(consultantId: string, from: string | undefined) {
  return useQuery({
    queryKey: [...slotsKey(consultantId), from ?? 'now'],
    queryFn: () =>
      apiGet<SlotList>(`/api/consultants/${encodeURIComponent(consultantId)}/slots`, {
        days: String(slotDays),
        from,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: 1,
  });
}

export const createBooking = (body: BookingInput) => apiPost<BookingView>('/api/bookings', body);

export interface BookingSecret {
  id: string;
  token: string;
}

export const openBooking = (secret: BookingSecret) =>
  apiPost<BookingView>('/api/bookings/manage', secret);

export const cancelBooking = (secret: BookingSecret) =>
  apiPost<BookingView>('/api/bookings/cancel', secret);

export const rescheduleBooking = (secret: BookingSecret, startsAt: string) =>
  apiPost<BookingView>('/api/bookings/reschedule', { ...secret, startsAt });

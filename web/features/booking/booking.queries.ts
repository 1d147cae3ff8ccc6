import { queryOptions } from '@tanstack/react-query';
import { fetchAvailableSlots, fetchSlotDetail, fetchTypePrice } from './booking.api.ts';
import { slotRange } from './booking-calendar.ts';

/** Query factories of the booking dialog (docs/architecture.md, convention 7). */
export const bookingQueries = {
  all: () => ['booking'] as const,
  slots: (consultationTypeId: number, timeZone: string, movingBookingId?: number) =>
    queryOptions({
      queryKey: [...bookingQueries.all(), 'slots', consultationTypeId, timeZone, movingBookingId ?? null] as const,
      queryFn: () => fetchAvailableSlots(consultationTypeId, slotRange(timeZone), movingBookingId),
      // Free time changes under other people's bookings: every opening of the dialog asks again, and a
      // failure is shown as "no slots" at once (spec 000 §8) instead of after retries.
      staleTime: 0,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    }),
  // the server prices the booking itself; this is what it would charge now, asked afresh at each confirmation
  price: (typeId: number) =>
    queryOptions({
      queryKey: [...bookingQueries.all(), 'price', typeId] as const,
      queryFn: () => fetchTypePrice(typeId),
      staleTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    }),
  slotDetail: (slotId: number) =>
    queryOptions({
      queryKey: [...bookingQueries.all(), 'slot', slotId] as const,
      queryFn: () => fetchSlotDetail(slotId),
      retry: false,
      refetchOnWindowFocus: false,
    }),
};

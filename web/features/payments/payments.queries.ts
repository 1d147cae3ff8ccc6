import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import { eventQueries } from '../../lib/events/events.queries.ts';
import { eventSummary, fetchBookingSummary, fetchPackageSummary, fetchPayment, type Payment, type PurchaseSummary } from './payments.api.ts';

const clientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export const paymentQueries = {
  all: () => ['payments'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...paymentQueries.all(), id] as const,
      queryFn: () => fetchPayment(id),
      staleTime: 0,
      retry: (count, error) => !clientError(error) && count < 2,
    }),
  /** What the payment bought (title, time, the page to go back to). */
  summary: (payment: Payment | undefined) =>
    queryOptions<PurchaseSummary | null>({
      queryKey: [...paymentQueries.all(), 'summary', payment?.service_type, payment?.booking_id ?? payment?.event_id ?? payment?.service_id] as const,
      queryFn: async ({ client }) => {
        const id = payment?.service_type === 'consultation' ? (payment.booking_id ?? payment.service_id) : (payment?.event_id ?? payment?.service_id);
        if (!payment || id == null) return null;
        if (payment.service_type === 'consultation') return fetchBookingSummary(id);
        if (payment.service_type === 'package') return fetchPackageSummary(id);
        // the event under its one key, so the event page opened from here finds it
        return eventSummary(await client.fetchQuery({ ...eventQueries.detail(id), retry: false }));
      },
      retry: false,
      staleTime: 60_000,
    }),
};

import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from './api-client.ts';

/*
 * Consultation packages (issue 36, decision 006 «Packages»): the mentor page buys one, the booking dialog spends its
 * credits and the calendar lists them, so the calls and their one query key sit in web/lib (features do not import
 * each other). Shapes come from the Worker through the typed client.
 */

const packages = api['consultation-packages'];

/** A package of the caller's: GET /api/consultation-packages/my/ (rubles; `left` can still be booked). */
export type ConsultationPackage = InferResponseType<typeof packages.my.$get, 200>['results'][number];
/** GET /api/consultation-packages/{id}/refund-quote/: what «Вернуть неиспользованные» pays back now. */
export type PackageRefundQuote = InferResponseType<(typeof packages)[':id']['refund-quote']['$get'], 200>;

export const packagesApi = {
  /** POST /api/consultation-packages/buy/: the package waits for its payment (status pending_payment) */
  buy: async (consultationTypeId: number, sessions: number): Promise<ConsultationPackage> =>
    unwrap(await packages.buy.$post({ json: { consultation_type_id: consultationTypeId, sessions } })),
  my: async (): Promise<ConsultationPackage[]> => (await unwrap(await packages.my.$get())).results,
  refundQuote: async (id: number): Promise<PackageRefundQuote> => unwrap(await packages[':id']['refund-quote'].$get({ param: { id: String(id) } })),
  refund: async (id: number): Promise<ConsultationPackage> => unwrap(await packages[':id'].refund.$post({ param: { id: String(id) } })),
};

export const packageQueries = {
  all: () => ['consultation-packages'] as const,
  // a failed list just isn't shown (the calendar has its own content); the next visit asks again
  my: () => queryOptions({ queryKey: [...packageQueries.all(), 'my'] as const, queryFn: packagesApi.my, staleTime: 0, retry: false }),
  refundQuote: (id: number) =>
    queryOptions({ queryKey: [...packageQueries.all(), 'refund-quote', id] as const, queryFn: () => packagesApi.refundQuote(id), staleTime: 0, retry: false }),
};

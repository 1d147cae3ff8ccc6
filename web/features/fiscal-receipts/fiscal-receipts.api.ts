import { infiniteQueryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import { retryOnce } from '../../lib/query-retry.ts';

/* The admins' list of fiscal receipts that need a person, through the typed client (worker/payments/receipts/fiscal-receipts.routes.ts). */

export type ProblemReceiptsPage = InferResponseType<(typeof api)['admin']['fiscal-receipts']['$get'], 200>;
export type ProblemReceipt = ProblemReceiptsPage['results'][number];
export type RetriedReceipt = InferResponseType<(typeof api)['admin']['fiscal-receipts'][':id']['retry']['$post'], 200>;

export const fiscalReceiptsApi = {
  problems: async (offset: number): Promise<ProblemReceiptsPage> =>
    // the server's page size (PROBLEM_RECEIPTS_PAGE): the route's loader runs in the first bundle, which has no zod
    unwrap(await api.admin['fiscal-receipts'].$get({ query: { offset: String(offset) } })),
  retry: async (id: string): Promise<RetriedReceipt> => unwrap(await api.admin['fiscal-receipts'][':id'].retry.$post({ param: { id } })),
};

export const fiscalReceiptQueries = {
  all: () => ['fiscal-receipts'] as const,
  problems: () =>
    infiniteQueryOptions({
      queryKey: [...fiscalReceiptQueries.all(), 'problems'] as const,
      queryFn: ({ pageParam }) => fiscalReceiptsApi.problems(pageParam),
      initialPageParam: 0,
      retry: retryOnce,
      getNextPageParam: (last, pages) => (last.has_more ? pages.reduce((n, page) => n + page.results.length, 0) : undefined),
    }),
};

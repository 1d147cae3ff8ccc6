import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import { retryOnce } from '../../lib/query-retry.ts';

/* GET /api/analytics/earnings/ (decision 009 «Earnings») through the typed client: a mentor's money, rubles. */

/** payments per page of the list («Показать ещё» asks for the next) */
export const EARNINGS_PAGE = 20;

const route = api.analytics.earnings;

export type Earnings = InferResponseType<typeof route.$get, 200>;
export type Earning = Earnings['items'][number];

const fetchPage = async (cursor: string | null, limit = EARNINGS_PAGE): Promise<Earnings> =>
  unwrap(await route.$get({ query: { limit: String(limit), ...(cursor ? { cursor } : {}) } }));

export const earningsQueries = {
  all: () => ['earnings'] as const,
  /** the totals (/Home's glance): the first page's, which count every payment */
  mine: (userId: number) => queryOptions({ queryKey: [...earningsQueries.all(), userId] as const, queryFn: () => fetchPage(null), retry: retryOnce }),
  /** the list, page after page; each page after the cursor of the one before */
  pages: (userId: number) =>
    infiniteQueryOptions({
      queryKey: [...earningsQueries.all(), userId, 'pages'] as const,
      queryFn: ({ pageParam }) => fetchPage(pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.has_more ? last.next_cursor : undefined),
      retry: retryOnce,
    }),
};

import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import { retryOnce } from '../../lib/query-retry.ts';

/* GET /api/analytics/earnings/ (decision 009 «Earnings») through the typed client: a mentor's money, rubles. */

const route = api.analytics.earnings;

export type Earnings = InferResponseType<typeof route.$get, 200>;
export type Earning = Earnings['items'][number];

export const earningsQueries = {
  all: () => ['earnings'] as const,
  mine: (userId: number) =>
    queryOptions({ queryKey: [...earningsQueries.all(), userId] as const, queryFn: async (): Promise<Earnings> => unwrap(await route.$get()), retry: retryOnce }),
};

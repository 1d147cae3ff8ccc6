import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import type { AnalyticsPeriod } from './analytics-period.ts';

/* GET /api/analytics/summary/?period= (decision 009) through the typed client. Money is rubles after the fee. */

const route = api.analytics.summary;

export type AnalyticsSummary = InferResponseType<typeof route.$get, 200>;
export type BestSession = AnalyticsSummary['best_sessions'][number];

export const analyticsApi = {
  summary: async (period: AnalyticsPeriod): Promise<AnalyticsSummary> => unwrap(await route.$get({ query: { period } })),
};

export const analyticsQueries = {
  all: () => ['analytics'] as const,
  summary: (period: AnalyticsPeriod) => queryOptions({ queryKey: [...analyticsQueries.all(), 'summary', period] as const, queryFn: () => analyticsApi.summary(period) }),
};

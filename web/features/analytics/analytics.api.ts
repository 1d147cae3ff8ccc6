import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, unwrap } from '../../lib/api-client.ts';
import type { AnalyticsPeriod } from './analytics-period.ts';

/*
 * GET /api/analytics/summary/?period= (decision 009). The server route was not in worker/analytics yet
 * when this screen was written, so the call goes through apiFetch and the answer is checked against
 * the documented shape here instead of being inferred from AppType.
 */

const count = z.number().int().min(0);
const rating = z.number().nullable();
const bucketStart = { start: z.string(), label: z.string() };

const summarySchema = z.object({
  period: z.enum(['week', 'month', 'quarter', 'year']),
  time_zone: z.string(),
  bucket: z.string(),
  range: z.object({ start: z.string(), end: z.string() }),
  previous_range: z.object({ start: z.string(), end: z.string() }),
  cards: z.object({
    sessions_held: z.object({ value: count, previous: count }),
    average_rating: z.object({ value: rating, previous: rating, overall: rating, reviews_count: count, overall_reviews_count: count }),
    income: z.object({ value: z.number(), previous: z.number() }),
    conversion: z.object({ value: z.number().nullable(), previous: z.number().nullable(), views: count, conversions: count, bookings: count, registrations: count }),
  }),
  sessions_over_time: z.array(z.object({ ...bucketStart, consultations: count, events: count, income: z.number() })),
  engagement: z.object({
    new_mentees: count,
    returning_mentees: count,
    buckets: z.array(z.object({ ...bucketStart, new: count, returning: count })),
  }),
  revenue_by_type: z.object({ consultations: z.number(), events: z.number() }),
  best_sessions: z.array(
    z.object({
      kind: z.enum(['consultation_type', 'event']),
      id: z.number(),
      title: z.string(),
      sessions: count,
      income: z.number(),
      average_rating: rating,
      reviews_count: count,
    }),
  ),
});

export type AnalyticsSummary = z.infer<typeof summarySchema>;
export type BestSession = AnalyticsSummary['best_sessions'][number];

export const analyticsApi = {
  summary: async (period: AnalyticsPeriod): Promise<AnalyticsSummary> => {
    const response = await apiFetch(`/api/analytics/summary/?${new URLSearchParams({ period })}`);
    return summarySchema.parse(await unwrap(response));
  },
};

export const analyticsQueries = {
  all: () => ['analytics'] as const,
  summary: (period: AnalyticsPeriod) => queryOptions({ queryKey: [...analyticsQueries.all(), 'summary', period] as const, queryFn: () => analyticsApi.summary(period) }),
};

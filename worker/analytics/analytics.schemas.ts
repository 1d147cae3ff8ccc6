import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';
import { limitParam } from '../lib/list-params.ts';

export const analyticsPeriods = ['week', 'month', 'quarter', 'year'] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

export const summaryQuery = z.object({
  period: z.enum(analyticsPeriods, { error: 'Период: week, month, quarter или year' }).default('month'),
});

/** GET /analytics/earnings/: a page of the payments list («Показать ещё» asks for the next one) */
export const EARNINGS_PAGE = 20;
export const EARNINGS_PAGE_MAX = 100;
/** `next_cursor` of the page before: the last payment's order key (µs) and id */
const EARNINGS_CURSOR = /^(\d{1,19})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export const earningsQuery = z.object({
  cursor: z
    .preprocess((v) => (v === '' ? undefined : v), z.string({ error: 'Некорректная страница' }).regex(EARNINGS_CURSOR, 'Некорректная страница').optional())
    .transform((v) => {
      const match = v === undefined ? null : EARNINGS_CURSOR.exec(v);
      return match ? { sortUs: match[1]!, paymentId: match[2]!.toLowerCase() } : undefined;
    }),
  limit: limitParam(EARNINGS_PAGE, EARNINGS_PAGE_MAX),
});

export const pageViewBody = z.object({
  mentor_id: idParam('Некорректный ментор'),
  event_id: idParam('Некорректное мероприятие').nullish(),
});

export type SummaryCards = {
  sessions_held: { value: number; previous: number };
  average_rating: { value: number | null; previous: number | null; overall: number | null; reviews_count: number; overall_reviews_count: number };
  income: { value: number; previous: number };
  conversion: { value: number | null; previous: number | null; views: number; conversions: number; bookings: number; registrations: number };
};

/** The answer of GET /analytics/summary/ (docs/decisions/009-analytics-and-mentees.md). */
export type AnalyticsSummary = {
  period: AnalyticsPeriod;
  time_zone: string;
  bucket: 'day' | 'week' | 'month';
  range: { start: string; end: string };
  previous_range: { start: string; end: string };
  cards: SummaryCards;
  sessions_over_time: { start: string; label: string; consultations: number; events: number; income: number }[];
  engagement: { new_mentees: number; returning_mentees: number; buckets: { start: string; label: string; new: number; returning: number }[] };
  revenue_by_type: { consultations: number; events: number };
  best_sessions: {
    kind: 'consultation_type' | 'event';
    id: number;
    title: string;
    sessions: number;
    income: number;
    average_rating: number | null;
    reviews_count: number;
  }[];
};

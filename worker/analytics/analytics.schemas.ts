import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';

export const analyticsPeriods = ['week', 'month', 'quarter', 'year'] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

export const summaryQuery = z.object({
  period: z.enum(analyticsPeriods, { error: 'Период: week, month, quarter или year' }).default('month'),
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

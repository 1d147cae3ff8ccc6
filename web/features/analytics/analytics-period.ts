/** The periods of the selector (spec 002 §2.9), in the order shown; `month` when the URL names none. */
export const ANALYTICS_PERIODS = ['week', 'month', 'quarter', 'year'] as const;

export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'month';

/** Spec 002 §2.9, verbatim. */
export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  week: 'За неделю',
  month: 'За месяц',
  quarter: 'За квартал',
  year: 'За год',
};

import { dayjs } from '../../lib/dayjs.ts';
import { formatDecimal } from '../../lib/format-decimal.ts';
import { formatPrice } from '../../lib/format-price.ts';
import type { AnalyticsSummary } from './analytics.api.ts';

const NBSP = '\u00A0';
const MINUS = '−';

/** Rubles like the rest of the product ('28 500 ₽'), but income of 0 is '0 ₽', not 'Бесплатно'. */
export function formatRubles(rubles: number): string {
  return rubles > 0 ? formatPrice(rubles) : `0${NBSP}₽`;
}

/** A ratio as percent: 0.125 → '12,5 %'. */
export function formatPercent(ratio: number): string {
  return `${formatDecimal(ratio * 100, 1)}${NBSP}%`;
}

function signed(value: number, text: string): string {
  if (value > 0) return `+${text}`;
  if (value < 0) return `${MINUS}${text}`;
  return text;
}

export type Trend = { text: string; direction: 'up' | 'down' | 'flat' };

const direction = (delta: number): Trend['direction'] => (delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat');

/** Change of a count or a sum against the previous period, in percent; nothing to compare with → null. */
export function relativeTrend(value: number, previous: number): Trend | null {
  if (previous <= 0) return null;
  const change = Math.round(((value - previous) / previous) * 100);
  return { text: `${signed(change, `${Math.abs(change)}${NBSP}%`)} к прошлому периоду`, direction: direction(change) };
}

/** Change of the rating, in stars. */
export function ratingTrend(value: number | null, previous: number | null): Trend | null {
  if (value == null || previous == null) return null;
  const change = Math.round((value - previous) * 100) / 100;
  return { text: `${signed(change, formatDecimal(Math.abs(change)))} к прошлому периоду`, direction: direction(change) };
}

/** Change of the conversion, in percentage points. */
export function pointsTrend(value: number | null, previous: number | null): Trend | null {
  if (value == null || previous == null) return null;
  const change = Math.round((value - previous) * 1000) / 10;
  return { text: `${signed(change, `${formatDecimal(Math.abs(change), 1)}${NBSP}п.п.`)} к прошлому периоду`, direction: direction(change) };
}

/** The axis label of a bucket ('yyyy-MM-dd', its first day in the mentor's zone). */
export function bucketAxisLabel(label: string, bucket: string): string {
  const day = dayjs(label);
  if (!day.isValid()) return label;
  return bucket === 'month' ? day.format('MMM') : day.format('D MMM');
}

/** The tooltip title of a bucket: 'Неделя с 3 ноября 2026', 'Ноябрь 2026', '24 октября 2026'. */
export function bucketTitle(label: string, bucket: string): string {
  const day = dayjs(label);
  if (!day.isValid()) return label;
  if (bucket === 'month') {
    const text = day.format('MMMM YYYY');
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  if (bucket === 'week') return `Неделя с ${day.format('D MMMM YYYY')}`;
  return day.format('D MMMM YYYY');
}

/** '24 октября – 23 ноября 2026' in the mentor's zone; `end` is exclusive. */
export function formatRange(range: AnalyticsSummary['range'], timeZone: string): string {
  const zone = (value: string) => {
    try {
      return dayjs(value).tz(timeZone);
    } catch {
      return dayjs(value);
    }
  };
  const start = zone(range.start);
  const last = zone(range.end).subtract(1, 'millisecond');
  if (!start.isValid() || !last.isValid()) return '';
  const sameYear = start.year() === last.year();
  return `${start.format(sameYear ? 'D MMMM' : 'D MMMM YYYY')} – ${last.format('D MMMM YYYY')}`;
}

/**
 * A new mentor: nothing held, earned, viewed or reviewed, now or in the period before.
 * (A quiet period after active ones still shows the screen, with zeros.)
 */
export function hasNoData(summary: AnalyticsSummary): boolean {
  const { cards } = summary;
  return (
    cards.sessions_held.value === 0 &&
    cards.sessions_held.previous === 0 &&
    cards.income.value === 0 &&
    cards.income.previous === 0 &&
    cards.conversion.views === 0 &&
    cards.conversion.conversions === 0 &&
    cards.average_rating.overall_reviews_count === 0 &&
    summary.engagement.new_mentees === 0 &&
    summary.engagement.returning_mentees === 0 &&
    summary.best_sessions.length === 0
  );
}

import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { AnalyticsSummary } from '../../web/features/analytics/analytics.api.ts';
import { AnalyticsScreen } from '../../web/features/analytics/analytics-screen.tsx';
import { formatPercent, formatRubles, relativeTrend } from '../../web/features/analytics/analytics-format.ts';
import type { AnalyticsPeriod } from '../../web/features/analytics/analytics-period.ts';
import { mockFetch } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';

const nbsp = (text: string) => text.replace(/\u00A0/g, ' ');

function summary(overrides: Partial<AnalyticsSummary> = {}): AnalyticsSummary {
  return {
    period: 'month',
    time_zone: 'Europe/Moscow',
    bucket: 'day',
    range: { start: '2026-10-23T21:00:00.000Z', end: '2026-11-23T21:00:00.000Z' },
    previous_range: { start: '2026-09-23T21:00:00.000Z', end: '2026-10-23T21:00:00.000Z' },
    cards: {
      sessions_held: { value: 12, previous: 9 },
      average_rating: { value: 4.7, previous: 4.5, overall: 4.8, reviews_count: 3, overall_reviews_count: 20 },
      income: { value: 28500, previous: 19000 },
      conversion: { value: 0.125, previous: 0.1, views: 80, conversions: 10, bookings: 8, registrations: 2 },
    },
    sessions_over_time: [
      { start: '2026-10-23T21:00:00.000Z', label: '2026-10-24', consultations: 2, events: 1, income: 3000 },
      { start: '2026-10-24T21:00:00.000Z', label: '2026-10-25', consultations: 0, events: 0, income: 0 },
    ],
    engagement: {
      new_mentees: 5,
      returning_mentees: 3,
      buckets: [
        { start: '2026-10-23T21:00:00.000Z', label: '2026-10-24', new: 1, returning: 0 },
        { start: '2026-10-24T21:00:00.000Z', label: '2026-10-25', new: 0, returning: 1 },
      ],
    },
    revenue_by_type: { consultations: 20000, events: 8500 },
    best_sessions: [
      { kind: 'consultation_type', id: 7, title: 'Разбор резюме', sessions: 6, income: 8550, average_rating: 4.5, reviews_count: 2 },
      { kind: 'event', id: 3, title: 'Мастер-класс', sessions: 1, income: 4750, average_rating: null, reviews_count: 0 },
    ],
    ...overrides,
  };
}

const emptySummary = (): AnalyticsSummary =>
  summary({
    cards: {
      sessions_held: { value: 0, previous: 0 },
      average_rating: { value: null, previous: null, overall: null, reviews_count: 0, overall_reviews_count: 0 },
      income: { value: 0, previous: 0 },
      conversion: { value: null, previous: null, views: 0, conversions: 0, bookings: 0, registrations: 0 },
    },
    sessions_over_time: [{ start: '2026-10-23T21:00:00.000Z', label: '2026-10-24', consultations: 0, events: 0, income: 0 }],
    engagement: { new_mentees: 0, returning_mentees: 0, buckets: [{ start: '2026-10-23T21:00:00.000Z', label: '2026-10-24', new: 0, returning: 0 }] },
    revenue_by_type: { consultations: 0, events: 0 },
    best_sessions: [],
  });

function Harness({ initial = 'month' }: { initial?: AnalyticsPeriod }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(initial);
  return <AnalyticsScreen period={period} onPeriodChange={setPeriod} />;
}

function renderScreen() {
  return renderWithRouter(<Harness />, { queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
}

const card = (name: string) => screen.getByRole('group', { name });
const cardValue = (name: string) => nbsp(within(card(name)).getByTestId('stat-value').textContent ?? '');

describe('analytics number formats', () => {
  it('writes rubles, percent and the change against the previous period in Russian', () => {
    expect(nbsp(formatRubles(28500))).toBe('28 500 ₽');
    expect(nbsp(formatRubles(0))).toBe('0 ₽');
    expect(nbsp(formatPercent(0.125))).toBe('12,5 %');
    expect(nbsp(relativeTrend(12, 9)!.text)).toBe('+33 % к прошлому периоду');
    expect(nbsp(relativeTrend(6, 12)!.text)).toBe('−50 % к прошлому периоду');
    expect(relativeTrend(3, 0)).toBeNull();
  });
});

describe('mentor analytics screen', () => {
  beforeEach(() => {
    // happy-dom lays nothing out, so every ResponsiveContainer measures 0×0 and recharts says so.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('of chart should be greater than 0')) return;
      warn(...args);
    });
  });

  it('asks for the month by default and shows the four cards formatted', async () => {
    const { calls } = mockFetch([{ path: /\/api\/analytics\/summary\/?\?period=month$/, body: summary() }]);
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Аналитика ментора' })).toBeTruthy();
    await screen.findByRole('group', { name: 'Проведено сессий' });

    expect(cardValue('Проведено сессий')).toBe('12');
    expect(nbsp(within(card('Проведено сессий')).getByText(/к прошлому периоду/).textContent!)).toBe('+33 % к прошлому периоду');
    expect(cardValue('Средний рейтинг')).toBe('4,7');
    expect(within(card('Средний рейтинг')).getByText('3 оценки за период · 4,8 за всё время')).toBeTruthy();
    expect(cardValue('Доход')).toBe('28 500 ₽');
    expect(within(card('Доход')).getByText('Вышло из удержания, после комиссии')).toBeTruthy();
    expect(cardValue('Записи и просмотры')).toBe('10 записей');
    expect(within(card('Записи и просмотры')).getByText('80 просмотров ваших страниц')).toBeTruthy();

    expect(screen.getByRole('button', { name: 'За месяц' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.map((call) => call.url)).toEqual([expect.stringMatching(/^\/api\/analytics\/summary\/?\?period=month$/)]);

    const best = screen.getByRole('table');
    const rows = within(best).getAllByRole('row');
    expect(within(rows[1]!).getByText('Разбор резюме')).toBeTruthy();
    expect(nbsp(within(rows[1]!).getByText(/8\s550/).textContent!)).toBe('8 550 ₽');
    expect(within(rows[2]!).getByText('Мастер-класс')).toBeTruthy();

    // the charts arrive from their own chunk
    expect(await screen.findByText('Обзор сессий')).toBeTruthy();
    expect(screen.getByText('Вовлечённость учеников')).toBeTruthy();
    expect(screen.getByText('Анализ доходов')).toBeTruthy();
    expect(nbsp(screen.getByText(/после комиссии платформы$/).textContent!)).toBe('28 500 ₽ после комиссии платформы');
  });

  it('shows bookings and page views as two counts, never a rate above 100 % (issue 35)', async () => {
    const cards = summary().cards;
    mockFetch([
      {
        path: /\/api\/analytics\/summary\/?\?period=month$/,
        body: summary({ cards: { ...cards, conversion: { value: 1.8, previous: 0.5, views: 15, conversions: 27, bookings: 20, registrations: 7 } } }),
      },
    ]);
    renderScreen();
    await screen.findByRole('group', { name: 'Записи и просмотры' });
    expect(cardValue('Записи и просмотры')).toBe('27 записей');
    expect(within(card('Записи и просмотры')).getByText('15 просмотров ваших страниц')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Конверсия' })).toBeNull();
    expect(screen.queryByText(/180/)).toBeNull();
  });

  it('switching the period asks the server for that period', async () => {
    const { calls } = mockFetch([
      { path: /period=month$/, body: summary() },
      { path: /period=year$/, body: summary({ period: 'year', bucket: 'month', cards: { ...summary().cards, sessions_held: { value: 140, previous: 0 } } }) },
      { path: /period=week$/, body: summary({ period: 'week' }) },
    ]);
    renderScreen();
    await screen.findByRole('group', { name: 'Проведено сессий' });

    fireEvent.click(screen.getByRole('button', { name: 'За год' }));
    await waitFor(() => expect(cardValue('Проведено сессий')).toBe('140'));
    expect(screen.getByRole('button', { name: 'За год' }).getAttribute('aria-pressed')).toBe('true');
    // no previous numbers to compare with: no trend line
    expect(within(card('Проведено сессий')).queryByText(/к прошлому периоду/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'За неделю' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('?period=week'))).toBe(true));
    expect(calls.map((call) => call.url.replace(/^.*\?/, ''))).toEqual(['period=month', 'period=year', 'period=week']);
  });

  it('shows the empty state to a new mentor', async () => {
    mockFetch([{ path: /\/api\/analytics\/summary\b/, body: emptySummary() }]);
    renderScreen();
    expect(await screen.findByText('Пока нет данных для аналитики')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти в редактор сессий' }).getAttribute('href')).toBe('/CreateEntityPage');
    expect(screen.queryByRole('group', { name: 'Доход' })).toBeNull();
  });

  it('shows skeletons while loading, then an error with a retry that loads again', async () => {
    let fail = true;
    mockFetch([
      {
        path: /\/api\/analytics\/summary\b/,
        get status() {
          return fail ? 500 : 200;
        },
        get body() {
          return fail ? { detail: 'Внутренняя ошибка сервера', code: 'internal' } : summary();
        },
      } as never,
    ]);
    renderScreen();
    expect(await screen.findByRole('status', { name: 'Загрузка' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить аналитику')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await screen.findByRole('group', { name: 'Проведено сессий' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

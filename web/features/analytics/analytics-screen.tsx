import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BarChart3, CalendarCheck, MousePointerClick, Star, TrendingDown, TrendingUp, Wallet } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { countRu } from '../../lib/plural.ts';
import { analyticsQueries, type AnalyticsSummary } from './analytics.api.ts';
import { formatRating } from '../../lib/format-decimal.ts';
import { formatRange, formatRubles, hasNoData, ratingTrend, relativeTrend, type Trend } from './analytics-format.ts';
import { ANALYTICS_PERIODS, PERIOD_LABELS, type AnalyticsPeriod } from './analytics-period.ts';
import { BestSessions } from './best-sessions.tsx';

// recharts is heavy: the charts live in their own chunk, out of the route's and the initial bundle.
const loadCharts = () => import('./analytics-charts.tsx');
const AnalyticsCharts = lazy(loadCharts);

export const ANALYTICS_LOAD_ERROR = 'Не удалось загрузить аналитику';

type AnalyticsScreenProps = {
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
  /** The mentor's money (held, due, paid out) whatever the period: the route puts it in. */
  earnings?: ReactNode;
};

/** /Statistics, «Аналитика ментора» (spec 002 §2.9) over GET /api/analytics/summary/ (decision 009). */
export function AnalyticsScreen({ period, onPeriodChange, earnings }: AnalyticsScreenProps) {
  // The previous period's numbers stay on screen (dimmed) while the next period loads.
  const query = useQuery({ ...analyticsQueries.summary(period), placeholderData: keepPreviousData });
  const summary = query.data;
  const switching = query.isPlaceholderData;
  // Fetch the chart chunk alongside the data instead of after it.
  useEffect(() => {
    void loadCharts().catch(() => {});
  }, []);

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:py-8 lg:px-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Аналитика ментора</h1>
          <p className="flex min-h-5 items-center gap-2 text-sm text-muted-foreground">
            {summary && !switching ? formatRange(summary.range, summary.time_zone) : null}
            {query.isFetching && summary ? <Spinner className="size-4" label="Обновление" /> : null}
          </p>
        </div>
        <PeriodSelector value={period} onChange={onPeriodChange} />
      </header>

      {query.isPending ? (
        <AnalyticsSkeleton />
      ) : query.isError && !summary ? (
        <LoadErrorAlert onRetry={() => void query.refetch()}>{errorText(query.error)}</LoadErrorAlert>
      ) : summary ? (
        <div aria-busy={switching} className={cn('flex flex-col gap-6 transition-opacity', switching && 'opacity-60')}>
          {query.isError ? <LoadErrorAlert onRetry={() => void query.refetch()}>{errorText(query.error)}</LoadErrorAlert> : null}
          {hasNoData(summary) ? (
            <NoAnalyticsYet />
          ) : (
            <>
              <SummaryCards summary={summary} />
              <Suspense fallback={<ChartsSkeleton />}>
                <AnalyticsCharts summary={summary} />
              </Suspense>
              <BestSessions items={summary.best_sessions} />
            </>
          )}
        </div>
      ) : null}
      {earnings}
    </section>
  );
}

function errorText(error: unknown): string {
  // A signed-in user without the mentor role is refused by the server (decision 009: 403).
  if (error instanceof ApiError && error.status === 403) return 'Аналитика доступна только наставникам';
  return ANALYTICS_LOAD_ERROR;
}

function PeriodSelector({ value, onChange }: { value: AnalyticsPeriod; onChange: (period: AnalyticsPeriod) => void }) {
  return (
    <div role="group" aria-label="Период" className="grid grid-cols-4 gap-1 rounded-xl bg-muted p-1 md:inline-grid">
      {ANALYTICS_PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={period === value}
          onClick={() => onChange(period)}
          className={cn(
            'h-9 rounded-lg px-2 text-xs font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring sm:px-3 sm:text-sm',
            period === value && 'bg-card text-foreground shadow-sm',
          )}
        >
          {PERIOD_LABELS[period]}
        </button>
      ))}
    </div>
  );
}

type StatCardProps = { title: string; icon: ReactNode; value: string; hint?: string; trend: Trend | null };

function StatCard({ title, icon, value, hint, trend }: StatCardProps) {
  return (
    <Card role="group" aria-label={title} className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-2 p-3 pb-2 sm:p-5 sm:pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span aria-hidden className="hidden size-8 shrink-0 place-content-center rounded-lg bg-primary/10 text-primary min-[420px]:grid [&_svg]:size-4">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 p-3 pt-0 sm:p-5 sm:pt-0">
        <p data-testid="stat-value" className="text-xl font-semibold tracking-tight whitespace-nowrap tabular-nums sm:text-2xl">
          {value}
        </p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
        {trend ? (
          <p
            className={cn(
              'flex items-center gap-1 text-xs font-medium',
              trend.direction === 'up' && 'text-success',
              trend.direction === 'down' && 'text-destructive',
              trend.direction === 'flat' && 'text-muted-foreground',
            )}
          >
            {trend.direction === 'down' ? <TrendingDown aria-hidden className="size-3.5" /> : trend.direction === 'up' ? <TrendingUp aria-hidden className="size-3.5" /> : null}
            {trend.text}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SummaryCards({ summary }: { summary: AnalyticsSummary }) {
  const { sessions_held, average_rating, income, conversion } = summary.cards;
  const reviewsHint =
    average_rating.value == null
      ? average_rating.overall == null
        ? 'Оценок пока нет'
        : `За период оценок нет · ${formatRating(average_rating.overall)} за всё время`
      : `${countRu(average_rating.reviews_count, ['оценка', 'оценки', 'оценок'])} за период` +
        (average_rating.overall == null ? '' : ` · ${formatRating(average_rating.overall)} за всё время`);
  // Two counts, no rate (issue 35): a booking often comes without a recorded view (a link in a chat), so
  // «записи / просмотры» can pass 100 %, which tells a person nothing.
  const conversionHint =
    conversion.views === 0
      ? 'Просмотров страниц за период не было'
      : `${countRu(conversion.views, ['просмотр', 'просмотра', 'просмотров'])} ваших страниц`;

  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard title="Проведено сессий" icon={<CalendarCheck />} value={String(sessions_held.value)} trend={relativeTrend(sessions_held.value, sessions_held.previous)} />
      <StatCard
        title="Средний рейтинг"
        icon={<Star />}
        value={average_rating.value == null ? '—' : formatRating(average_rating.value)}
        hint={reviewsHint}
        trend={ratingTrend(average_rating.value, average_rating.previous)}
      />
      <StatCard title="Доход" icon={<Wallet />} value={formatRubles(income.value)} hint="Вышло из удержания, после комиссии" trend={relativeTrend(income.value, income.previous)} />
      <StatCard
        title="Записи и просмотры"
        icon={<MousePointerClick />}
        value={countRu(conversion.conversions, ['запись', 'записи', 'записей'])}
        hint={conversionHint}
        trend={null}
      />
    </div>
  );
}

function NoAnalyticsYet() {
  return (
    <EmptyState
      icon={<BarChart3 />}
      title="Пока нет данных для аналитики"
      description="Здесь появятся проведённые сессии, доход, рейтинг и конверсия, когда ученики начнут записываться к вам на консультации и мероприятия."
      action={
        <Button asChild>
          <Link to="/CreateEntityPage">Перейти в редактор сессий</Link>
        </Button>
      }
      className="py-12"
    />
  );
}

export function ChartsSkeleton() {
  return (
    <div role="status" aria-label="Загрузка графиков" className="grid gap-4 lg:grid-cols-2">
      <Skeleton className="h-[21rem] rounded-2xl lg:col-span-2" />
      <Skeleton className="h-[21rem] rounded-2xl" />
      <Skeleton className="h-[21rem] rounded-2xl" />
    </div>
  );
}

function AnalyticsSkeleton() {
  return (
    <div role="status" aria-label="Загрузка" className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-32 rounded-2xl" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-[21rem] rounded-2xl lg:col-span-2" />
        <Skeleton className="h-[21rem] rounded-2xl" />
        <Skeleton className="h-[21rem] rounded-2xl" />
      </div>
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}

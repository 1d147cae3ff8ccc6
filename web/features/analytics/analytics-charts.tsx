// The recharts part of /Statistics. The screen loads this module with React.lazy, so recharts (and d3
// under it) stays out of the route chunk and out of the initial bundle.
import type { ReactNode } from 'react';
// Bar charts only: each further chart type (Area, Pie, …) adds its own recharts module to this chunk.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Payload } from 'recharts/types/component/DefaultTooltipContent';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { countRu } from '../../lib/plural.ts';
import type { AnalyticsSummary } from './analytics.api.ts';
import { bucketAxisLabel, bucketTitle, formatPercent, formatRubles } from './analytics-format.ts';

/** Spec 002 §9: "Chart resize debounce 300 ms". */
export const CHART_RESIZE_DEBOUNCE_MS = 300;

const CHART_HEIGHT = 260;

const COLORS = {
  consultations: 'var(--primary)',
  events: 'oklch(0.74 0.13 320)',
  new: 'var(--primary)',
  returning: 'var(--success)',
  income: 'var(--primary)',
} as const;

const LABELS = {
  consultations: 'Консультации',
  events: 'Мероприятия',
  new: 'Новые',
  returning: 'Вернувшиеся',
  income: 'Доход',
} as const;

type SeriesKey = keyof typeof LABELS;

const axisTick = { fontSize: 12, fill: 'var(--muted-foreground)' };
const tooltipStyle = {
  contentStyle: { borderRadius: 12, border: '1px solid var(--border)', background: 'var(--popover)', color: 'var(--popover-foreground)', fontSize: 13 },
  labelStyle: { fontWeight: 600, marginBottom: 4 },
  cursor: { fill: 'var(--muted)' },
};

/** The tooltip title is the bucket's full date, carried in the data point. */
const titleOf = (_label: ReactNode, payload: ReadonlyArray<Payload>) => (payload[0]?.payload as { title?: string } | undefined)?.title ?? '';

const seriesName = (name: unknown) => LABELS[name as SeriesKey] ?? String(name);
const legendFormatter = (value: unknown) => <span className="text-sm text-foreground">{seriesName(value)}</span>;

type AnalyticsChartsProps = { summary: AnalyticsSummary };

export default function AnalyticsCharts({ summary }: AnalyticsChartsProps) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SessionsOverview summary={summary} />
      <StudentEngagement summary={summary} />
      <RevenueAnalysis summary={summary} />
    </div>
  );
}

function ChartCard({ title, description, className, children }: { title: string; description?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <Card className={className}>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="text-base sm:text-lg">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="px-2 pb-4 sm:px-6 sm:pb-6">{children}</CardContent>
    </Card>
  );
}

function NoChartData({ children }: { children: string }) {
  return (
    <p className="grid place-content-center rounded-xl border border-dashed px-4 text-center text-sm text-muted-foreground" style={{ height: CHART_HEIGHT }}>
      {children}
    </p>
  );
}

/** A chart is a picture to a screen reader: the figure carries the same numbers in words. */
function ChartFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure role="img" aria-label={label} className="m-0 w-full min-w-0" style={{ height: CHART_HEIGHT }}>
      <ResponsiveContainer width="100%" height="100%" debounce={CHART_RESIZE_DEBOUNCE_MS}>
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

function SessionsOverview({ summary }: AnalyticsChartsProps) {
  const data = summary.sessions_over_time.map((item) => ({
    axis: bucketAxisLabel(item.label, summary.bucket),
    title: bucketTitle(item.label, summary.bucket),
    consultations: item.consultations,
    events: item.events,
  }));
  const consultations = data.reduce((sum, item) => sum + item.consultations, 0);
  const events = data.reduce((sum, item) => sum + item.events, 0);
  const description = `${countRu(consultations, ['консультация', 'консультации', 'консультаций'])} и ${countRu(events, ['мероприятие', 'мероприятия', 'мероприятий'])} за период`;

  return (
    <ChartCard title="Обзор сессий" description={description} className="lg:col-span-2">
      {consultations + events === 0 ? (
        <NoChartData>За этот период проведённых сессий нет</NoChartData>
      ) : (
        <ChartFigure label={`Проведённые сессии по времени: ${description}`}>
          {stackedCounts(data, ['consultations', 'events'], 36)}
        </ChartFigure>
      )}
    </ChartCard>
  );
}

/** Counts per bucket as stacked bars, one series per key (its colour and legend name from COLORS and seriesName). */
function stackedCounts<Key extends keyof typeof COLORS>(data: Array<{ axis: string; title: string } & Record<Key, number>>, keys: Key[], maxBarSize: number) {
  return (
    <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
      <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--border)" />
      <XAxis dataKey="axis" tick={axisTick} tickLine={false} axisLine={false} minTickGap={12} />
      <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={40} />
      <Tooltip {...tooltipStyle} labelFormatter={titleOf} formatter={(value, name) => [value, seriesName(name)]} />
      <Legend formatter={legendFormatter} iconType="circle" />
      {keys.map((key) => (
        <Bar key={key} dataKey={key} stackId="counts" fill={COLORS[key]} maxBarSize={maxBarSize} />
      ))}
    </BarChart>
  );
}

function StudentEngagement({ summary }: AnalyticsChartsProps) {
  const { engagement } = summary;
  const data = engagement.buckets.map((item) => ({
    axis: bucketAxisLabel(item.label, summary.bucket),
    title: bucketTitle(item.label, summary.bucket),
    new: item.new,
    returning: item.returning,
  }));
  const total = engagement.new_mentees + engagement.returning_mentees;
  const newText = `новых — ${engagement.new_mentees}`;
  const returningText = `вернувшихся — ${engagement.returning_mentees}`;

  return (
    <ChartCard title="Вовлечённость учеников" description={`${countRu(total, ['ученик', 'ученика', 'учеников'])}: ${newText}, ${returningText}`}>
      {total === 0 && data.every((item) => item.new + item.returning === 0) ? (
        <NoChartData>За этот период учеников не было</NoChartData>
      ) : (
        <ChartFigure label={`Новые и вернувшиеся ученики: ${newText}, ${returningText}`}>
          {stackedCounts(data, ['new', 'returning'], 28)}
        </ChartFigure>
      )}
    </ChartCard>
  );
}

function RevenueAnalysis({ summary }: AnalyticsChartsProps) {
  const { consultations, events } = summary.revenue_by_type;
  const total = consultations + events;
  const slices = [
    { key: 'consultations' as const, value: consultations },
    { key: 'events' as const, value: events },
  ];
  const income = summary.sessions_over_time.map((item) => ({
    axis: bucketAxisLabel(item.label, summary.bucket),
    title: bucketTitle(item.label, summary.bucket),
    income: item.income,
  }));
  const share = (value: number) => (total > 0 ? formatPercent(value / total) : '');

  return (
    <ChartCard title="Анализ доходов" description={`${formatRubles(total)} после комиссии платформы`}>
      {total === 0 ? (
        <NoChartData>За этот период дохода не было</NoChartData>
      ) : (
        <div className="flex flex-col gap-4">
          {/* One stacked bar: the share of each type in the income. */}
          <figure role="img" aria-label={`Доход по типам: консультации ${formatRubles(consultations)}, мероприятия ${formatRubles(events)}`} className="m-0 h-12 w-full min-w-0">
            <ResponsiveContainer width="100%" height="100%" debounce={CHART_RESIZE_DEBOUNCE_MS}>
              <BarChart data={[{ name: 'income', consultations, events }]} layout="vertical" margin={{ top: 0, right: 0, bottom: 0, left: 0 }} barSize={28}>
                <XAxis type="number" hide domain={[0, total]} />
                <YAxis type="category" dataKey="name" hide />
                <Tooltip {...tooltipStyle} labelFormatter={() => 'Доход по типам'} formatter={(value, name) => [formatRubles(Number(value)), seriesName(name)]} />
                <Bar dataKey="consultations" stackId="revenue" fill={COLORS.consultations} radius={events > 0 ? [8, 0, 0, 8] : 8} />
                <Bar dataKey="events" stackId="revenue" fill={COLORS.events} radius={consultations > 0 ? [0, 8, 8, 0] : 8} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <dl className="grid gap-2 text-sm">
            {slices.map((slice) => (
              <div key={slice.key} className="flex items-center gap-2">
                <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ background: COLORS[slice.key] }} />
                <dt className="text-muted-foreground">{LABELS[slice.key]}</dt>
                <dd className="ml-auto text-right font-semibold tabular-nums">
                  {formatRubles(slice.value)}
                  <span className="ml-2 inline-block min-w-14 font-normal text-muted-foreground">{share(slice.value)}</span>
                </dd>
              </div>
            ))}
          </dl>
          <figure role="img" aria-label={`Доход по времени, всего ${formatRubles(total)}`} className="m-0 h-36 w-full min-w-0">
            <ResponsiveContainer width="100%" height="100%" debounce={CHART_RESIZE_DEBOUNCE_MS}>
              <BarChart data={income} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
                <XAxis dataKey="axis" tick={axisTick} tickLine={false} axisLine={false} minTickGap={12} />
                <YAxis hide />
                <Tooltip {...tooltipStyle} labelFormatter={titleOf} formatter={(value, name) => [formatRubles(Number(value)), seriesName(name)]} />
                <Bar dataKey="income" fill={COLORS.income} fillOpacity={0.8} radius={[4, 4, 0, 0]} maxBarSize={24} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
        </div>
      )}
    </ChartCard>
  );
}

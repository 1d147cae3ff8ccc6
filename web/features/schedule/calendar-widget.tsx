import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { pluralRu } from '../../lib/plural.ts';
import { durationText, monthGrid, monthTitle, shiftMonth, shortTitle, WEEKDAY_LABELS, type ScheduleItem } from './schedule-items.ts';

type CalendarWidgetProps = {
  /** 'YYYY-MM' shown. */
  month: string;
  onMonthChange: (month: string) => void;
  /** 'YYYY-MM-DD' chosen. */
  selectedDay: string;
  onSelectDay: (day: string) => void;
  /** 'YYYY-MM-DD' of today in the viewer's zone. */
  today: string;
  /** The sessions by day in the viewer's zone (cancelled ones left out). */
  byDay: Map<string, ScheduleItem[]>;
  timeZone: string;
  /** The month is still loading (outside the page's window). */
  loading?: boolean;
  onOpenItem: (item: ScheduleItem) => void;
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The month calendar of spec 002 §2.3: Monday first, a dot on days with sessions, and the chosen day's list. */
export function CalendarWidget({ month, onMonthChange, selectedDay, onSelectDay, today, byDay, timeZone, loading = false, onOpenItem }: CalendarWidgetProps) {
  const weeks = monthGrid(month);
  const dayItems = byDay.get(selectedDay) ?? [];
  const selected = dayjs.utc(selectedDay);
  const selectedLabel = selected.format(selectedDay.slice(0, 4) === today.slice(0, 4) ? 'D MMMM' : 'D MMMM YYYY');

  return (
    <section aria-label="Календарь" className="flex min-w-0 flex-col gap-5 rounded-2xl border bg-card p-4 shadow-xs sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="icon" aria-label="Предыдущий месяц" onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <ChevronLeft />
        </Button>
        <h2 className="flex items-center gap-2 text-base font-semibold" aria-live="polite">
          {monthTitle(month)}
          {loading ? <Spinner className="size-4" label="Загрузка месяца" /> : null}
        </h2>
        <Button variant="ghost" size="icon" aria-label="Следующий месяц" onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <ChevronRight />
        </Button>
      </div>

      <table aria-label={monthTitle(month)} className="w-full table-fixed border-collapse text-center">
        <thead>
          <tr>
            {WEEKDAY_LABELS.map((label) => (
              <th key={label} scope="col" className="pb-2 text-xs font-medium text-muted-foreground">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.day}>
              {week.map(({ day, inMonth }) => {
                const count = byDay.get(day)?.length ?? 0;
                const isSelected = day === selectedDay;
                const isToday = day === today;
                const date = dayjs.utc(day);
                return (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      aria-pressed={isSelected}
                      aria-current={isToday ? 'date' : undefined}
                      aria-label={`${capitalize(date.format('dddd, D MMMM'))}${count ? `, ${count} ${pluralRu(count, ['событие', 'события', 'событий'])}` : ''}`}
                      onClick={() => {
                        onSelectDay(day);
                        if (!inMonth) onMonthChange(day.slice(0, 7));
                      }}
                      className={cn(
                        'relative mx-auto flex aspect-square w-full max-w-10 flex-col items-center justify-center rounded-full text-sm tabular-nums transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                        !inMonth && 'text-muted-foreground/50',
                        isToday && !isSelected && 'font-semibold text-primary ring-1 ring-primary/50',
                        isSelected && 'bg-primary font-semibold text-primary-foreground hover:bg-primary/90',
                      )}
                    >
                      {date.date()}
                      {count ? (
                        <span
                          data-testid="day-dot"
                          aria-hidden
                          className={cn('absolute bottom-1 size-1.5 rounded-full', isSelected ? 'bg-primary-foreground' : 'bg-primary')}
                        />
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <div className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold">События на {selectedLabel}</h3>
        {dayItems.length === 0 ? (
          <p className="rounded-xl border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">Нет мероприятий на выбранную дату</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {dayItems.map((item) => {
              const start = dayjs(item.start).tz(timeZone);
              return (
                <li key={item.key}>
                  <button
                    type="button"
                    onClick={() => onOpenItem(item)}
                    title={item.title}
                    className="flex w-full min-w-0 items-center gap-3 rounded-xl border p-2.5 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="flex w-10 shrink-0 flex-col items-center rounded-lg bg-primary/10 py-1 text-primary">
                      <span className="text-base leading-none font-semibold tabular-nums">{start.format('D')}</span>
                      <span className="text-[11px] uppercase">{start.format('dd')}</span>
                    </span>
                    <span className="flex min-w-0 flex-col">
                      <span className="text-sm font-medium break-words">{shortTitle(item.title)}</span>
                      <span className="text-xs text-muted-foreground">
                        {start.format('HH:mm')} · {durationText(item.durationMinutes)}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

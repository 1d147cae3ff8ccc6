import { CalendarX2, Clock } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import type { AvailableSlot } from './booking.api.ts';
import { dayCellParts, formatTimeRange, slotMinutes, type DayKey } from './booking-calendar.ts';
import { WeekStrip } from './week-strip.tsx';

type BookingStepSlotsProps = {
  loading: boolean;
  /** The slots failed to load: shown as no slots (spec 000 §8), with a way to ask again. */
  failed: boolean;
  onRetry: () => void;
  slotsByDay: ReadonlyMap<DayKey, AvailableSlot[]>;
  timeZone: string;
  today: DayKey;
  monday: DayKey;
  onMondayChange: (monday: DayKey) => void;
  minMonday: DayKey;
  maxMonday: DayKey;
  selectedDay: DayKey | null;
  onSelectDay: (day: DayKey) => void;
  selectedSlotId: number | null;
  onSelectSlot: (slot: AvailableSlot) => void;
};

/** Step 1 of the booking dialog: a day in the week strip, then a time on that day. */
export function BookingStepSlots(props: BookingStepSlotsProps) {
  const { loading, failed, onRetry, slotsByDay, timeZone, today, selectedDay, selectedSlotId, onSelectSlot } = props;

  if (loading) {
    return (
      <div role="status" aria-label="Загружаем свободное время" className="grid gap-4">
        <div className="flex items-center justify-between gap-2">
          <Skeleton className="size-9" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="size-9" />
        </div>
        <div className="grid grid-cols-7 gap-1 sm:gap-2">
          {Array.from({ length: 7 }, (_, index) => (
            <Skeleton key={index} className="h-[4.5rem] rounded-xl" />
          ))}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-16 rounded-xl" />
          ))}
        </div>
      </div>
    );
  }

  const counts = new Map([...slotsByDay].map(([day, slots]) => [day, slots.length]));
  const daySlots = selectedDay ? (slotsByDay.get(selectedDay) ?? []) : [];

  return (
    <div className="grid gap-5">
      <WeekStrip
        monday={props.monday}
        onMondayChange={props.onMondayChange}
        minMonday={props.minMonday}
        maxMonday={props.maxMonday}
        counts={counts}
        selectedDay={selectedDay}
        onSelectDay={props.onSelectDay}
        today={today}
      />

      {slotsByDay.size === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-8 text-center">
          <CalendarX2 aria-hidden className="size-6 text-muted-foreground" />
          <p className="text-sm font-medium">{failed ? 'Не удалось загрузить свободное время' : 'Свободного времени пока нет'}</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            {failed ? 'Проверьте соединение и попробуйте ещё раз.' : 'Наставник ещё не открыл запись на эту консультацию. Загляните позже или напишите ему.'}
          </p>
          {failed ? (
            <Button variant="outline" size="sm" className="mt-1" onClick={onRetry}>
              Повторить
            </Button>
          ) : null}
        </div>
      ) : selectedDay && daySlots.length > 0 ? (
        <section aria-label="Свободное время" className="grid gap-3">
          <h3 className="text-sm font-medium first-letter:uppercase">{dayCellParts(selectedDay).long}</h3>
          <div role="radiogroup" aria-label="Время" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {daySlots.map((slot) => {
              const checked = slot.id === selectedSlotId;
              return (
                <button
                  key={slot.id}
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  onClick={() => onSelectSlot(slot)}
                  className={cn(
                    'flex flex-col items-start gap-0.5 rounded-xl border bg-card px-3 py-2.5 text-left transition-colors outline-none hover:border-primary/50 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                    checked && 'border-primary bg-primary/10 ring-1 ring-primary hover:bg-primary/10',
                  )}
                >
                  <span className="font-semibold tabular-nums">{formatTimeRange(slot, timeZone)}</span>
                  <span className="flex items-center gap-1 text-xs text-muted-foreground">
                    <Clock aria-hidden className="size-3.5" />
                    {slotMinutes(slot)} мин
                  </span>
                </button>
              );
            })}
          </div>
        </section>
      ) : (
        <p className="rounded-xl bg-muted/60 px-4 py-6 text-center text-sm text-muted-foreground">Выберите день со свободным временем</p>
      )}

      <p className="text-xs text-muted-foreground">Время указано по вашему часовому поясу ({timeZone})</p>
    </div>
  );
}

import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { addWeeks, dayCellParts, formatWeekRange, optionsLabel, weekDays, type DayKey } from './booking-calendar.ts';

/** A horizontal move longer than this (px) turns the week on release. */
const SWIPE_THRESHOLD = 48;
/** Below this the pointer is still a tap on a day, not a drag. */
const DRAG_SLOP = 8;

type WeekStripProps = {
  /** Monday of the week on show. */
  monday: DayKey;
  onMondayChange: (monday: DayKey) => void;
  /** The earliest and latest Mondays one may go to. */
  minMonday: DayKey;
  maxMonday: DayKey;
  /** Free slots per day. */
  counts: ReadonlyMap<DayKey, number>;
  selectedDay: DayKey | null;
  onSelectDay: (day: DayKey) => void;
  today: DayKey;
};

/**
 * The swipeable week calendar of booking step 1 (spec 000 §2): the previous, current and next weeks sit
 * side by side and a swipe (touch or mouse, through pointer events) or the arrow buttons move one week.
 * Each day says how many free times it has ('3 окна').
 */
export function WeekStrip({ monday, onMondayChange, minMonday, maxMonday, counts, selectedDay, onSelectDay, today }: WeekStripProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; x: number; dragging: boolean } | null>(null);
  const suppressClick = useRef(false);
  const settling = useRef(false);
  const [offset, setOffset] = useState(0);
  const [animate, setAnimate] = useState(false);

  const canPrev = monday > minMonday;
  const canNext = monday < maxMonday;

  // After a week change the track is re-laid out around the new week; it starts where the old one was
  // (offset = ±width) and slides to 0 on the next frame.
  useEffect(() => {
    if (!settling.current) return;
    settling.current = false;
    const frame = requestAnimationFrame(() => {
      setAnimate(true);
      setOffset(0);
    });
    return () => cancelAnimationFrame(frame);
  }, [monday]);

  const go = (direction: -1 | 1, fromOffset = 0) => {
    if (direction < 0 ? !canPrev : !canNext) {
      setAnimate(true);
      setOffset(0);
      return;
    }
    const width = viewport.current?.getBoundingClientRect().width ?? 0;
    onMondayChange(addWeeks(monday, direction));
    setAnimate(false);
    setOffset(width ? fromOffset + direction * width : 0);
    settling.current = width > 0;
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, x: event.clientX, dragging: false };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.x;
    if (!current.dragging) {
      if (Math.abs(dx) < DRAG_SLOP) return;
      current.dragging = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    // Resistance at the ends: there is no week to go to.
    const blocked = (dx > 0 && !canPrev) || (dx < 0 && !canNext);
    setAnimate(false);
    setOffset(blocked ? dx / 4 : dx);
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!current.dragging) return;
    suppressClick.current = true;
    const dx = event.clientX - current.x;
    if (dx <= -SWIPE_THRESHOLD) go(1, dx);
    else if (dx >= SWIPE_THRESHOLD) go(-1, dx);
    else {
      setAnimate(true);
      setOffset(0);
    }
  };

  const weeks = [addWeeks(monday, -1), monday, addWeeks(monday, 1)];

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="icon" className="size-9" aria-label="Предыдущая неделя" disabled={!canPrev} onClick={() => go(-1)}>
          <ChevronLeft />
        </Button>
        <p aria-live="polite" className="text-center text-sm font-medium first-letter:uppercase">
          {formatWeekRange(monday)}
        </p>
        <Button variant="outline" size="icon" className="size-9" aria-label="Следующая неделя" disabled={!canNext} onClick={() => go(1)}>
          <ChevronRight />
        </Button>
      </div>
      <div
        ref={viewport}
        data-testid="week-strip"
        className="touch-pan-y overflow-hidden select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(event) => {
          // The click that ends a drag must not select the day under the pointer.
          if (suppressClick.current) {
            suppressClick.current = false;
            event.stopPropagation();
            event.preventDefault();
          }
        }}
      >
        <div
          className={cn('flex', animate && 'transition-transform duration-300 ease-out')}
          style={{ transform: `translateX(calc(-100% / 3 + ${offset}px))`, width: '300%' }}
          onTransitionEnd={() => setAnimate(false)}
        >
          {weeks.map((week) => (
            <div key={week} className="grid w-1/3 shrink-0 grid-cols-7 gap-1 sm:gap-2" aria-hidden={week !== monday} inert={week !== monday}>
              {weekDays(week).map((day) => (
                <DayCell key={day} day={day} count={counts.get(day) ?? 0} past={day < today} selected={day === selectedDay} onSelect={() => onSelectDay(day)} />
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function DayCell({ day, count, past, selected, onSelect }: { day: DayKey; count: number; past: boolean; selected: boolean; onSelect: () => void }) {
  const { weekday, day: date, long } = dayCellParts(day);
  const available = count > 0 && !past;
  return (
    <button
      type="button"
      data-day={day}
      aria-pressed={selected}
      aria-label={`${long}: ${available ? optionsLabel(count) : 'нет свободного времени'}`}
      disabled={!available}
      onClick={onSelect}
      className={cn(
        'flex min-w-0 flex-col items-center gap-0.5 rounded-xl border px-0.5 py-2 text-center transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
        available ? 'bg-card hover:border-primary/50 hover:bg-accent' : 'border-transparent bg-muted/50 text-muted-foreground',
        selected && 'border-primary bg-primary text-primary-foreground hover:border-primary hover:bg-primary/90',
      )}
    >
      <span className={cn('text-xs uppercase', selected ? 'text-primary-foreground/80' : 'text-muted-foreground')}>{weekday}</span>
      <span className="text-base font-semibold tabular-nums sm:text-lg">{date}</span>
      <span className={cn('text-[11px] leading-tight', selected ? 'text-primary-foreground/90' : available ? 'text-primary' : 'opacity-70')}>
        {available ? optionsLabel(count) : '—'}
      </span>
    </button>
  );
}

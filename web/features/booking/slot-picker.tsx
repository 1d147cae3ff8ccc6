import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session/use-session.ts';
import type { AvailableSlot } from './booking.api.ts';
import { bookingQueries } from './booking.queries.ts';
import { addDays, groupByDay, mondayOf, SLOT_RANGE_DAYS, todayKey, viewerTimeZone, type DayKey } from './booking-calendar.ts';
import { BookingStepSlots } from './booking-step-slots.tsx';
import { useMinimumPending } from './use-minimum-pending.ts';

/** spec 000 §9, as the booking dialog's SLOTS_MIN_LOADER_MS (not imported: that would pull the whole dialog in) */
const SLOTS_MIN_LOADER_MS = 500;

export type SlotPickerProps = {
  consultationTypeId: number;
  selectedSlotId: number | null;
  onSelectSlot: (slot: AvailableSlot) => void;
};

/**
 * The booking dialog's step 1 (BookingStepSlots) on its own, for another screen that picks a free time of a type: the
 * schedule's «Перенести» (decision 024) gets it from the route, as features don't import each other. The type's free
 * slots as the rules allow them, the first day with free time chosen when they arrive.
 */
export function SlotPicker({ consultationTypeId, selectedSlotId, onSelectSlot }: SlotPickerProps) {
  const { user, isPending: sessionPending } = useSession();
  const timeZone = viewerTimeZone(user);
  const today = todayKey(timeZone);
  const minMonday = mondayOf(today);
  const maxMonday = mondayOf(addDays(today, SLOT_RANGE_DAYS));
  const [monday, setMonday] = useState<DayKey>(minMonday);
  const [selectedDay, setSelectedDay] = useState<DayKey | null>(null);

  const slots = useQuery({ ...bookingQueries.slots(consultationTypeId, timeZone), enabled: user != null });
  const loading = useMinimumPending(slots.isFetching || sessionPending, SLOTS_MIN_LOADER_MS);
  const slotsByDay = useMemo(() => groupByDay(slots.isError ? [] : (slots.data ?? []), timeZone), [slots.data, slots.isError, timeZone]);

  useEffect(() => {
    if (loading) return;
    if (selectedDay && slotsByDay.has(selectedDay)) return;
    const first = [...slotsByDay.keys()].find((day) => day >= today);
    if (!first) return;
    setSelectedDay(first);
    setMonday(mondayOf(first));
  }, [loading, slotsByDay, selectedDay, today]);

  return (
    <BookingStepSlots
      loading={loading}
      failed={slots.isError}
      onRetry={() => void slots.refetch()}
      slotsByDay={slotsByDay}
      timeZone={timeZone}
      today={today}
      monday={monday}
      onMondayChange={setMonday}
      minMonday={minMonday}
      maxMonday={maxMonday}
      selectedDay={selectedDay}
      onSelectDay={setSelectedDay}
      selectedSlotId={selectedSlotId}
      onSelectSlot={onSelectSlot}
    />
  );
}

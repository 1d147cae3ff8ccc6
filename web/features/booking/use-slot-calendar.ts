import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session/use-session.ts';
import { bookingQueries } from './booking.queries.ts';
import { addDays, groupByDay, mondayOf, SLOT_RANGE_DAYS, todayKey, viewerTimeZone, type DayKey } from './booking-calendar.ts';
import { useMinimumPending } from './use-minimum-pending.ts';

/** Spec 000 §9: the week's slots show their loader for at least 500 ms. */
export const SLOTS_MIN_LOADER_MS = 500;

/**
 * A type's free slots as the week calendar of BookingStepSlots shows them: the viewer's today and week bounds, the
 * week shown and the day chosen, the slots grouped by day. The first day with free time is chosen (and its week
 * shown) when the slots arrive, and again when the chosen day lost its last slot after a reload. Shared by the
 * booking dialog and the schedule's «Перенести» picker (decision 024), which names the booking it moves
 * (`movingBookingId`) so the rules don't count that booking against its own new time.
 */
export function useSlotCalendar(consultationTypeId: number, movingBookingId?: number) {
  const { user, isPending: sessionPending } = useSession();
  const timeZone = viewerTimeZone(user);
  const today = todayKey(timeZone);
  const minMonday = mondayOf(today);
  const maxMonday = mondayOf(addDays(today, SLOT_RANGE_DAYS));
  const [monday, setMonday] = useState<DayKey>(minMonday);
  const [selectedDay, setSelectedDay] = useState<DayKey | null>(null);

  const slots = useQuery({ ...bookingQueries.slots(consultationTypeId, timeZone, movingBookingId), enabled: user != null });
  const loading = useMinimumPending(slots.isFetching || sessionPending, SLOTS_MIN_LOADER_MS);
  // Spec 000 §8: a failed load shows no slots.
  const slotsByDay = useMemo(() => groupByDay(slots.isError ? [] : (slots.data ?? []), timeZone), [slots.data, slots.isError, timeZone]);

  useEffect(() => {
    if (loading) return;
    if (selectedDay && slotsByDay.has(selectedDay)) return;
    const first = [...slotsByDay.keys()].find((day) => day >= today);
    if (!first) return;
    setSelectedDay(first);
    setMonday(mondayOf(first));
  }, [loading, slotsByDay, selectedDay, today]);

  return { user, sessionPending, timeZone, today, minMonday, maxMonday, monday, setMonday, selectedDay, setSelectedDay, slots, loading, slotsByDay };
}

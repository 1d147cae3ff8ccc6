import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage, scheduleQueries } from './schedule.api.ts';
import { dayKey, scheduleItems, type ScheduleItem } from './schedule-items.ts';

export const LINKED_BOOKING_MISSING = 'Запись не найдена';

/** `problem`: what the page says instead of the dialog (a toast), or null while there is nothing to say. */
export type LinkedBooking = { item: ScheduleItem | null; problem: string | null };

type Options = {
  viewerId: number;
  /** the booking the address names (?booking=), if any */
  bookingId: number | undefined;
  /** what the page has loaded, once its main window answered */
  items: ScheduleItem[] | null;
  /** the zone the schedule's days are cut in */
  timeZone: string;
};

/**
 * The consultation a link names (a notice about one booking leads to /CalendarPage?booking=<id>). Most are in the
 * page's loaded months; an older or later one is asked by itself — its detail, which the server answers only to its
 * buyer and its mentor — and then the schedule of its day, so the dialog shows it as «Открыть» would. `missing`: no
 * such booking of this person's (unknown, someone else's, or never paid for) is «Запись не найдена».
 */
export function useLinkedBooking({ viewerId, bookingId, items, timeZone }: Options): LinkedBooking {
  const loaded = bookingId === undefined || !items ? undefined : (items.find((item) => item.kind === 'consultation' && item.id === bookingId) ?? null);
  const detail = useQuery({ ...scheduleQueries.booking(viewerId, bookingId ?? 0), enabled: loaded === null });
  const day = detail.data ? dayKey(detail.data.slot.start_time, timeZone) : '';
  const dayWindow = useQuery({ ...scheduleQueries.window(viewerId, day, day), enabled: loaded === null && !!detail.data });
  if (loaded !== null) return { item: loaded ?? null, problem: null };
  const error = detail.error ?? dayWindow.error;
  if (error) return { item: null, problem: error instanceof ApiError && error.status === 404 ? LINKED_BOOKING_MISSING : errorMessage(error, 'Не удалось открыть запись') };
  if (!dayWindow.data) return { item: null, problem: null };
  const found = scheduleItems(dayWindow.data).find((item) => item.kind === 'consultation' && item.id === bookingId) ?? null;
  return { item: found, problem: found ? null : LINKED_BOOKING_MISSING };
}

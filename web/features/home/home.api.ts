import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import { mentorQueries } from '../../lib/mentors/mentors.queries.ts';
import { retryOnce } from '../../lib/query-retry.ts';

/*
 * The calls of /Home through the typed client: the caller's schedule (GET /api/calendars/schedule/),
 * the chat rooms with their unread counts (GET /api/chats/) and the recommendations from the public
 * mentor and event lists. Home keeps its own small module and keys rather than borrowing another
 * feature's (docs/architecture.md, conventions 7 and 8).
 */

export type Schedule = InferResponseType<typeof api.calendars.schedule.$get, 200>;
export type ScheduleEvent = Schedule['registered_events'][number];
export type ScheduleBooking = Schedule['booked_by_user'][number];
export type ChatRoom = InferResponseType<typeof api.chats.$get, 200>[number];
export type RecommendedMentor = InferResponseType<typeof api.users.$get, 200>['results'][number];
export type RecommendedEvent = InferResponseType<typeof api.events.$get, 200>['results'][number];

/** The schedule plus how far this device's clock is from the server's (countdowns use the server's time). */
export type HomeSchedule = Schedule & { clockOffsetMs: number };

/** Days of the schedule window: the next session may lie beyond the coming week. */
export const SCHEDULE_WINDOW_DAYS = 31;
/** Mentors and events shown under «Рекомендуем». */
export const RECOMMENDED_COUNT = 3;


export const homeApi = {
  /** Both days are included, read in the caller's time zone by the server. */
  schedule: async (startDate: string, endDate: string): Promise<HomeSchedule> => {
    const schedule = await unwrap(await api.calendars.schedule.$get({ query: { start_date: startDate, end_date: endDate } }));
    const serverNow = Date.parse(schedule.now);
    return { ...schedule, clockOffsetMs: Number.isNaN(serverNow) ? 0 : serverNow - Date.now() };
  },
  chatRooms: async (): Promise<ChatRoom[]> => unwrap(await api.chats.$get()),
  /** The best-rated mentors; one extra so the viewer can be left out of their own recommendations. */
  topMentors: async (): Promise<RecommendedMentor[]> =>
    (await unwrap(await api.users.$get({ query: { category: [], sort: 'rating', limit: String(RECOMMENDED_COUNT + 1), offset: '0' } }))).results,
  /** The soonest upcoming events; a few extra so the viewer's own can be left out. */
  upcomingEvents: async (): Promise<RecommendedEvent[]> =>
    (await unwrap(await api.events.$get({ query: { category: [], sort: 'oldest', show_past: 'false', limit: String(RECOMMENDED_COUNT * 2), offset: '0' } }))).results,
};

/** Query factories with hierarchical keys (docs/architecture.md, convention 7). */
export const homeQueries = {
  all: () => ['home'] as const,
  schedule: (userId: number, startDate: string, endDate: string) =>
    queryOptions({
      queryKey: [...homeQueries.all(), 'schedule', userId, startDate, endDate] as const,
      queryFn: () => homeApi.schedule(startDate, endDate),
      // Refetched on every visit (a cancellation on the calendar must not linger here); one cheap statement.
      retry: retryOnce,
    }),
  unreadChats: (userId: number) =>
    queryOptions({
      queryKey: [...homeQueries.all(), 'chats', userId] as const,
      queryFn: homeApi.chatRooms,
      // Home has no chat socket of its own: every visit and a quiet refresh keep the unread counts honest
      // (a room read on /ChatsPage a moment ago must not still show as unread here).
      refetchInterval: 60_000,
      retry: retryOnce,
    }),
  /*
   * Filed under the mentors' root on purpose: a like anywhere marks every ['mentors', …] entry stale
   * (web/lib/use-favorite-toggle.ts), and these cards show the like count and state too.
   */
  topMentors: () =>
    queryOptions({ queryKey: [...mentorQueries.all(), 'top', 'home'] as const, queryFn: homeApi.topMentors, staleTime: 5 * 60_000, retry: retryOnce }),
  upcomingEvents: () =>
    queryOptions({ queryKey: [...homeQueries.all(), 'events'] as const, queryFn: homeApi.upcomingEvents, staleTime: 60_000, retry: retryOnce }),
};

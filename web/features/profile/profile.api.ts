import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';

/*
 * /Profile for a mentee: their own account (GET /api/users/me/) and two counts read from calls that
 * already exist — their consultations (GET /api/consultation-bookings/my/) and event registrations
 * (GET /api/events/my-registrations/). Both lists are capped by the server at 200 items.
 */

/** The signed-in user as GET /api/users/me/ answers (the session's user fits as is). */
export type ProfileUser = InferResponseType<typeof api.users.me.$get, 200>;
type MyBooking = InferResponseType<(typeof api)['consultation-bookings']['my']['$get'], 200>[number];

/** The server's cap on both lists: at the cap the count reads «200+». */
export const PROFILE_LIST_CAP = 200;

export type ProfileCounts = { consultations: number; events: number };

/** Consultations the person booked that were paid for (cancelled, expired and unpaid ones do not count). */
export function countConsultations(bookings: readonly Pick<MyBooking, 'role' | 'status'>[]): number {
  return bookings.filter((booking) => booking.role === 'booker' && (booking.status === 'paid' || booking.status === 'finished')).length;
}

export const profileApi = {
  counts: async (): Promise<ProfileCounts> => {
    const [bookings, registrations] = await Promise.all([
      api['consultation-bookings'].my.$get().then(unwrap),
      api.events['my-registrations'].$get().then(unwrap),
    ]);
    return { consultations: countConsultations(bookings), events: registrations.length };
  },
};

export const profileQueries = {
  all: () => ['profile'] as const,
  counts: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'counts', userId] as const,
      queryFn: profileApi.counts,
      staleTime: 60_000,
      retry: false,
    }),
};

import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ApiError, unwrap } from '../../lib/api-client.ts';
import { retryOnce } from '../../lib/query-retry.ts';

/*
 * The calls of /CalendarPage through the typed client (spec 002 §7 "Schedule and meeting", decision 010):
 * the schedule, the refund quotes shown before a cancellation, the cancellations themselves, the
 * consultation review (then finish) and the dispute complaint. /Home reads the same schedule through its
 * own module and keys: features do not share code (docs/architecture.md, convention 8).
 */

const bookings = api['consultation-bookings'];

export type Schedule = InferResponseType<typeof api.calendars.schedule.$get, 200>;
export type ScheduleEvent = Schedule['registered_events'][number];
export type ScheduleBooking = Schedule['booked_by_user'][number];
export type SchedulePerson = ScheduleEvent['mentor'];
export type BookingRefundQuote = InferResponseType<(typeof bookings)[':id']['cancel-quote']['$get'], 200>;
export type SeatRefundQuote = InferResponseType<(typeof api.events)['unregister-quote']['$get'], 200>;
/** A seat's quote never returns package credit: only a consultation booking can come from a package. */
export type RefundQuote = BookingRefundQuote | SeatRefundQuote;
export type MenteeReliability = InferResponseType<(typeof api.mentees)[':id']['reliability']['$get'], 200>;
export type BookingDetail = InferResponseType<(typeof bookings)[':id']['detail']['$get'], 200>;
/** A mentor's live proposal to move a booking (decision 024), as its mentee (to answer) or its mentor (waiting) sees it. */
export type MoveProposal = InferResponseType<(typeof bookings)['move-proposals']['$get'], 200>[number];
/** What moving a booking onto a slot would cost or give back, before confirming (decision 024). Rubles. */
export type RescheduleQuote = InferResponseType<(typeof bookings)[':id']['reschedule-quote']['$get'], 200>;
/** The move's answer: moved (with what went back), or waiting for the top-up on the provider's page. */
export type RescheduleAnswer = InferResponseType<(typeof bookings)[':id']['reschedule']['$post'], 200>;
/** One of a mentor's current consultation types, with its price (the type choice of «Перенести»). */
export type MentorConsultationType = InferResponseType<(typeof api)['consultation-types']['all']['$get'], 200>[number];

/** The schedule plus how far this device's clock is from the server's (statuses and the review prompt use the server's time). */
export type LoadedSchedule = Schedule & { clockOffsetMs: number };



export const scheduleApi = {
  /** Both days are included and read in the caller's time zone by the server. */
  schedule: async (startDate: string, endDate: string): Promise<LoadedSchedule> => {
    const schedule = await unwrap(await api.calendars.schedule.$get({ query: { start_date: startDate, end_date: endDate } }));
    const serverNow = Date.parse(schedule.now);
    return { ...schedule, clockOffsetMs: Number.isNaN(serverNow) ? 0 : serverNow - Date.now() };
  },
  /** A mentee's attendance and late cancellations (decision 021): answered only to a mentor the mentee booked. */
  menteeReliability: async (menteeId: number): Promise<MenteeReliability> =>
    unwrap(await api.mentees[':id'].reliability.$get({ param: { id: String(menteeId) } })),
  /** One booking of the caller's (as buyer or mentor); anyone else's answers 404, as an unknown id does. */
  bookingDetail: async (bookingId: number): Promise<BookingDetail> => unwrap(await bookings[':id'].detail.$get({ param: { id: String(bookingId) } })),
  /** What cancelling this booking now would refund (buyer or mentor, the server knows which). */
  bookingCancelQuote: async (bookingId: number): Promise<BookingRefundQuote> =>
    unwrap(await bookings[':id']['cancel-quote'].$get({ param: { id: String(bookingId) } })),
  moveProposals: async (): Promise<MoveProposal[]> => unwrap(await bookings['move-proposals'].$get()),
  proposeMove: async (bookingId: number, slotId: number) =>
    unwrap(await bookings[':id']['propose-move'].$post({ param: { id: String(bookingId) }, json: { slot_id: slotId } })),
  acceptProposal: async (proposalId: number) => unwrap(await bookings['move-proposals'][':id'].accept.$post({ param: { id: String(proposalId) } })),
  declineProposal: async (proposalId: number, cancel: boolean) =>
    unwrap(await bookings['move-proposals'][':id'].decline.$post({ param: { id: String(proposalId) }, json: { cancel } })),
  /**
   * the mentee moves the booking to another free slot of the mentor (decision 024): the payment stays with it; onto a
   * dearer type the answer is the top-up's page, and the provider sends the browser back to returnUrl
   */
  rescheduleBooking: async (bookingId: number, slotId: number, returnUrl?: string): Promise<RescheduleAnswer> =>
    unwrap(await bookings[':id'].reschedule.$post({ param: { id: String(bookingId) }, json: { slot_id: slotId, ...(returnUrl && { return_url: returnUrl }) } })),
  /** what moving the booking onto the slot would cost or give back now; refused with the move's own reasons */
  rescheduleQuote: async (bookingId: number, slotId: number): Promise<RescheduleQuote> =>
    unwrap(await bookings[':id']['reschedule-quote'].$get({ param: { id: String(bookingId) }, query: { slot_id: String(slotId) } })),
  /** the mentor's current consultation types (the mentor page's own list): another type to move a booking onto */
  mentorTypes: async (mentorId: number): Promise<MentorConsultationType[]> =>
    unwrap(await api['consultation-types'].all.$get({ query: { user_id: String(mentorId) } })),
  cancelBooking: async (bookingId: number, userId: number) =>
    unwrap(await bookings[':id'].cancel.$post({ param: { id: String(bookingId) }, json: { user_id: userId } })),
  /** What leaving this event now would refund. */
  unregisterQuote: async (eventId: number): Promise<SeatRefundQuote> =>
    unwrap(await api.events['unregister-quote'].$get({ query: { event_id: String(eventId) } })),
  unregister: async (eventId: number, userId: number) => unwrap(await api.events.unregister.$post({ json: { event_id: eventId, user_id: userId } })),
  /** The mentor cancels their own event: every participant is refunded in full by the server. */
  cancelEvent: async (eventId: number) => unwrap(await api.events.cancel_event.$post({ json: { event_id: eventId } })),
  /**
   * Spec 002 §5.2 and §7: the review (the booking id travels in event_id, the spec's quirk), then finish.
   * The review is what the buyer asked for, so a failed finish (the booking already finished elsewhere, a
   * dropped connection) is logged, not reported: the rating is saved either way, and finish moves no money
   * (decision 010).
   */
  reviewConsultation: async (bookingId: number, userId: number, rating: number, text: string) => {
    const review = await unwrap(await api.reviews.$post({ json: { event_id: bookingId, rating, text } }));
    try {
      await unwrap(await bookings[':id'].finish.$post({ param: { id: String(bookingId) }, json: { user_id: userId } }));
    } catch (error) {
      console.warn('schedule: the review is saved, finishing the booking failed', error);
    }
    return review;
  },
  openDispute: async (bookingId: number, text: string) =>
    unwrap(await api.disputes.complaints.$post({ json: { booking_id: bookingId, source: 'buyer', text } })),
};

/** Query factories with hierarchical keys (docs/architecture.md, convention 7): ['schedule', userId, start, end]. */
export const scheduleQueries = {
  all: () => ['schedule'] as const,
  /** Every window of one person: what a cancellation, a review or a dispute invalidates. */
  user: (userId: number) => [...scheduleQueries.all(), userId] as const,
  window: (userId: number, startDate: string, endDate: string) =>
    queryOptions({
      queryKey: [...scheduleQueries.user(userId), startDate, endDate] as const,
      queryFn: () => scheduleApi.schedule(startDate, endDate),
      retry: retryOnce,
    }),
  /** One booking by its id, for a link to its details (?booking=) outside the loaded windows. */
  booking: (userId: number, bookingId: number) =>
    queryOptions({
      queryKey: [...scheduleQueries.user(userId), 'booking', bookingId] as const,
      queryFn: () => scheduleApi.bookingDetail(bookingId),
      // a 404 is an answer (not theirs, or no such booking), not a hiccup to retry
      retry: false,
    }),
  /** The caller's live proposals to move a booking (decision 024), reloaded with the schedule. */
  moveProposals: (userId: number) =>
    queryOptions({ queryKey: [...scheduleQueries.user(userId), 'move-proposals'] as const, queryFn: () => scheduleApi.moveProposals(), retry: retryOnce }),
  /** The mentee's figures for the mentor's booking details; a 404 (not their mentee) is an answer, not a hiccup. */
  menteeReliability: (menteeId: number) =>
    queryOptions({ queryKey: [...scheduleQueries.all(), 'mentee-reliability', menteeId] as const, queryFn: () => scheduleApi.menteeReliability(menteeId), retry: false }),
  /** A mentor's current types with their prices; public, so a short cache is fine. */
  mentorTypes: (mentorId: number) =>
    queryOptions({ queryKey: [...scheduleQueries.all(), 'mentor-types', mentorId] as const, queryFn: () => scheduleApi.mentorTypes(mentorId), retry: retryOnce }),
  /** The price of moving a booking onto a slot: asked afresh each time (prices, rules and the clock change). */
  rescheduleQuote: (bookingId: number, slotId: number) =>
    queryOptions({
      queryKey: [...scheduleQueries.all(), 'reschedule-quote', bookingId, slotId] as const,
      queryFn: () => scheduleApi.rescheduleQuote(bookingId, slotId),
      staleTime: 0,
      gcTime: 0,
      // a refusal (taken meanwhile, past the cut-off) is an answer to show, not a hiccup
      retry: false,
    }),
  /** What cancelling the booking, or leaving the event, would refund now. */
  refundQuote: (kind: 'booking' | 'event', id: number) =>
    queryOptions({
      queryKey: [...scheduleQueries.all(), 'quote', kind, id] as const,
      queryFn: () => (kind === 'booking' ? scheduleApi.bookingCancelQuote(id) : scheduleApi.unregisterQuote(id)),
      // A quote depends on the clock (free cancellation runs out): ask afresh every time the dialog opens.
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
};

/** The server's Russian message for a failed call, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

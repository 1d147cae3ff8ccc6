import type { InferResponseType } from 'hono/client';
import { api, specPath, unwrap } from '../../lib/api-client.ts';
import type { EventListItem } from '../../lib/events/events.api.ts';
import { EVENTS_PAGE_SIZE, eventListQuery, type EventFilters } from './events.filters.ts';

/*
 * The events feature's calls through the typed client, with the spec's paths (`specPath`: trailing slash included),
 * so public/early-data.js's first event page is the very URL the list asks for. Shapes come from the Worker.
 * GetEvent and GetUserEvents, read by other features too, are web/lib/events/events.api.ts's.
 */

export type EventListPage = InferResponseType<typeof api.events.load_more.$get, 200>;
export type EventRegistration = InferResponseType<typeof api.events.get_event_registrations.$get, 200>[number];
export type RegistrationCheck = InferResponseType<typeof api.events.check_registration.$get, 200>;
export type RegisterResult = InferResponseType<typeof api.events.register_for_event.$post, 201>;
export type EventLine = InferResponseType<typeof api.events.waitlist.$get, 200>;
export type EventReview = InferResponseType<typeof api.event_reviews.GetEventReviews.$get, 200>[number];

/** One page of the event list. */
export async function fetchEventPage(filters: EventFilters, offset: number, limit = EVENTS_PAGE_SIZE): Promise<EventListPage> {
  return unwrap(await api.events.load_more.$get({ query: eventListQuery(filters, offset, limit) }, specPath));
}

/** The signed-in user's live registrations. */
export const fetchMyRegistrations = async (): Promise<EventListItem[]> => unwrap(await api.events['my-registrations'].$get(undefined, specPath));

export const fetchEventRegistrations = async (eventId: number): Promise<EventRegistration[]> =>
  unwrap(await api.events.get_event_registrations.$get({ query: { event_id: String(eventId) } }, specPath));

export const checkRegistration = async (eventId: number, userId: number): Promise<RegistrationCheck> =>
  unwrap<RegistrationCheck>(await api.events.check_registration.$get({ query: { event_id: String(eventId), user_id: String(userId) } }, specPath));

export const registerForEvent = async (eventId: number, userId: number): Promise<RegisterResult> =>
  unwrap(await api.events.register_for_event.$post({ json: { event_id: eventId, user_id: userId } }, specPath));

export const unregisterFromEvent = async (eventId: number, userId: number) =>
  unwrap(await api.events.unregister.$post({ json: { event_id: eventId, user_id: userId } }, specPath));

export const cancelEvent = async (eventId: number) => unwrap(await api.events.cancel_event.$post({ json: { event_id: eventId } }, specPath));

export const fetchEventReviews = async (eventId: number): Promise<EventReview[]> =>
  unwrap(await api.event_reviews.GetEventReviews.$get({ query: { event_id: String(eventId) } }, specPath));

/** Whether the signed-in person may review the event, and the server's reason when not (never cached). */
export const fetchEventCanReview = async (eventId: number) =>
  unwrap(await api.event_reviews['can-review'].$get({ query: { event_id: String(eventId) } }, specPath));

export const addEventReview = async (eventId: number, values: { review_text: string; review_stars: number }) =>
  unwrap(await api.event_reviews.AddEventReview.$post({ json: { ...values, event_id: eventId } }, specPath));

/** The line of a full event (decision 023): how many wait, the caller's place, and for its mentor who waits. */
export const fetchEventLine = async (eventId: number): Promise<EventLine> =>
  unwrap(await api.events.waitlist.$get({ query: { event_id: String(eventId) } }, specPath));

export const joinWaitlist = async (eventId: number) => unwrap(await api.events.waitlist.join.$post({ json: { event_id: eventId } }, specPath));

export const leaveWaitlist = async (eventId: number) => unwrap(await api.events.waitlist.leave.$post({ json: { event_id: eventId } }, specPath));

/** Takes a free event's offered seat (a paid one is taken by paying). */
export const acceptWaitlistOffer = async (eventId: number) => unwrap(await api.events.waitlist.accept.$post({ json: { event_id: eventId } }, specPath));

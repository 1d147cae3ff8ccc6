import { apiFetch, unwrap } from '../../lib/api-client.ts';
import { buildEventListParams, EVENTS_PAGE_SIZE, type EventFilters } from './events.filters.ts';
import type {
  EventDetail,
  EventListItem,
  EventListPage,
  EventRegistration,
  EventReview,
  RegisterResult,
  RegistrationCheck,
} from './events.types.ts';

/*
 * The events endpoints through apiFetch (refresh-and-retry included) with the exact paths of the spec.
 * The response types are written out in events.types.ts; moving these calls to the typed `api.events.…`
 * client (as the mentor and account features do) would derive them from the Worker instead.
 */

async function getJson<T>(path: string, params?: URLSearchParams | Record<string, string | number>): Promise<T> {
  const query = params instanceof URLSearchParams ? params : new URLSearchParams(Object.entries(params ?? {}).map(([key, value]) => [key, String(value)]));
  const suffix = query.toString();
  return unwrap<T>(await apiFetch(suffix ? `${path}?${suffix}` : path));
}

async function postJson<T>(path: string, body: unknown): Promise<T> {
  return unwrap<T>(
    await apiFetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  );
}

/** One page of the event list. The spec allows a bare array as the answer too: then a full page means "maybe more". */
export async function fetchEventPage(filters: EventFilters, offset: number, limit = EVENTS_PAGE_SIZE): Promise<EventListPage> {
  const body = await getJson<EventListPage | EventListItem[]>('/api/events/load_more/', buildEventListParams(filters, offset, limit));
  if (Array.isArray(body)) return { results: body, has_more: body.length >= limit };
  return { results: body.results ?? [], has_more: Boolean(body.has_more) };
}

export const fetchEvent = (id: number) => getJson<EventDetail>('/api/events/GetEvent/', { id });

export const fetchUserEvents = (userId: number) => getJson<EventListItem[]>('/api/events/GetUserEvents/', { user_id: userId });
/** The signed-in user's live registrations. */
export const fetchMyRegistrations = () => getJson<EventListItem[]>('/api/events/my-registrations/', {});

export const fetchEventRegistrations = (eventId: number) =>
  getJson<EventRegistration[]>('/api/events/get_event_registrations/', { event_id: eventId });

export const checkRegistration = (eventId: number, userId: number) =>
  getJson<RegistrationCheck>('/api/events/check_registration/', { event_id: eventId, user_id: userId });

export const registerForEvent = (eventId: number, userId: number) =>
  postJson<RegisterResult>('/api/events/register_for_event/', { event_id: eventId, user_id: userId });

export const unregisterFromEvent = (eventId: number, userId: number) =>
  postJson<unknown>('/api/events/unregister/', { event_id: eventId, user_id: userId });

export const cancelEvent = (eventId: number) => postJson<unknown>('/api/events/cancel_event/', { event_id: eventId });

export const fetchEventReviews = (eventId: number) => getJson<EventReview[]>('/api/event_reviews/GetEventReviews/', { event_id: eventId });

export const addEventReview = (eventId: number, values: { review_text: string; review_stars: number }) =>
  postJson<unknown>('/api/event_reviews/AddEventReview/', { ...values, event_id: eventId });

/** A mentor card's data for the preview page (GET /api/users/{id}/). */
export const fetchUserCard = (userId: number) =>
  getJson<{ id: number; mentor_name: string | null; mentor_surname: string | null; mentor_avatar_url: string | null }>(`/api/users/${userId}/`);

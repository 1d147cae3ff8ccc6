import type { InferResponseType } from 'hono/client';
import { api, specPath, unwrap } from '../api-client.ts';

/*
 * The events resource as more than one feature reads it (the event page, the session editor, the payment return
 * page, a mentor's events), through the typed client with the spec's paths (`specPath`). Shapes come from the Worker.
 */

/** GET /api/events/GetEvent/?id= */
export type EventDetail = InferResponseType<typeof api.events.GetEvent.$get, 200>;
/** One event of the list, a mentor's events and the signed-in person's registrations. */
export type EventListItem = InferResponseType<typeof api.events.GetUserEvents.$get, 200>[number];
export type EventStatus = EventListItem['status'];

export async function fetchEvent(id: number): Promise<EventDetail> {
  return unwrap(await api.events.GetEvent.$get({ query: { id: String(id) } }, specPath));
}

/** GET /api/events/GetUserEvents/?user_id=: the events a mentor runs (their page, «Мои мероприятия», the session editor). */
export async function fetchUserEvents(userId: number): Promise<EventListItem[]> {
  return unwrap(await api.events.GetUserEvents.$get({ query: { user_id: String(userId) } }, specPath));
}

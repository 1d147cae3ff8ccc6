import type { InferResponseType } from 'hono/client';
import { api, toApiError, unwrap } from '../../lib/api-client.ts';
import type { BookingRulesInput } from '../../../worker/consultation-types/consultation-types.schemas.ts';

/*
 * Calls of the session editor (spec 002 §7 "Events (editor)", "Consultation types and slots"; decisions 006
 * and 008), all through the typed client. AddEvent and UpdateEvent read their body by hand (multipart or
 * JSON, no validator), so their body goes in `init`; their answers are typed from AppType. The event the form
 * edits is GetEvent's one query, and the mentor's events GetUserEvents' one query (web/lib/events/events.queries.ts).
 */

const types = api['consultation-types'];
const slots = api['consultation-type-slots'];

export type ConsultationType = InferResponseType<typeof types.all.$get, 200>[number];
export type MentorSlot = InferResponseType<typeof slots.all.$get, 200>[number];

/** AddEvent / UpdateEvent answer: the GetEvent shape plus the editor's fields. */
export type SavedEvent = InferResponseType<typeof api.events.AddEvent.$post, 201>;

export type ConsultationTypeBody = {
  name: string;
  description?: string;
  duration_minutes: number;
  costs: number;
  loyalty_steps?: { from: number; percent: number }[];
  /** package offers (decision 006 «Packages»); the server prices them */
  packages?: { sessions: number; percent: number; valid_days: number }[];
  /** when it may be booked and cancelled (decision 022) */
  booking_rules?: BookingRulesInput;
  user_id: number;
};
export type SlotBody = { consultation_type: number; start_time: string; end_time: string; user_id: number };
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export type RecurrentBody = SlotBody & {
  repeat_type: 'none' | 'daily' | 'weekly' | 'custom';
  custom_weekdays: Weekday[];
  repeat_until: string;
  time_zone?: string;
};

const id = (value: number) => ({ param: { id: String(value) } });

export const sessionEditorApi = {
  consultationTypes: async (userId: number) => unwrap(await types.all.$get({ query: { user_id: String(userId) } })),
  createType: async (body: ConsultationTypeBody) => unwrap(await types.create.$post({ json: body })),
  updateType: async (typeId: number, body: ConsultationTypeBody) => unwrap(await types[':id'].update.$patch({ ...id(typeId), json: body })),
  deleteType: async (typeId: number, userId: number) => {
    const response = await types[':id'].delete.$delete({ ...id(typeId), query: { user_id: String(userId) } });
    if (!response.ok) await unwrap(response);
  },

  slots: async (userId: number) => unwrap(await slots.all.$get({ query: { user_id: String(userId) } })),
  createSlot: async (body: SlotBody) => unwrap(await slots.create.$post({ json: body })),
  createSeries: async (body: RecurrentBody) => unwrap(await slots.create_recurrent_slots.$post({ json: body })),
  updateSlot: async (slotId: number, body: SlotBody) => unwrap(await slots[':id'].update.$patch({ ...id(slotId), json: body })),
  deleteSlot: async (slotId: number, userId: number) => {
    const response = await slots[':id'].delete.$delete({ ...id(slotId), query: { user_id: String(userId) } });
    if (!response.ok) await unwrap(response);
  },
  deleteSeries: async (slotId: number, userId: number) =>
    unwrap(await slots[':id'].delete_series.$delete({ ...id(slotId), query: { user_id: String(userId) } })),

  /** POST /api/events/AddEvent/: multipart, the cover in event_image. */
  addEvent: async (form: FormData): Promise<SavedEvent> => unwrap(await api.events.AddEvent.$post(undefined, { init: { body: form } })),
  /** PUT /api/events/UpdateEvent/?id=: JSON, or multipart when a new cover is given or remove_image is set. */
  updateEvent: async (eventId: number, body: FormData | Record<string, unknown>) => {
    // multipart: the browser sets the content type with its boundary
    const init: RequestInit = body instanceof FormData ? { body } : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    return unwrap(await api.events.UpdateEvent.$put({ query: { id: String(eventId) } }, { init }));
  },
  deleteEvent: async (eventId: number) => {
    const response = await api.events.DeleteEvent.$delete({ query: { id: String(eventId) } });
    if (!response.ok) throw await toApiError(response);
  },
  cancelEvent: async (eventId: number) => unwrap(await api.events.cancel_event.$post({ json: { event_id: eventId } })),
  /** GET /api/conferences/limits/: how many a meeting's room admits here (the seats warning) */
  conferenceLimits: async () => unwrap(await api.conferences.limits.$get()),
};

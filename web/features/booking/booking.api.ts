import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';

/* Booking calls of decision 006 (spec 000 §7) through the typed client; the shapes come from the Worker. */

const slots = api['consultation-type-slots'];
const bookings = api['consultation-bookings'];
const types = api['consultation-types'];

/** A free slot: GET /api/consultation-type-slots/available/. Times are ISO-8601 UTC. */
export type AvailableSlot = InferResponseType<typeof slots.available.$get, 200>[number];

/** GET /api/consultation-type-slots/{id}/detailed_info/ */
export type SlotDetail = InferResponseType<(typeof slots)[':id']['detailed_info']['$get'], 200>;

/** POST /api/consultation-bookings/create/ answer (201). price is in rubles. */
export type CreatedBooking = InferResponseType<typeof bookings.create.$post, 201>;

/** GET /api/consultation-types/{id}/price/: the caller's price now, with the loyalty step that applies (decision 006). */
export type TypePrice = InferResponseType<(typeof types)[':id']['price']['$get'], 200>;

export async function fetchTypePrice(typeId: number): Promise<TypePrice> {
  return unwrap(await types[':id'].price.$get({ param: { id: String(typeId) } }));
}

/** package_id: the booking spends a credit of the caller's package instead of a payment (decision 006 «Packages») */
export type CreateBookingBody = { consultation_type_slot: number; user_id: number; questions: string; package_id?: number };

/** Dates 'YYYY-MM-DD', both included, read by the server in time_zone. */
export type SlotRange = { start_date: string; end_date: string; time_zone: string };

/** movingBookingId: the caller's booking being moved, which the rules then leave out (decision 024) */
export async function fetchAvailableSlots(consultationTypeId: number, range: SlotRange, movingBookingId?: number): Promise<AvailableSlot[]> {
  const moving = movingBookingId === undefined ? {} : { moving_booking: String(movingBookingId) };
  return unwrap(await slots.available.$get({ query: { consultation_type_id: String(consultationTypeId), ...range, ...moving } }));
}

export async function fetchSlotDetail(slotId: number): Promise<SlotDetail> {
  return unwrap(await slots[':id'].detailed_info.$get({ param: { id: String(slotId) } }));
}

export async function createBooking(body: CreateBookingBody): Promise<CreatedBooking> {
  return unwrap(await bookings.create.$post({ json: body }));
}

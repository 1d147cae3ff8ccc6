import { apiFetch, unwrap } from '../../lib/api-client.ts';

/*
 * Booking calls of decision 006 (spec 000 §7) through apiFetch (refresh-and-retry included) with the exact
 * paths; the shapes are written out from the contract.
 */

/** A free slot: GET /api/consultation-type-slots/available/. Times are ISO-8601 UTC. */
export type AvailableSlot = { id: number; start_time: string; end_time: string };

/** GET /api/consultation-type-slots/{id}/detailed_info/ */
export type SlotDetail = {
  mentor: { id: number; name: string | null; surname: string | null; tg_title: string | null; avatar_url: string | null; time_zone: string | null };
  consultation_type: { id: number; name: string | null; description: string | null; costs: number | null; duration_minutes: number | null };
  slot: AvailableSlot;
};

export type BookingStatus = 'pending_payment' | 'paid' | 'finished' | 'canceled' | 'expired';

/** POST /api/consultation-bookings/create/ answer (201). price is in rubles. */
export type CreatedBooking = { id: number; status: BookingStatus; price: number; hold_expires_at: string | null };

export type CreateBookingBody = { consultation_type_slot: number; user_id: number; questions: string };

/** Dates 'YYYY-MM-DD', both included, read by the server in time_zone. */
export type SlotRange = { start_date: string; end_date: string; time_zone: string };

export async function fetchAvailableSlots(consultationTypeId: number, range: SlotRange): Promise<AvailableSlot[]> {
  const query = new URLSearchParams({ consultation_type_id: String(consultationTypeId), ...range });
  return unwrap<AvailableSlot[]>(await apiFetch(`/api/consultation-type-slots/available/?${query}`));
}

export async function fetchSlotDetail(slotId: number): Promise<SlotDetail> {
  return unwrap<SlotDetail>(await apiFetch(`/api/consultation-type-slots/${slotId}/detailed_info/`));
}

export async function createBooking(body: CreateBookingBody): Promise<CreatedBooking> {
  return unwrap<CreatedBooking>(
    await apiFetch('/api/consultation-bookings/create/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  );
}

import { apiFetch, unwrap } from '../../lib/api-client.ts';

/*
 * Payments calls of decision 006 through apiFetch (refresh-and-retry included) with the exact paths.
 * The shapes are written out from the contract because the typed client learns these routes only when
 * the payments module lands in the Worker.
 */

/** What a payment pays for (spec 000 §3 "Payment deal"). service_id is the booking id or the event id. */
export type PaymentService = { service_type: 'consultation' | 'event'; service_id: number };

export type Deal = { confirmation_url?: string | null; payment_id?: string | null };

export type PaymentStatus = 'pending' | 'succeeded' | 'canceled' | 'released' | 'refunded';

/** GET /api/payments/{id}/ (payer or payee). amount is in rubles. */
export type Payment = {
  id: string;
  status: PaymentStatus;
  service_type: PaymentService['service_type'];
  service_id: number;
  event_id: number | null;
  booking_id: number | null;
  amount: number;
};

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** Where the provider sends the browser back; the server appends ?payment_id=. */
export function paymentReturnUrl(origin = window.location.origin): string {
  return `${origin}/payment-return`;
}

/** POST /api/payments/deals/: the confirmation_url is where the browser goes to pay. */
export async function createDeal(service: PaymentService, returnUrl: string): Promise<Deal> {
  return unwrap<Deal>(await apiFetch('/api/payments/deals/', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ ...service, return_url: returnUrl }) }));
}

export async function fetchPayment(id: string): Promise<Payment> {
  return unwrap<Payment>(await apiFetch(`/api/payments/${encodeURIComponent(id)}/`));
}

/** What a payment bought, for the return page: a title, when, and the page to go back to. */
export type PurchaseSummary = {
  title: string;
  startsAt: string | null;
  endsAt: string | null;
  /** consultation: the mentor's id; event: the event's id */
  mentorId: number | null;
  eventId: number | null;
};

type BookingDetailSlice = {
  slot?: { start_time?: string; end_time?: string; consultation_type?: { name?: string | null; user?: { id?: number; mentor_name?: string | null; mentor_surname?: string | null } } };
};

type EventDetailSlice = { id: number; title?: string | null; date?: string | null };

/** GET /api/consultation-bookings/{id}/detail/ (booker or mentor), read for the return page only. */
export async function fetchBookingSummary(bookingId: number): Promise<PurchaseSummary> {
  const detail = await unwrap<BookingDetailSlice>(await apiFetch(`/api/consultation-bookings/${bookingId}/detail/`));
  const type = detail.slot?.consultation_type;
  const mentorName = [type?.user?.mentor_name, type?.user?.mentor_surname].filter(Boolean).join(' ');
  const name = type?.name?.trim() || 'Консультация';
  return {
    title: mentorName ? `${name} — ${mentorName}` : name,
    startsAt: detail.slot?.start_time ?? null,
    endsAt: detail.slot?.end_time ?? null,
    mentorId: type?.user?.id ?? null,
    eventId: null,
  };
}

/** GET /api/events/GetEvent/?id= */
export async function fetchEventSummary(eventId: number): Promise<PurchaseSummary> {
  const event = await unwrap<EventDetailSlice>(await apiFetch(`/api/events/GetEvent/?id=${eventId}`));
  return { title: event.title?.trim() || 'Мероприятие', startsAt: event.date ?? null, endsAt: null, mentorId: null, eventId: event.id ?? eventId };
}

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

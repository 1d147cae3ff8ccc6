import type { InferResponseType } from 'hono/client';
import { api, unwrap } from './api-client.ts';

/* Starting a payment (decision 006): a booking and an event seat both pay through a deal, so this sits in web/lib. */

/** What a payment pays for (spec 000 §3 "Payment deal"). service_id is the booking id, the event id or the package id. */
export type PaymentService = { service_type: 'consultation' | 'event' | 'package'; service_id: number };

export type Deal = InferResponseType<typeof api.payments.deals.$post, 200>;

/** Where the provider sends the browser back; the server appends ?payment_id=. */
export function paymentReturnUrl(origin = window.location.origin): string {
  return `${origin}/payment-return`;
}

/** POST /api/payments/deals/: the confirmation_url is where the browser goes to pay. */
export async function createDeal(service: PaymentService, returnUrl: string): Promise<Deal> {
  return unwrap(await api.payments.deals.$post({ json: { ...service, return_url: returnUrl } }));
}

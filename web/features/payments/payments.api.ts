import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import type { EventDetail } from '../../lib/events/events.api.ts';
import { packagesApi } from '../../lib/consultation-packages.ts';
import { consultationsText } from '../../lib/package-text.ts';

/* Payments calls of decision 006 through the typed client (shapes from the Worker). */

/** The route of one payment: its id is a UUID (the Worker's path pattern). */
const paymentById = api.payments[':id{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}}'];

/** GET /api/payments/{id}/ (payer or payee). amount is in rubles. */
export type Payment = InferResponseType<(typeof paymentById)['$get'], 200>;

export async function fetchPayment(id: string): Promise<Payment> {
  return unwrap(await paymentById.$get({ param: { id } }));
}

/** What a payment bought, for the return page: a title, when, and the page to go back to. */
export type PurchaseSummary = {
  title: string;
  startsAt: string | null;
  endsAt: string | null;
  /** consultation: the mentor's id; event: the event's id */
  mentorId: number | null;
  eventId: number | null;
  /** the consultation is paid now (by this payment or a later one); null where the page can't tell (events) */
  paid: boolean | null;
};

/** GET /api/consultation-bookings/{id}/detail/ (booker or mentor), read for the return page only. */
export async function fetchBookingSummary(bookingId: number): Promise<PurchaseSummary> {
  const detail = await unwrap(await api['consultation-bookings'][':id'].detail.$get({ param: { id: String(bookingId) } }));
  const type = detail.slot.consultation_type;
  const mentorName = [type.user.mentor_name, type.user.mentor_surname].filter(Boolean).join(' ');
  const name = type.name.trim() || 'Консультация';
  return {
    title: mentorName ? `${name} — ${mentorName}` : name,
    startsAt: detail.slot.start_time,
    endsAt: detail.slot.end_time,
    mentorId: type.user.id,
    eventId: null,
    paid: detail.status === 'paid' || detail.status === 'finished',
  };
}

/** The return page's summary of an event (GetEvent, read through the events' `detail` query). */
export function eventSummary(event: EventDetail): PurchaseSummary {
  return { title: event.title.trim() || 'Мероприятие', startsAt: event.date, endsAt: null, mentorId: null, eventId: event.id, paid: null };
}

/** A package's summary (decision 006 «Packages»), from the caller's packages: the payer is the only one who sees it here. */
export async function fetchPackageSummary(packageId: number): Promise<PurchaseSummary | null> {
  const pkg = (await packagesApi.my()).find((item) => item.id === packageId);
  if (!pkg) return null;
  const mentorName = [pkg.mentor.name, pkg.mentor.surname].filter(Boolean).join(' ');
  const title = `${consultationsText(pkg.sessions)} «${pkg.consultation_type.name.trim() || 'Консультация'}»`;
  return {
    title: mentorName ? `${title} — ${mentorName}` : title,
    startsAt: null,
    endsAt: null,
    mentorId: pkg.mentor.id,
    eventId: null,
    paid: pkg.status !== 'pending_payment',
  };
}

// SQL for payment deals: the payer's service (booking or event registration), the payment row and the
// provider's ids. The payment is created by one conditional INSERT … SELECT that re-checks "awaiting payment
// with a live hold" under a share lock on the service row, and the partial unique indexes
// payments_booking_live_uq / payments_registration_live_uq allow one live payment per service.
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { consultationBookings } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations } from '../../drizzle/schema/events.ts';
import { payments } from '../../drizzle/schema/payments.ts';
import { packageDescription } from '../lib/package-price.ts';

export type ServiceType = 'consultation' | 'event' | 'package';
export type PaymentRow = typeof payments.$inferSelect;

/** The caller's service as the deal sees it; null when the caller has none (404). */
export type PayableService = { serviceRef: number; payable: boolean; description: string };

export async function findCallersService(db: Db, type: ServiceType, serviceId: number, payerId: number): Promise<PayableService | null> {
  if (type === 'package') return findCallersPackage(db, serviceId, payerId);
  const result =
    type === 'consultation'
      ? await db.execute<{ ref: number; payable: boolean; name: string }>(sql`
          select b.id as ref, b.type_name as name,
                 (b.status = 'pending_payment' and b.hold_expires_at > now() and b.price > 0) as payable
          from consultation_bookings b
          where b.id = ${serviceId} and b.mentee_id = ${payerId}`)
      : // the caller's newest registration for the event, a live one first
        await db.execute<{ ref: number; payable: boolean; name: string }>(sql`
          select r.id as ref, e.title as name,
                 (r.status = 'pending_payment' and r.hold_expires_at > now() and not e.is_canceled
                  and e.price * (100 - coalesce(e.discount_percent, 0)) > 0) as payable
          from event_registrations r join events e on e.id = r.event_id
          where r.event_id = ${serviceId} and r.user_id = ${payerId}
          order by (r.status <> 'canceled') desc, r.created_at desc, r.id desc
          limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  const description = type === 'consultation' ? `Консультация «${row.name}»` : `Мероприятие «${row.name}»`;
  return { serviceRef: Number(row.ref), payable: Boolean(row.payable), description };
}

/** A package waits for its payment until paid: it holds no slot or seat, so it has no hold to run out. */
async function findCallersPackage(db: Db, packageId: number, payerId: number): Promise<PayableService | null> {
  const result = await db.execute<{ ref: number; payable: boolean; name: string; sessions: number; percent: number }>(sql`
    select p.id as ref, p.type_name as name, p.sessions, p.percent, p.status = 'pending_payment' as payable
    from consultation_packages p where p.id = ${packageId} and p.mentee_id = ${payerId}`);
  const row = result.rows[0];
  if (!row) return null;
  return { serviceRef: Number(row.ref), payable: Boolean(row.payable), description: packageDescription(row) };
}

type NewPayment = { id: string; provider: 'sandbox' | 'yookassa'; serviceRef: number; payerId: number; returnUrl: string };

/**
 * The service's live payment: the one inserted now when the service still awaits payment with a live hold,
 * or the one it already had (the unique index turned the insert into nothing); null when there is neither.
 * Amounts in kopecks: a booking's price in rubles × 100; an event's price × (100 − discount %).
 */
export async function insertPendingPayment(db: Db, type: ServiceType, p: NewPayment): Promise<PaymentRow | null> {
  const query =
    type === 'package'
      ? sql`
        insert into payments (id, provider, service_type, package_id, payer_id, payee_id, amount_kopecks, return_url)
        select ${p.id}::uuid, ${p.provider}::payment_provider, 'package', k.id, k.mentee_id, k.mentor_id,
               k.price_per_session::bigint * k.sessions * 100, ${p.returnUrl}
        from consultation_packages k
        where k.id = ${p.serviceRef} and k.mentee_id = ${p.payerId} and k.status = 'pending_payment'
        for share of k
        on conflict (package_id) where status <> 'canceled' do nothing
        returning id`
      : type === 'consultation'
      ? sql`
        insert into payments (id, provider, service_type, booking_id, payer_id, payee_id, amount_kopecks, return_url)
        select ${p.id}::uuid, ${p.provider}::payment_provider, 'consultation', b.id, b.mentee_id, b.mentor_id, b.price::bigint * 100, ${p.returnUrl}
        from consultation_bookings b
        where b.id = ${p.serviceRef} and b.mentee_id = ${p.payerId}
          and b.status = 'pending_payment' and b.hold_expires_at > now() and b.price > 0
        for share of b
        on conflict (booking_id) where status <> 'canceled' and type_move_id is null do nothing
        returning id`
      : sql`
        insert into payments (id, provider, service_type, registration_id, payer_id, payee_id, amount_kopecks, return_url)
        select ${p.id}::uuid, ${p.provider}::payment_provider, 'event', r.id, r.user_id, e.mentor_id,
               e.price::bigint * (100 - coalesce(e.discount_percent, 0)), ${p.returnUrl}
        from event_registrations r join events e on e.id = r.event_id
        where r.id = ${p.serviceRef} and r.user_id = ${p.payerId}
          and r.status = 'pending_payment' and r.hold_expires_at > now() and not e.is_canceled
          and e.price * (100 - coalesce(e.discount_percent, 0)) > 0
        for share of r
        on conflict (registration_id) where status <> 'canceled' do nothing
        returning id`;
  const result = await db.execute<{ id: string }>(query);
  return result.rows.length ? findPayment(db, p.id) : findLivePayment(db, type, p.serviceRef);
}

/** The service's live (not canceled) payment: at most one, by the partial unique index. */
export async function findLivePayment(db: Db, type: ServiceType, serviceRef: number): Promise<PaymentRow | null> {
  const ref =
    // a booking's own payment, not a top-up of a move (decision 024)
    type === 'consultation' ? and(eq(payments.bookingId, serviceRef), isNull(payments.typeMoveId)) : type === 'package' ? eq(payments.packageId, serviceRef) : eq(payments.registrationId, serviceRef);
  const [row] = await db.select().from(payments).where(and(ref, ne(payments.status, 'canceled'))).limit(1);
  return row ?? null;
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/** Keeps the provider's ids; the first answer stored wins (a repeat with the same key got the same object). */
export async function storeProviderPayment(db: Db, id: string, values: { providerPaymentId: string; confirmationUrl: string }) {
  const [row] = await db
    .update(payments)
    .set(values)
    .where(and(eq(payments.id, id), or(isNull(payments.providerPaymentId), eq(payments.providerPaymentId, values.providerPaymentId))))
    .returning({ confirmationUrl: payments.confirmationUrl });
  return row ?? null;
}

/** A payment as its payer or payee may see it; null for anyone else (404, like a missing one). */
export async function findVisiblePayment(db: Db, id: string, userId: number) {
  const [row] = await db
    .select({
      payment: payments,
      eventId: eventRegistrations.eventId,
      // a consultation's loyalty discount as booked, and the mentor's name the receipt's reason says
      booking: {
        regularPrice: consultationBookings.regularPrice,
        discountPercent: consultationBookings.discountPercent,
        consultationNumber: consultationBookings.consultationNumber,
        mentorName: sql<string>`(select u.first_name from users u where u.id = ${consultationBookings.mentorId})`,
      },
    })
    .from(payments)
    .leftJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
    .leftJoin(consultationBookings, eq(consultationBookings.id, payments.bookingId))
    .where(and(eq(payments.id, id), or(eq(payments.payerId, userId), eq(payments.payeeId, userId))))
    .limit(1);
  return row ?? null;
}

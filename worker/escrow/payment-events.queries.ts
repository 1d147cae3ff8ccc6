// The statements of the provider's notifications (payment-events.ts): conditional updates of the payment and its
// booking or registration, and the reads that decide whether a service whose hold ran out can still be revived.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../drizzle/db.ts';
import { consultationBookings } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations } from '../../drizzle/schema/events.ts';
import { payments, payouts, refunds } from '../../drizzle/schema/payments.ts';
import type { IncomeReceipt, PaymentMethodKind } from '../payments/payment-provider.ts';

/** The booking or registration a payment pays for; null for no such payment. */
export async function paymentServiceRef(db: Db, paymentId: string) {
  const [row] = await db
    .select({ bookingId: payments.bookingId, registrationId: payments.registrationId, packageId: payments.packageId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row ?? null;
}

/** pending (or canceled: the payer's money arrived after all) → succeeded; the row, or null when already applied. */
export async function markPaymentSucceeded(tx: Tx, paymentId: string, method: PaymentMethodKind | null) {
  const [payment] = await tx
    .update(payments)
    // a late success after a cancellation: the reason no longer holds; the method is how the payer paid (decision 020)
    .set({ status: 'succeeded', paidAt: sql`now()`, cancelReason: null, paymentMethod: method })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'canceled'])))
    .returning();
  return payment ?? null;
}

/** pending → canceled, with the provider's reason; the row, or null when the payment was no longer pending. */
export async function markPaymentCanceled(tx: Tx, paymentId: string, reason: string | null) {
  const [payment] = await tx
    .update(payments)
    .set({ status: 'canceled', cancelReason: reason })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning();
  return payment ?? null;
}

const paidBooking = () => ({ status: 'paid' as const, paidAt: sql`now()`, holdExpiresAt: null });

/** pending_payment → paid; false when the booking was not waiting for its payment. */
export async function payHeldBooking(tx: Tx, bookingId: number): Promise<boolean> {
  const [held] = await tx
    .update(consultationBookings)
    .set(paidBooking())
    .where(and(eq(consultationBookings.id, bookingId), eq(consultationBookings.status, 'pending_payment')))
    .returning({ id: consultationBookings.id });
  return Boolean(held);
}

export async function findBooking(tx: Tx, bookingId: number) {
  const [booking] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId));
  return booking ?? null;
}

/**
 * Whether the slot is still live and in the future, held FOR SHARE: the slot writer locks the slot FOR UPDATE before
 * it checks for live bookings.
 */
export async function shareLiveFutureSlot(tx: Tx, slotId: number): Promise<boolean> {
  const slot = await tx.execute(sql`select id from consultation_slots where id = ${slotId} and deleted_at is null and starts_at > now() for share`);
  return slot.rows.length > 0;
}

/** expired → paid (run in a savepoint: the live-slot unique index refuses it when the slot went to someone else). */
export async function reviveExpiredBooking(tx: Tx, bookingId: number) {
  await tx
    .update(consultationBookings)
    .set(paidBooking())
    .where(and(eq(consultationBookings.id, bookingId), eq(consultationBookings.status, 'expired')));
}

/** pending_payment → expired: the payment was canceled, so the hold ends. */
export async function expireHeldBooking(tx: Tx, bookingId: number) {
  await tx
    .update(consultationBookings)
    .set({ status: 'expired' })
    .where(and(eq(consultationBookings.id, bookingId), eq(consultationBookings.status, 'pending_payment')));
}

/**
 * pending_payment → active: a package's credits can be booked from now on, for its valid_days (decision 006,
 * «Packages»); false when the package was not waiting for its payment.
 */
export async function activatePaidPackage(tx: Tx, packageId: number): Promise<boolean> {
  const result = await tx.execute(sql`
    update consultation_packages set status = 'active', paid_at = now(), expires_at = now() + make_interval(days => valid_days), updated_at = now()
    where id = ${packageId} and status = 'pending_payment' returning id`);
  return result.rows.length > 0;
}

const confirmedRegistration = () => ({ status: 'confirmed' as const, confirmedAt: sql`now()`, holdExpiresAt: null, canceledAt: null });

/** pending_payment → confirmed; false when the registration was not waiting for its payment. */
export async function confirmHeldRegistration(tx: Tx, registrationId: number): Promise<boolean> {
  const [held] = await tx
    .update(eventRegistrations)
    .set(confirmedRegistration())
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.status, 'pending_payment')))
    .returning({ id: eventRegistrations.id });
  return Boolean(held);
}

/**
 * Whether the registration was canceled because its hold ran out (at or after hold_expires_at, not by its owner)
 * and its event still goes ahead.
 */
export async function isRevivableRegistration(tx: Tx, registrationId: number): Promise<boolean> {
  const revivable = await tx.execute(sql`
    select r.id from event_registrations r join events e on e.id = r.event_id
    where r.id = ${registrationId} and r.status = 'canceled'
      and r.hold_expires_at is not null and r.canceled_at >= r.hold_expires_at
      and not e.is_canceled and e.starts_at > now()`);
  return revivable.rows.length > 0;
}

/** canceled → confirmed (run in a savepoint: the trigger takes the seat and the CHECK on events refuses one too many). */
export async function reviveCanceledRegistration(tx: Tx, registrationId: number) {
  await tx
    .update(eventRegistrations)
    .set(confirmedRegistration())
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.status, 'canceled')));
}

/** pending_payment → canceled: the payment was canceled, so the seat is freed. */
export async function cancelHeldRegistration(tx: Tx, registrationId: number) {
  await tx
    .update(eventRegistrations)
    .set({ status: 'canceled', canceledAt: sql`now()` })
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.status, 'pending_payment')));
}

/**
 * A pending payout's final status, with the income receipt the provider registered with a self-employed mentor's payout
 * that settled after its answer (decision 020); false when no pending payout has that provider id.
 */
export async function settlePayout(db: Db, providerPayoutId: string, status: 'succeeded' | 'canceled', incomeReceipt: IncomeReceipt | null = null): Promise<boolean> {
  const receipt = incomeReceipt ? { npdReceiptId: incomeReceipt.npdReceiptId, npdReceiptUrl: incomeReceipt.url } : {};
  const [row] = await db
    .update(payouts)
    .set(status === 'succeeded' ? { status: 'succeeded', lastError: null, ...receipt } : { status: 'failed', lastError: 'Платёжная система отклонила выплату' })
    .where(and(eq(payouts.providerPayoutId, providerPayoutId), eq(payouts.status, 'pending')))
    .returning({ id: payouts.id });
  return Boolean(row);
}

/** The mentor of a payout the provider has and we still count as on its way; null when none is. */
export async function pendingPayoutMentor(db: Db, providerPayoutId: string): Promise<number | null> {
  const [row] = await db
    .select({ mentorId: payouts.mentorId })
    .from(payouts)
    .where(and(eq(payouts.providerPayoutId, providerPayoutId), eq(payouts.status, 'pending')));
  return row?.mentorId ?? null;
}

/**
 * The provider canceled a self-employed mentor's payout after it took it: the payout waits with the reason, unsent again
 * (no provider id) and under a new idempotency key, as one refused on sending does (transfers.queries.ts
 * holdRefusedPayout). The canceled payout's id stays in last_error. False when no pending payout has that provider id.
 */
export async function requeueCanceledPayout(db: Db, providerPayoutId: string, waitingReason: string): Promise<boolean> {
  const [row] = await db
    .update(payouts)
    .set({ providerPayoutId: null, waitingReason, lastError: `canceled by the provider after it took it (${providerPayoutId})`.slice(0, 500), idempotencyKey: sql`gen_random_uuid()` })
    .where(and(eq(payouts.providerPayoutId, providerPayoutId), eq(payouts.status, 'pending')))
    .returning({ id: payouts.id });
  return Boolean(row);
}

export async function isKnownPayout(db: Db, providerPayoutId: string): Promise<boolean> {
  const [known] = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.providerPayoutId, providerPayoutId));
  return Boolean(known);
}

/** A pending refund's final status; false when no pending refund has that provider id. */
export async function settleRefund(db: Db, providerRefundId: string, status: 'succeeded' | 'canceled'): Promise<boolean> {
  const [row] = await db
    .update(refunds)
    .set(status === 'succeeded' ? { status: 'succeeded', lastError: null } : { status: 'failed', lastError: 'Платёжная система отклонила возврат' })
    .where(and(eq(refunds.providerRefundId, providerRefundId), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  return Boolean(row);
}

export async function isKnownRefund(db: Db, providerRefundId: string): Promise<boolean> {
  const [known] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
  return Boolean(known);
}

// What the payment provider's notifications do to our books (decision 006, Escrow). The webhooks
// (worker/payments) call these after checking the notification; each is one transaction of conditional
// updates, so five copies of one notification, in any order and at once, change state once.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../drizzle/db.ts';
import { consultationBookings } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations } from '../../drizzle/schema/events.ts';
import { ledgerEntries, payments, payouts, refunds } from '../../drizzle/schema/payments.ts';
import { storeNotifications } from '../notifications/notify.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { applyEffects, noEffects, type Effects } from './effects.ts';
import { refundHeld, type Payment } from './money.ts';
import { refundNotice } from './notices.ts';
import { confirmedRegistrationNotices, paidBookingNotices } from './service-notices.ts';
import { lockBooking, lockRegistration } from './service-locks.ts';
import { pgError } from '../lib/db-errors.ts';
import { transact } from '../lib/transact.ts';

export const LATE_PAYMENT_REFUND_REASON = 'Оплата пришла после того, как бронь истекла, а место уже занято.';

async function paymentRef(ctx: ProviderContext, paymentId: string) {
  const [row] = await ctx.db
    .select({ bookingId: payments.bookingId, registrationId: payments.registrationId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row ?? null;
}

/** Locks the payment's booking or registration, so every money transition meets the service row first. */
async function lockService(tx: Tx, ref: { bookingId: number | null; registrationId: number | null }) {
  if (ref.bookingId) await lockBooking(tx, ref.bookingId);
  else if (ref.registrationId) await lockRegistration(tx, ref.registrationId);
}

/** Runs `fn` in a savepoint; false when it broke a unique index or a CHECK (the seat or slot went to someone else). */
async function inSavepoint(tx: Tx, fn: (sp: Tx) => Promise<unknown>) {
  try {
    await tx.transaction(async (sp) => {
      await fn(sp);
    });
    return true;
  } catch (e) {
    const code = pgError(e)?.code;
    if (code === '23505' || code === '23514') return false;
    throw e;
  }
}

/**
 * The booking takes the money: pending_payment → paid. A hold that ran out (expired by the scheduler or
 * lazily) is revived when its slot is still free, live and in the future; the partial unique index on
 * live bookings decides whether it still is. False when the booking can't have it (canceled, re-booked).
 */
async function bookingTakesPayment(tx: Tx, bookingId: number): Promise<boolean> {
  const paid = { status: 'paid' as const, paidAt: sql`now()`, holdExpiresAt: null };
  const [held] = await tx
    .update(consultationBookings)
    .set(paid)
    .where(and(eq(consultationBookings.id, bookingId), eq(consultationBookings.status, 'pending_payment')))
    .returning({ id: consultationBookings.id });
  if (held) return true;
  const [booking] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId));
  if (booking?.status !== 'expired') return false;
  // the slot writer locks the slot FOR UPDATE before it checks for live bookings; we hold FOR SHARE
  const slot = await tx.execute(
    sql`select id from consultation_slots where id = ${booking.slotId} and deleted_at is null and starts_at > now() for share`,
  );
  if (!slot.rows.length) return false;
  return inSavepoint(tx, (sp) =>
    sp
      .update(consultationBookings)
      .set(paid)
      .where(and(eq(consultationBookings.id, bookingId), eq(consultationBookings.status, 'expired'))),
  );
}

/**
 * The registration takes the money: pending_payment → confirmed. A registration whose hold ran out (canceled
 * at or after hold_expires_at, not by its owner) is revived when the event still goes ahead and a seat is
 * free: the trigger takes the seat and the CHECK on events refuses one too many.
 */
async function registrationTakesPayment(tx: Tx, registrationId: number): Promise<boolean> {
  const confirmed = { status: 'confirmed' as const, confirmedAt: sql`now()`, holdExpiresAt: null, canceledAt: null };
  const [held] = await tx
    .update(eventRegistrations)
    .set(confirmed)
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.status, 'pending_payment')))
    .returning({ id: eventRegistrations.id });
  if (held) return true;
  const revivable = await tx.execute(sql`
    select r.id from event_registrations r join events e on e.id = r.event_id
    where r.id = ${registrationId} and r.status = 'canceled'
      and r.hold_expires_at is not null and r.canceled_at >= r.hold_expires_at
      and not e.is_canceled and e.starts_at > now()`);
  if (!revivable.rows.length) return false;
  return inSavepoint(tx, (sp) =>
    sp
      .update(eventRegistrations)
      .set(confirmed)
      .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.status, 'canceled'))),
  );
}

/**
 * The provider says the payment succeeded: pending → succeeded, the money enters escrow (ledger
 * payment_received), and the booking is paid / the registration confirmed. A payment we had already
 * canceled (its hold ran out) is still accepted, since the payer's money did arrive: its service is revived
 * if it can be, otherwise the money goes straight back in full.
 */
export async function onPaymentSucceeded(ctx: ProviderContext, paymentId: string): Promise<'applied' | 'already'> {
  const ref = await paymentRef(ctx, paymentId);
  if (!ref) return 'already';
  const effects = await transact(ctx.db, async (tx): Promise<Effects | null> => {
    await lockService(tx, ref);
    const [payment] = await tx
      .update(payments)
      .set({ status: 'succeeded', paidAt: sql`now()` })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'canceled'])))
      .returning();
    if (!payment) return null;
    await tx.insert(ledgerEntries).values({ paymentId, kind: 'payment_received', debit: 'payer', credit: 'escrow', amountKopecks: payment.amountKopecks });
    const kept = payment.bookingId ? await bookingTakesPayment(tx, payment.bookingId) : await registrationTakesPayment(tx, payment.registrationId!);
    if (kept) {
      const notices = payment.bookingId ? await paidBookingNotices(tx, payment.bookingId) : await confirmedRegistrationNotices(tx, payment.registrationId!, true);
      return { ...noEffects(), notifications: await storeNotifications(tx, notices) };
    }
    return refundLatePayment(tx, payment);
  });
  if (!effects) return 'already';
  await applyEffects(ctx, effects);
  return 'applied';
}

async function refundLatePayment(tx: Tx, payment: Payment): Promise<Effects> {
  const refund = await refundHeld(tx, payment.id, LATE_PAYMENT_REFUND_REASON);
  if (!refund) return noEffects();
  const notifications = await storeNotifications(tx, [refundNotice(payment.payerId, payment.id, refund.amountKopecks, LATE_PAYMENT_REFUND_REASON)]);
  return { payoutIds: [], refundIds: [refund.refundId], notifications };
}

/** The provider says the payment was canceled (declined, abandoned): the booking's hold ends, the seat is freed. */
export async function onPaymentCanceled(ctx: ProviderContext, paymentId: string): Promise<'applied' | 'already'> {
  const ref = await paymentRef(ctx, paymentId);
  if (!ref) return 'already';
  return transact(ctx.db, async (tx) => {
    await lockService(tx, ref);
    const [payment] = await tx
      .update(payments)
      .set({ status: 'canceled' })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning();
    if (!payment) return 'already';
    if (payment.bookingId) {
      await tx
        .update(consultationBookings)
        .set({ status: 'expired' })
        .where(and(eq(consultationBookings.id, payment.bookingId), eq(consultationBookings.status, 'pending_payment')));
    } else if (payment.registrationId) {
      await tx
        .update(eventRegistrations)
        .set({ status: 'canceled', canceledAt: sql`now()` })
        .where(and(eq(eventRegistrations.id, payment.registrationId), eq(eventRegistrations.status, 'pending_payment')));
    }
    return 'applied';
  });
}

/**
 * The provider's final word on a payout. An id we never stored throws, so the notification is not
 * acknowledged and the provider delivers it again (our own row may not have its provider id yet).
 */
export async function onPayoutResult(ctx: ProviderContext, providerPayoutId: string, status: 'succeeded' | 'canceled'): Promise<void> {
  const [row] = await ctx.db
    .update(payouts)
    .set(status === 'succeeded' ? { status: 'succeeded', lastError: null } : { status: 'failed', lastError: 'Платёжная система отклонила выплату' })
    .where(and(eq(payouts.providerPayoutId, providerPayoutId), eq(payouts.status, 'pending')))
    .returning({ id: payouts.id });
  if (row) return;
  const [known] = await ctx.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.providerPayoutId, providerPayoutId));
  if (!known) throw new Error(`unknown provider payout ${providerPayoutId}`);
}

/** The provider's final word on a refund; an unknown id throws, as for payouts. */
export async function onRefundResult(ctx: ProviderContext, providerRefundId: string, status: 'succeeded' | 'canceled'): Promise<void> {
  const [row] = await ctx.db
    .update(refunds)
    .set(status === 'succeeded' ? { status: 'succeeded', lastError: null } : { status: 'failed', lastError: 'Платёжная система отклонила возврат' })
    .where(and(eq(refunds.providerRefundId, providerRefundId), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  if (row) return;
  const [known] = await ctx.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
  if (!known) throw new Error(`unknown provider refund ${providerRefundId}`);
}

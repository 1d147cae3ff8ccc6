// What the payment provider's notifications do to our books (decision 006, Escrow). The webhooks
// (worker/payments) call these after checking the notification; each is one transaction of conditional
// updates (payment-events.queries.ts), so five copies of one notification, in any order and at once, change state once.
import type { Tx } from '../../drizzle/db.ts';
import { bookingSides } from '../bookings/bookings.queries.ts';
import { tellMove } from '../bookings/move-telling.ts';
import { applyTypeMove, endAwaitedMove, lockAwaitedMove, nameMovedBooking, type TypeMoved } from '../bookings/type-move.queries.ts';
import { emailSender } from '../mail/senders.ts';
import { storeNotifications } from '../notifications/notify.ts';
import type { IncomeReceipt, PaymentMethodKind, ProviderContext } from '../payments/payment-provider.ts';
import { refusalReason } from './self-employed-payouts.ts';
import { applyEffects, noEffects, type Effects } from './effects.ts';
import { refundHeld } from './money.ts';
import { insertLedgerEntries, type Payment } from './money.queries.ts';
import {
  activatePaidPackage,
  cancelHeldRegistration,
  confirmHeldRegistration,
  expireHeldBooking,
  findBooking,
  isKnownPayout,
  isKnownRefund,
  isRevivableRegistration,
  markPaymentCanceled,
  markPaymentSucceeded,
  payHeldBooking,
  paymentServiceRef,
  pendingPayoutMentor,
  requeueCanceledPayout,
  reviveCanceledRegistration,
  reviveExpiredBooking,
  settlePayout,
  settleRefund,
  shareLiveFutureSlot,
} from './payment-events.queries.ts';
import { refundNotice } from './notices.ts';
import { confirmedRegistrationNotices, paidBookingNotices } from './service-notices.ts';
import { lockBooking, lockRegistration } from './service-locks.queries.ts';
import { lockPackage } from './package-money.queries.ts';
import { pgError } from '../lib/db-errors.ts';
import { transact } from '../lib/transact.ts';

export const LATE_PAYMENT_REFUND_REASON = 'Оплата пришла после того, как бронь истекла, а место уже занято.';
export const LATE_TOP_UP_REFUND_REASON = 'Доплата пришла, когда перенос уже не мог состояться: время занято или запись изменилась.';

/** Locks the payment's booking, registration or package, so every money transition meets the service row first. */
async function lockService(tx: Tx, ref: { bookingId: number | null; registrationId: number | null; packageId: number | null }) {
  if (ref.bookingId) await lockBooking(tx, ref.bookingId);
  else if (ref.registrationId) await lockRegistration(tx, ref.registrationId);
  else if (ref.packageId) await lockPackage(tx, ref.packageId);
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
  if (await payHeldBooking(tx, bookingId)) return true;
  const booking = await findBooking(tx, bookingId);
  if (booking?.status !== 'expired') return false;
  // the slot writer locks the slot FOR UPDATE before it checks for live bookings; we hold FOR SHARE
  if (!(await shareLiveFutureSlot(tx, booking.slotId))) return false;
  return inSavepoint(tx, (sp) => reviveExpiredBooking(sp, bookingId));
}

/**
 * The registration takes the money: pending_payment → confirmed. A registration whose hold ran out (canceled
 * at or after hold_expires_at, not by its owner) is revived when the event still goes ahead and a seat is
 * free: the trigger takes the seat and the CHECK on events refuses one too many.
 */
async function registrationTakesPayment(tx: Tx, registrationId: number): Promise<boolean> {
  if (await confirmHeldRegistration(tx, registrationId)) return true;
  if (!(await isRevivableRegistration(tx, registrationId))) return false;
  return inSavepoint(tx, (sp) => reviveCanceledRegistration(sp, registrationId));
}

/**
 * The provider says the payment succeeded: pending → succeeded, the money enters escrow (ledger
 * payment_received), and the booking is paid / the registration confirmed. A payment we had already
 * canceled (its hold ran out) is still accepted, since the payer's money did arrive: its service is revived
 * if it can be, otherwise the money goes straight back in full.
 */
export async function onPaymentSucceeded(ctx: ProviderContext, paymentId: string, method: PaymentMethodKind | null = null): Promise<'applied' | 'already'> {
  const ref = await paymentServiceRef(ctx.db, paymentId);
  if (!ref) return 'already';
  let movedByTopUp: (TypeMoved & { paidKopecks: number }) | null = null;
  const effects = await transact(ctx.db, async (tx): Promise<Effects | null> => {
    await lockService(tx, ref);
    const payment = await markPaymentSucceeded(tx, paymentId, method);
    if (!payment) return null;
    await insertLedgerEntries(tx, [{ paymentId, kind: 'payment_received', debit: 'payer', credit: 'escrow', amountKopecks: payment.amountKopecks }]);
    // a package waits for its payment without a hold, so only a second payment of one package finds it taken
    if (payment.packageId) return (await activatePaidPackage(tx, payment.packageId)) ? noEffects() : refundLatePayment(tx, payment);
    // a top-up moves its booking to the dearer type it paid for (decision 024), or goes back when that can't happen
    if (payment.typeMoveId) {
      const moved = await topUpMovesBooking(tx, payment.typeMoveId);
      if (!moved) return refundLatePayment(tx, payment, LATE_TOP_UP_REFUND_REASON);
      movedByTopUp = { ...moved, paidKopecks: payment.amountKopecks };
      return noEffects();
    }
    const kept = payment.bookingId ? await bookingTakesPayment(tx, payment.bookingId) : await registrationTakesPayment(tx, payment.registrationId!);
    if (kept) {
      const notices = payment.bookingId ? await paidBookingNotices(tx, payment.bookingId) : await confirmedRegistrationNotices(tx, payment.registrationId!, true);
      return { ...noEffects(), notifications: await storeNotifications(tx, notices) };
    }
    return refundLatePayment(tx, payment);
  });
  if (!effects) return 'already';
  await applyEffects(ctx, effects);
  if (movedByTopUp) await tellTopUpMove(ctx, movedByTopUp);
  return 'applied';
}

/** The awaited move of a top-up applied (in a savepoint: the slot's indexes and rules may refuse it); null when it can't. */
async function topUpMovesBooking(tx: Tx, moveId: number): Promise<TypeMoved | null> {
  const bookingId = await lockAwaitedMove(tx, moveId);
  if (bookingId === null) return null;
  let moved: TypeMoved | null = null;
  const applied = await inSavepoint(tx, async (sp) => {
    await nameMovedBooking(sp, bookingId);
    moved = await applyTypeMove(sp, moveId);
  });
  if (!applied || !moved) await endAwaitedMove(tx, moveId);
  return applied ? moved : null;
}

/** Both people hear of the move the top-up completed, as of any move; the e-mails are sent now (no request to wait for). */
async function tellTopUpMove(ctx: ProviderContext, moved: TypeMoved & { paidKopecks: number }) {
  const sides = await bookingSides(ctx.db, moved.bookingId);
  const money = { typeNameBefore: moved.typeNameBefore, paidKopecks: moved.paidKopecks, returnedKopecks: 0 };
  const senders = { email: emailSender(ctx.env, ctx.db) };
  await tellMove(ctx, { sides, oldStartsAt: moved.oldStartsAt, revision: moved.revision, by: 'mentee', money }, (send) => send(senders));
}

async function refundLatePayment(tx: Tx, payment: Payment, reason = LATE_PAYMENT_REFUND_REASON): Promise<Effects> {
  const refund = await refundHeld(tx, payment.id, reason);
  if (!refund) return noEffects();
  const notifications = await storeNotifications(tx, [refundNotice(payment.payerId, payment.id, refund.amountKopecks, reason)]);
  return { payoutIds: [], refundIds: [refund.refundId], notifications };
}

/** The provider says the payment was canceled (declined, abandoned): the booking's hold ends, the seat is freed. */
export async function onPaymentCanceled(ctx: ProviderContext, paymentId: string, reason: string | null): Promise<'applied' | 'already'> {
  const ref = await paymentServiceRef(ctx.db, paymentId);
  if (!ref) return 'already';
  return transact(ctx.db, async (tx) => {
    await lockService(tx, ref);
    const payment = await markPaymentCanceled(tx, paymentId, reason);
    if (!payment) return 'already';
    // a top-up not paid: its move ends and the slot it held is free; the booking stays as it was
    if (payment.typeMoveId) await endAwaitedMove(tx, payment.typeMoveId);
    else if (payment.bookingId) await expireHeldBooking(tx, payment.bookingId);
    else if (payment.registrationId) await cancelHeldRegistration(tx, payment.registrationId);
    return 'applied';
  });
}

/** What the provider's payout object says of a self-employed payee (decision 020): the permission it went under, its receipt. */
export type PayoutSeen = { selfEmployedId: string | null; incomeReceipt: IncomeReceipt | null };

/**
 * The provider's final word on a payout. A succeeded one keeps the income receipt registered with it. A self-employed
 * mentor's payout canceled after the provider took it (his permission revoked, the yearly НПД limit reached meanwhile)
 * waits with the reason read through the permission's state and is sent again under a new key once he fixes it, as a
 * refusal on sending does (transfers.ts); any other canceled payout fails. An id we never stored throws, so the
 * notification is not acknowledged and the provider delivers it again (our own row may not have its provider id yet).
 */
export async function onPayoutResult(ctx: ProviderContext, providerPayoutId: string, status: 'succeeded' | 'canceled', seen: PayoutSeen = { selfEmployedId: null, incomeReceipt: null }): Promise<void> {
  if (status === 'canceled' && seen.selfEmployedId) {
    const mentorId = await pendingPayoutMentor(ctx.db, providerPayoutId);
    if (mentorId !== null && (await requeueCanceledPayout(ctx.db, providerPayoutId, await refusalReason(ctx, mentorId, seen.selfEmployedId)))) return;
  } else if (await settlePayout(ctx.db, providerPayoutId, status, seen.incomeReceipt)) return;
  if (!(await isKnownPayout(ctx.db, providerPayoutId))) throw new Error(`unknown provider payout ${providerPayoutId}`);
}

/** The provider's final word on a refund; an unknown id throws, as for payouts. */
export async function onRefundResult(ctx: ProviderContext, providerRefundId: string, status: 'succeeded' | 'canceled'): Promise<void> {
  if (await settleRefund(ctx.db, providerRefundId, status)) return;
  if (!(await isKnownRefund(ctx.db, providerRefundId))) throw new Error(`unknown provider refund ${providerRefundId}`);
}

// Escrow: the money state machine and its ledger. Payments are taken through the sandbox provider's own
// books and reach escrow the way the webhook hands them over; refunds and payouts go to the sandbox.
import { eq } from 'drizzle-orm';
import { DISPUTE_WINDOW_HOURS } from '../../worker/escrow/dispute-window.ts';
import { settleDueBookings } from '../../worker/maintenance/settle-due.ts';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { payouts } from '../../drizzle/schema/payments.ts';
import { cancellationRefund } from '../../worker/escrow/cancellation-policy.ts';
import { splitRelease } from '../../worker/escrow/fee.ts';
import { expireBookingHolds } from '../../worker/escrow/holds.ts';
import { onPaymentCanceled, onPaymentSucceeded } from '../../worker/escrow/payment-events.ts';
import { retryPendingTransfers } from '../../worker/escrow/transfers.ts';
import { settlePayment } from '../../worker/payments/sandbox/sandbox-books.ts';
import { createUser } from '../factories.ts';
import {
  addPayoutCard,
  backdateBooking,
  book,
  bookingRow,
  books,
  DAY,
  HOUR,
  mentorSlot,
  paidBooking,
  paymentRow,
  pendingBooking,
  providerCtx,
  providerPays,
  runOutHold,
  sandboxCount,
  shiftSlot,
} from './escrow-fixtures.ts';
import { testDb, useTestDb } from './helpers.ts';
import type { InferResponseType } from 'hono/client';
import { asUser } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
/** the typed client's booking as this user, on the spec's paths with the trailing slash unless told */
const bookingOf = (user: Person, trailingSlash = true) => apiAs(asUser(user), { trailingSlash })['consultation-bookings'][':id'];
const cancel = (user: Person, bookingId: number) => bookingOf(user).cancel.$post({ param: { id: String(bookingId) }, json: { user_id: user.id } });
const finish = (user: Person, bookingId: number) => bookingOf(user).finish.$post({ param: { id: String(bookingId) }, json: { user_id: user.id } });
type Canceled = InferResponseType<ReturnType<typeof bookingOf>['cancel']['$post'], 200>;
type Finished = InferResponseType<ReturnType<typeof bookingOf>['finish']['$post'], 200>;

const kindsFor = async (userId: number) => (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind).sort();

describe('cancellation policy', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  it('refunds the buyer in full at least 7 days ahead or within 24 hours of booking, else releases', () => {
    expect(cancellationRefund({ by: 'buyer', startsAt: at(7 * DAY), bookedAt: at(-30 * DAY), now })).toBe('full');
    expect(cancellationRefund({ by: 'buyer', startsAt: at(7 * DAY - 60_000), bookedAt: at(-30 * DAY), now })).toBe('none');
    expect(cancellationRefund({ by: 'buyer', startsAt: at(HOUR), bookedAt: at(-24 * HOUR), now })).toBe('full');
    expect(cancellationRefund({ by: 'buyer', startsAt: at(HOUR), bookedAt: at(-24 * HOUR - 1000), now })).toBe('none');
    expect(cancellationRefund({ by: 'buyer', startsAt: at(-HOUR), bookedAt: at(-3 * DAY), now })).toBe('none');
    // registered 30 minutes ago for something that began a minute ago: the 24 hours after booking end at the start
    expect(cancellationRefund({ by: 'buyer', startsAt: at(-60_000), bookedAt: at(-30 * 60_000), now })).toBe('none');
  });
  it("refunds the mentor's cancellation in full, always", () => {
    expect(cancellationRefund({ by: 'mentor', startsAt: at(-HOUR), bookedAt: at(-30 * DAY), now })).toBe('full');
    expect(cancellationRefund({ by: 'mentor', startsAt: at(2 * DAY), bookedAt: at(-3 * DAY), now })).toBe('full');
  });
  it('takes 5 % for the platform, rounded to the kopeck', () => {
    expect(splitRelease(150_000)).toEqual({ feeKopecks: 7500, payoutKopecks: 142_500 });
    expect(splitRelease(10_010)).toEqual({ feeKopecks: 501, payoutKopecks: 9509 });
  });
});

describe('payment notifications', () => {
  it('applies "succeeded" once when it arrives 5 times at once', async () => {
    const { mentor, booking, payment } = await pendingBooking(t.db);
    await settlePayment(t.db, payment.providerPaymentId, 'succeeded');
    const handles = Array.from({ length: 5 }, () => testDb());
    try {
      const results = await Promise.all(handles.map((h) => onPaymentSucceeded(providerCtx(h.db), payment.paymentId)));
      expect(results.filter((r) => r === 'applied')).toHaveLength(1);
      expect(results.filter((r) => r === 'already')).toHaveLength(4);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('succeeded');
    expect((await bookingRow(t.db, booking.id)).status).toBe('paid');
    const { entries } = await books(t.db, payment.paymentId);
    expect(entries.map((e) => [e.kind, e.debit, e.credit, e.amountKopecks])).toEqual([['payment_received', 'payer', 'escrow', 150_000]]);
    expect(await kindsFor(mentor.id)).toEqual(['booking_paid']);
    expect(await onPaymentSucceeded(providerCtx(t.db), payment.paymentId)).toBe('already');
  });

  it('"canceled" ends the hold: the booking expires and the slot is free', async () => {
    const { slot, booking, payment } = await pendingBooking(t.db);
    const next = await createUser(t.db);
    expect(await onPaymentCanceled(providerCtx(t.db), payment.paymentId, 'insufficient_funds')).toBe('applied');
    expect(await onPaymentCanceled(providerCtx(t.db), payment.paymentId, 'card_expired')).toBe('already');
    // the first word stands: the payer is told their card lacked the money
    expect(await paymentRow(t.db, payment.paymentId)).toMatchObject({ status: 'canceled', cancelReason: 'insufficient_funds' });
    expect((await bookingRow(t.db, booking.id)).status).toBe('expired');
    await book(next, slot.id);
  });

  it('revives a booking whose hold ran out when the money arrives and the slot is still free', async () => {
    const { slot, booking, payment } = await pendingBooking(t.db);
    await runOutHold(t.db, booking.id);
    await expireBookingHolds(t.db, { slotId: slot.id });
    // our hold ran out: the payer is told the time to pay was over, not that a bank declined
    expect(await paymentRow(t.db, payment.paymentId)).toMatchObject({ status: 'canceled', cancelReason: 'expired_on_confirmation' });
    expect(await providerPays(t.db, payment)).toBe('applied');
    expect((await bookingRow(t.db, booking.id)).status).toBe('paid');
    expect(await paymentRow(t.db, payment.paymentId)).toMatchObject({ status: 'succeeded', cancelReason: null });
  });

  it('refunds in full a payment that arrives after the slot was booked by someone else', async () => {
    const { slot, mentee: late, booking, payment } = await pendingBooking(t.db);
    const other = await createUser(t.db);
    await runOutHold(t.db, booking.id);
    const rebooked = await book(other, slot.id);
    expect(await providerPays(t.db, payment)).toBe('applied');
    expect((await bookingRow(t.db, booking.id)).status).toBe('expired');
    expect((await bookingRow(t.db, rebooked.id)).status).toBe('pending_payment');
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('refunded');
    const { ledger, refund, payout } = await books(t.db, payment.paymentId);
    expect(ledger).toEqual({ payment_received: 150_000, refund: 150_000 });
    expect(payout).toBeNull();
    expect(refund).toMatchObject({ amountKopecks: 150_000, status: 'succeeded', providerRefundId: expect.stringMatching(/^sbx_rf_/) });
    expect(await sandboxCount(t.db, 'refund', refund!.idempotencyKey)).toBe(1);
    expect(await kindsFor(late.id)).toEqual(['refund']);
  });
});

describe('cancelling a paid booking', () => {
  it('refunds the booker in full at least 7 days before the start', async () => {
    const { booking, mentee, payment, mentor } = await paidBooking(t.db, { startsIn: 10 * DAY });
    await backdateBooking(t.db, booking.id, 3 * DAY);
    expect(await expectOk(cancel(mentee, booking.id), 200)).toEqual<Canceled>({ id: booking.id, status: 'canceled', refund: 'full', returns_credit: false });
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('refunded');
    const { ledger, refund } = await books(t.db, payment.paymentId);
    expect(ledger).toEqual({ payment_received: 150_000, refund: 150_000 });
    expect(refund?.status).toBe('succeeded');
    expect(await kindsFor(mentee.id)).toEqual(['booking_confirmed', 'refund']);
    expect(await kindsFor(mentor.id)).toEqual(['booking_canceled', 'booking_paid']);
  });

  it('refunds the booker in full within 24 hours of booking, even close to the start', async () => {
    const { booking, mentee, payment } = await paidBooking(t.db, { startsIn: 2 * DAY });
    await backdateBooking(t.db, booking.id, 23 * HOUR);
    expect((await expectOk(cancel(mentee, booking.id), 200)).refund).toBe('full');
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('refunded');
  });

  it('releases the money to the mentor, minus 5 %, when the booker cancels late', async () => {
    const { booking, mentee, mentor, payment, slot } = await paidBooking(t.db, { startsIn: 2 * DAY, costs: 1500 });
    const card = await addPayoutCard(t.db, mentor.id);
    await backdateBooking(t.db, booking.id, 3 * DAY);
    expect(await expectOk(cancel(mentee, booking.id), 200)).toEqual<Canceled>({ id: booking.id, status: 'canceled', refund: 'none', returns_credit: false });
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('released');
    const { entries, payout, refund } = await books(t.db, payment.paymentId);
    expect(refund).toBeNull();
    expect(entries.map((e) => [e.kind, e.debit, e.credit, e.amountKopecks]).sort()).toEqual([
      ['mentor_payout', 'escrow', 'mentor', 142_500],
      ['payment_received', 'payer', 'escrow', 150_000],
      ['platform_fee', 'escrow', 'platform', 7500],
    ]);
    expect(payout).toMatchObject({ mentorId: mentor.id, cardTokenId: card.id, amountKopecks: 142_500, feeKopecks: 7500, status: 'succeeded', lastError: null });
    expect(payout!.providerPayoutId).toMatch(/^sbx_po_/);
    expect(await sandboxCount(t.db, 'payout', payout!.idempotencyKey)).toBe(1);
    // the slot is free again for someone else
    await book(await createUser(t.db), slot.id);
  });

  it("refunds in full when the mentor cancels, however late", async () => {
    const { booking, mentee, mentor, payment } = await paidBooking(t.db, { startsIn: 2 * DAY });
    await backdateBooking(t.db, booking.id, 3 * DAY);
    expect(await expectOk(cancel(mentor, booking.id), 200)).toEqual<Canceled>({ id: booking.id, status: 'canceled', refund: 'full', returns_credit: false });
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('refunded');
    expect((await bookingRow(t.db, booking.id)).canceledBy).toBe(mentor.id);
    expect(await kindsFor(mentee.id)).toEqual(['booking_canceled', 'booking_confirmed', 'refund']);
  });

  it('just ends a booking still waiting for payment, and refuses strangers and repeats', async () => {
    const { mentor, mentee, booking, payment } = await pendingBooking(t.db);
    const stranger = await createUser(t.db);
    expect(await expectError(cancel(stranger, booking.id), 404)).toEqual({ detail: 'Бронирование не найдено', code: 'not_found' });
    // the body ({user_id}) may be left out
    const bare = await expectOk(bookingOf(mentee, false).cancel.$post({ param: { id: String(booking.id) }, json: undefined }), 200);
    expect(bare).toEqual<typeof bare>({
      id: booking.id,
      status: 'canceled',
      refund: 'not_paid',
      returns_credit: false,
    });
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('canceled');
    expect((await expectError(cancel(mentee, booking.id), 409)).code).toBe('booking_canceled');
    expect(await kindsFor(mentor.id)).toEqual([]);
    // money that still arrives for it goes back
    expect(await providerPays(t.db, payment)).toBe('applied');
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('refunded');
  });
});

describe('finishing a booking', () => {
  it('lets the booker finish after the start; the money waits for the dispute window, then a payout without a card waits for one', async () => {
    const { booking, mentee, mentor, payment, slot } = await paidBooking(t.db, { startsIn: 2 * DAY });
    expect((await expectError(finish(mentee, booking.id), 409)).code).toBe('not_started');
    await shiftSlot(t.db, slot.id, -HOUR);
    expect(await expectError(finish(mentor, booking.id), 403)).toMatchObject({ code: 'forbidden' });
    expect(await expectOk(finish(mentee, booking.id), 200)).toEqual<Finished>({ id: booking.id, status: 'finished' });
    expect((await expectError(cancel(mentee, booking.id), 409)).code).toBe('booking_finished');
    // decision 010: finishing (the review's second call) leaves the money in escrow until the window closes
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('succeeded');
    expect((await books(t.db, payment.paymentId)).payout).toBeNull();
    await shiftSlot(t.db, slot.id, -(DISPUTE_WINDOW_HOURS + 2) * HOUR);
    await settleDueBookings(providerCtx(t.db));
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('released');
    let { payout } = await books(t.db, payment.paymentId);
    expect(payout).toMatchObject({ status: 'pending', cardTokenId: null, providerPayoutId: null, lastError: 'Нет карты для выплаты', amountKopecks: 142_500 });
    // again: nothing moves twice
    expect(await expectOk(finish(mentee, booking.id), 200)).toEqual<Finished>({ id: booking.id, status: 'finished' });
    const card = await addPayoutCard(t.db, mentor.id, '1111');
    await retryPendingTransfers(providerCtx(t.db));
    ({ payout } = await books(t.db, payment.paymentId));
    expect(payout).toMatchObject({ status: 'succeeded', cardTokenId: card.id, lastError: null, providerPayoutId: expect.stringMatching(/^sbx_po_/) });
    await retryPendingTransfers(providerCtx(t.db));
    expect(await sandboxCount(t.db, 'payout', payout!.idempotencyKey)).toBe(1);
    expect(await t.db.select().from(payouts).where(eq(payouts.paymentId, payment.paymentId))).toHaveLength(1);
  });

  it('refuses a booking not yet paid', async () => {
    const { slot } = await mentorSlot(t.db, { startsIn: 2 * DAY });
    const mentee = await createUser(t.db);
    const booking = await book(mentee, slot.id);
    await shiftSlot(t.db, slot.id, -HOUR);
    expect((await expectError(finish(mentee, booking.id), 409)).code).toBe('booking_not_paid');
  });
});

// Moving a paid consultation onto another type of the same mentor (issue 38 §1, decision 024): the move is quoted
// first; a cheaper type moves at once and the difference goes back as a partial refund with its receipt, the rest
// staying held; a dearer one holds the new time while the mentee pays the difference (the top-up) and moves when it
// is paid. The booking's payments then travel together: a cancellation refunds them all, a release pays them all out.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { fiscalReceipts, ledgerEntries, payments, payouts, refunds } from '../../drizzle/schema/payments.ts';
import { bookingTypeMoves } from '../../drizzle/schema/reschedule.ts';
import { userIdentities } from '../../drizzle/schema/social.ts';
import { users } from '../../drizzle/schema/users.ts';
import { onPaymentCanceled } from '../../worker/escrow/payment-events.ts';
import { settleDueBookings } from '../../worker/maintenance/settle-due.ts';
import { moscowTime } from '../../worker/payments/receipts/receipt-builder.ts';
import { settlePayment } from '../../worker/payments/sandbox/sandbox-books.ts';
import { createUser } from '../factories.ts';
import { addPayoutCard, bookingRow, bookSlot, DAY, HOUR, paidBooking, paymentRow, providerCtx, providerPays, shiftSlot, type User } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send, waitForMail } from './json-api.ts';

const t = useTestDb();

/** another type of the mentor at `costs` rubles with one slot `startsIn` ms ahead */
async function otherType(mentorId: number, costs: number, startsIn: number, values: Partial<typeof consultationTypes.$inferInsert> = {}) {
  const [type] = await t.db.insert(consultationTypes).values({ mentorId, name: `Формат за ${costs}`, durationMinutes: 90, costs, ...values }).returning();
  const at = new Date(Math.ceil((Date.now() + startsIn) / 60_000) * 60_000);
  const [slot] = await t.db
    .insert(consultationSlots)
    .values({ mentorId, consultationTypeId: type.id, startsAt: at, endsAt: new Date(at.getTime() + 90 * 60_000) })
    .returning();
  return { type, slot };
}

type Quote = { to_pay: number; to_refund: number; price_before: number; price_after: number; same_type: boolean; type_name: string; cancel_cutoff_hours: number };
type Answer =
  | { status: 'moved'; refunded: number; starts_at: string }
  | { status: 'awaiting_payment'; to_pay: number; payment_id: string; confirmation_url: string; hold_expires_at: string };

const quote = (user: User, bookingId: number, slotId: number) =>
  send('GET', `/api/consultation-bookings/${bookingId}/reschedule-quote/?slot_id=${slotId}`, { user: asUser(user) });
const move = (user: User, bookingId: number, slotId: number) =>
  send('POST', `/api/consultation-bookings/${bookingId}/reschedule/`, { user: asUser(user), body: { slot_id: slotId } });

const bookingPayments = (bookingId: number) => t.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.createdAt);

describe('moving to a cheaper type', () => {
  it('quotes the difference, moves at once and gives the difference back with a refund receipt; the rest stays held', async () => {
    const { booking, mentee, mentor, payment } = await paidBooking(t.db, { startsIn: 10 * DAY, costs: 3000 });
    const cheaper = await otherType(mentor.id, 1000, 12 * DAY, { cancelCutoffHours: 24 });

    const q = await expectJson<Quote>(quote(mentee, booking.id, cheaper.slot.id), 200);
    expect(q).toMatchObject({ same_type: false, price_before: 3000, price_after: 1000, to_pay: 0, to_refund: 2000, cancel_cutoff_hours: 24, type_name: 'Формат за 1000' });

    const answer = await expectJson<Answer>(move(mentee, booking.id, cheaper.slot.id), 200);
    expect(answer).toMatchObject({ status: 'moved', refunded: 2000, starts_at: cheaper.slot.startsAt.toISOString() });

    expect(await bookingRow(t.db, booking.id)).toMatchObject({
      slotId: cheaper.slot.id,
      consultationTypeId: cheaper.type.id,
      typeName: 'Формат за 1000',
      price: 1000,
      regularPrice: 1000,
      cancelCutoffHours: 24,
      status: 'paid',
    });
    // one payment, 2 000 ₽ of it given back and 1 000 ₽ still held
    expect(await paymentRow(t.db, payment.paymentId)).toMatchObject({ status: 'succeeded', amountKopecks: 300_000, returnedKopecks: 200_000 });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.paymentId));
    expect(refund).toMatchObject({ amountKopecks: 200_000, typeMoveId: expect.any(Number), status: 'succeeded' });
    const [receipt] = await t.db.select().from(fiscalReceipts).where(and(eq(fiscalReceipts.refundId, refund.id), eq(fiscalReceipts.kind, 'refund')));
    expect(receipt.amountKopecks).toBe(200_000);

    const [mail] = await waitForMail(t.db, mentee.email!, 'Консультация перенесена');
    expect(mail.text).toContain('«Формат за 1000» вместо «Разбор резюме»');
    expect(mail.text).toMatch(/Разница 2\s000\s₽ возвращается/);

    // a later cancellation by the mentor returns only what is still held
    await expectJson(send('POST', `/api/consultation-bookings/${booking.id}/cancel/`, { user: asUser(mentor), body: {} }), 200);
    const back = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.paymentId));
    expect(back.map((r) => r.amountKopecks).sort()).toEqual([100_000, 200_000]);
    expect(await paymentRow(t.db, payment.paymentId)).toMatchObject({ status: 'refunded' });
  });

  it('the release after the meeting pays out only what is still held', async () => {
    const { booking, mentee, mentor, payment } = await paidBooking(t.db, { startsIn: 10 * DAY, costs: 3000 });
    await addPayoutCard(t.db, mentor.id);
    const cheaper = await otherType(mentor.id, 2000, 11 * DAY);
    await expectJson(move(mentee, booking.id, cheaper.slot.id), 200);
    await shiftSlot(t.db, cheaper.slot.id, -4 * DAY, 90);
    await settleDueBookings(providerCtx(t.db));
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.paymentId, payment.paymentId));
    expect(payout.amountKopecks + payout.feeKopecks).toBe(200_000);
  });
});

describe('moving to a dearer type', () => {
  it('holds the new time while the top-up is paid, then moves; a cancellation refunds both payments', async () => {
    const { booking, mentee, mentor, slot, payment } = await paidBooking(t.db, { startsIn: 10 * DAY, costs: 1500 });
    const dearer = await otherType(mentor.id, 4000, 12 * DAY);
    expect(await expectJson<Quote>(quote(mentee, booking.id, dearer.slot.id), 200)).toMatchObject({ to_pay: 2500, to_refund: 0 });

    const answer = await expectJson<Answer & { status: 'awaiting_payment' }>(move(mentee, booking.id, dearer.slot.id), 200);
    expect(answer).toMatchObject({ status: 'awaiting_payment', to_pay: 2500 });
    expect(answer.confirmation_url).toContain('/sandbox/checkout/');
    // nothing moved yet; the new time is held for this mentee: nobody else books it
    expect(await bookingRow(t.db, booking.id)).toMatchObject({ slotId: slot.id, price: 1500 });
    const other = await createUser(t.db);
    expect((await expectJson<{ code: string }>(bookSlot(other, dearer.slot.id), 409)).code).toBe('slot_taken');

    const topUp = await paymentRow(t.db, answer.payment_id);
    expect(topUp).toMatchObject({ status: 'pending', amountKopecks: 250_000, bookingId: booking.id, serviceTitle: 'Формат за 4000' });
    expect(await providerPays(t.db, { paymentId: topUp.id, providerPaymentId: topUp.providerPaymentId! })).toBe('applied');

    expect(await bookingRow(t.db, booking.id)).toMatchObject({ slotId: dearer.slot.id, consultationTypeId: dearer.type.id, price: 4000 });
    const [done] = await t.db.select().from(bookingTypeMoves).where(eq(bookingTypeMoves.bookingId, booking.id));
    expect(done).toMatchObject({ status: 'done', priceBefore: 1500, priceAfter: 4000 });
    expect((await bookingPayments(booking.id)).map((p) => [p.status, p.amountKopecks])).toEqual([
      ['succeeded', 150_000],
      ['succeeded', 250_000],
    ]);
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.kind, 'booking_moved'), eq(notifications.userId, mentor.id)));
    expect(notes.map((n) => n.message)).toEqual([expect.stringContaining('формат «Формат за 4000» вместо «Разбор резюме»')]);
    const [mail] = await waitForMail(t.db, mentee.email!, 'Консультация перенесена');
    expect(mail.text).toMatch(/Доплата 2\s500\s₽ получена/);
    // the top-up's own receipt went with it, as every payment's does, naming the consultation as it moves: the new time
    const [topUpReceipt] = await t.db.select().from(fiscalReceipts).where(and(eq(fiscalReceipts.paymentId, topUp.id), eq(fiscalReceipts.kind, 'payment')));
    const described = JSON.stringify(topUpReceipt.items);
    expect(described).toContain(moscowTime(dearer.slot.startsAt));
    expect(described).not.toContain(moscowTime(slot.startsAt));

    await expectJson(send('POST', `/api/consultation-bookings/${booking.id}/cancel/`, { user: asUser(mentor), body: {} }), 200);
    expect((await bookingPayments(booking.id)).map((p) => p.status)).toEqual(['refunded', 'refunded']);
    const back = await t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'refund'), isNotNull(ledgerEntries.paymentId)));
    expect(back.filter((e) => e.paymentId === payment.paymentId || e.paymentId === topUp.id).map((e) => e.amountKopecks).sort()).toEqual([150_000, 250_000]);
  });

  it('refuses a top-up to a payer with neither e-mail nor phone, holding nothing', async () => {
    const { booking, mentee, mentor, slot } = await paidBooking(t.db, { startsIn: 10 * DAY, costs: 1500 });
    const dearer = await otherType(mentor.id, 4000, 12 * DAY);
    await t.db.transaction(async (tx) => {
      await tx.insert(userIdentities).values({ provider: 'vk', subject: `vk-${mentee.id}`, userId: mentee.id });
      await tx.update(users).set({ email: null, phone: null }).where(eq(users.id, mentee.id));
    });
    expect((await expectJson<{ code: string }>(move(mentee, booking.id, dearer.slot.id), 409)).code).toBe('receipt_contact_required');
    expect(await bookingRow(t.db, booking.id)).toMatchObject({ slotId: slot.id, price: 1500 });
    expect(await t.db.select().from(bookingTypeMoves).where(eq(bookingTypeMoves.bookingId, booking.id))).toEqual([]);
  });

  it('a top-up not paid leaves the booking as it was and frees the time', async () => {
    const { booking, mentee, mentor, slot } = await paidBooking(t.db, { startsIn: 10 * DAY, costs: 1500 });
    const dearer = await otherType(mentor.id, 4000, 12 * DAY);
    const answer = await expectJson<Answer & { status: 'awaiting_payment' }>(move(mentee, booking.id, dearer.slot.id), 200);
    const topUp = await paymentRow(t.db, answer.payment_id);
    await settlePayment(t.db, topUp.providerPaymentId!, 'canceled');
    expect(await onPaymentCanceled(providerCtx(t.db), topUp.id, 'insufficient_funds')).toBe('applied');
    expect(await bookingRow(t.db, booking.id)).toMatchObject({ slotId: slot.id, price: 1500 });
    const other = await createUser(t.db);
    await expectJson(bookSlot(other, dearer.slot.id), 201);
  });

  it('a top-up paid when its time can no longer be had goes back in full', async () => {
    const { booking, mentee, mentor, slot } = await paidBooking(t.db, { startsIn: 10 * DAY, costs: 1500 });
    const dearer = await otherType(mentor.id, 4000, 12 * DAY);
    const answer = await expectJson<Answer & { status: 'awaiting_payment' }>(move(mentee, booking.id, dearer.slot.id), 200);
    // the hold runs out and someone else books the time
    await t.db.update(bookingTypeMoves).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(bookingTypeMoves.bookingId, booking.id));
    await expectJson(bookSlot(await createUser(t.db), dearer.slot.id), 201);
    const topUp = await paymentRow(t.db, answer.payment_id);
    await providerPays(t.db, { paymentId: topUp.id, providerPaymentId: topUp.providerPaymentId! });
    expect(await bookingRow(t.db, booking.id)).toMatchObject({ slotId: slot.id, price: 1500 });
    expect(await paymentRow(t.db, topUp.id)).toMatchObject({ status: 'refunded' });
    const [ended] = await t.db.select().from(bookingTypeMoves).where(eq(bookingTypeMoves.bookingId, booking.id));
    expect(ended.status).toBe('canceled');
  });

  it('a dispute’s partial refund takes from the top-up first and releases the rest of both', async () => {
    const { booking, mentee, mentor, payment } = await paidBooking(t.db, { startsIn: 2 * DAY, costs: 1000 });
    await addPayoutCard(t.db, mentor.id);
    const dearer = await otherType(mentor.id, 3000, 3 * DAY);
    const answer = await expectJson<Answer & { status: 'awaiting_payment' }>(move(mentee, booking.id, dearer.slot.id), 200);
    const topUp = await paymentRow(t.db, answer.payment_id);
    await providerPays(t.db, { paymentId: topUp.id, providerPaymentId: topUp.providerPaymentId! });
    // the meeting took place; the mentee complains and the admin returns 2 500 ₽ of the 3 000
    await shiftSlot(t.db, dearer.slot.id, -2 * HOUR, 90);
    const dispute = await expectJson<{ id: number }>(
      send('POST', '/api/disputes/complaints/', { user: asUser(mentee), body: { booking_id: booking.id, source: 'buyer', text: 'Не состоялась как надо' } }),
      201,
    );
    const admin = await createUser(t.db, { role: 'admin' });
    await expectJson(
      send('POST', `/api/disputes/${dispute.id}/resolve/`, { user: asUser(admin), body: { outcome: 'partial_refund', refund_amount: 2500, resolution: 'Частично' } }),
      200,
    );
    const byPayment = async (id: string) => (await t.db.select().from(refunds).where(eq(refunds.paymentId, id))).map((r) => r.amountKopecks);
    expect(await byPayment(topUp.id)).toEqual([200_000]);
    expect(await byPayment(payment.paymentId)).toEqual([50_000]);
    const paidOut = await t.db.select().from(payouts).where(eq(payouts.paymentId, payment.paymentId));
    expect(paidOut.map((p) => p.amountKopecks + p.feeKopecks)).toEqual([50_000]);
  });
});

describe('what a move to another type must respect', () => {
  it('keeps the booking’s loyalty discount on the new price', async () => {
    const { booking, mentee, mentor } = await paidBooking(t.db, { startsIn: 10 * DAY, costs: 2000 });
    // as if this booking had been priced at the 10 % step
    await t.db.execute(sql`update consultation_bookings set regular_price = 2000, discount_percent = 10, consultation_number = 3, price = 1800 where id = ${booking.id}`);
    const dearer = await otherType(mentor.id, 3000, 12 * DAY);
    expect(await expectJson<Quote>(quote(mentee, booking.id, dearer.slot.id), 200)).toMatchObject({ price_before: 1800, price_after: 2700, to_pay: 900 });
  });

  it('refuses another mentor’s slot', async () => {
    const { booking, mentee } = await paidBooking(t.db, { startsIn: 10 * DAY });
    const stranger = await createUser(t.db, { role: 'mentor' });
    const elsewhere = await otherType(stranger.id, 1000, 12 * DAY);
    expect((await expectJson<{ code: string }>(quote(mentee, booking.id, elsewhere.slot.id), 409)).code).toBe('slot_other_type');
    expect((await expectJson<{ code: string }>(move(mentee, booking.id, elsewhere.slot.id), 409)).code).toBe('slot_other_type');
  });
});

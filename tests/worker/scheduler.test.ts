// The minute scheduler: expired holds, consultations to finish and pay out, transfers to retry, and the
// hourly cleanup at xx:17. The jobs are called directly, and once through the Worker's scheduled entry.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../drizzle/schema/auth.ts';
import { payments } from '../../drizzle/schema/payments.ts';
import { onPaymentSucceeded } from '../../worker/escrow/payment-events.ts';
import worker from '../../worker/index.ts';
import { runMinuteJobs } from '../../worker/maintenance/minute-jobs.ts';
import { settlePayment } from '../../worker/payments/sandbox/sandbox-books.ts';
import { createUser, uniqueEmail } from '../factories.ts';
import {
  addPayoutCard,
  backdateBooking,
  book,
  bookingRow,
  books,
  bookSlot,
  DAY,
  HOUR,
  mentorSlot,
  paidBooking,
  paymentRow,
  pendingBooking,
  providerCtx,
  runOutHold,
  sandboxCount,
  shiftSlot,
} from './escrow-fixtures.ts';
import { bindings, useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));
const run = (minute = 0) => runMinuteJobs(providerCtx(t.db), at(minute));

describe('minute jobs', () => {
  it('expire a hold that ran out, with its pending payment; the slot can be booked again', async () => {
    const { slot, booking: stale, payment } = await pendingBooking(t.db);
    const second = await createUser(t.db);
    expect((await expectJson(bookSlot(second, slot.id), 409)).code).toBe('slot_taken');
    await runOutHold(t.db, stale.id);
    const report = await run();
    expect(report.bookingHolds).toMatchObject({ bookings: expect.any(Number) });
    expect((await bookingRow(t.db, stale.id)).status).toBe('expired');
    expect((await paymentRow(t.db, payment.paymentId)).status).toBe('canceled');
    await book(second, slot.id);
  });

  it('finish consultations when their dispute window closes, 48 hours after their end, and pay the mentor, not earlier, and once', async () => {
    const due = await paidBooking(t.db, { startsIn: 5 * DAY });
    const recent = await paidBooking(t.db, { startsIn: 5 * DAY });
    const free = await mentorSlot(t.db, { startsIn: 5 * DAY, costs: 0 });
    const freeBooking = await book(await createUser(t.db), free.slot.id);
    await addPayoutCard(t.db, due.mentor.id);
    await shiftSlot(t.db, due.slot.id, -50 * HOUR);
    await shiftSlot(t.db, recent.slot.id, -48 * HOUR);
    await shiftSlot(t.db, free.slot.id, -50 * HOUR);
    await run();
    expect((await bookingRow(t.db, due.booking.id)).status).toBe('finished');
    expect((await paymentRow(t.db, due.payment.paymentId)).status).toBe('released');
    const { ledger, payout } = await books(t.db, due.payment.paymentId);
    expect(ledger).toEqual({ payment_received: 150_000, platform_fee: 7500, mentor_payout: 142_500 });
    expect(payout).toMatchObject({ amountKopecks: 142_500, status: 'succeeded' });
    // ended 47 hours ago: not yet
    expect((await bookingRow(t.db, recent.booking.id)).status).toBe('paid');
    expect((await paymentRow(t.db, recent.payment.paymentId)).status).toBe('succeeded');
    expect((await bookingRow(t.db, freeBooking.id)).status).toBe('finished');
    await run();
    expect(await sandboxCount(t.db, 'payout', payout!.idempotencyKey)).toBe(1);
  });

  it('retry a refund the provider refused until it goes through', async () => {
    const { mentor, booking, payment } = await pendingBooking(t.db, { startsIn: 2 * DAY });
    // our books take the money before the sandbox's do: its refund is refused for now
    expect(await onPaymentSucceeded(providerCtx(t.db), payment.paymentId)).toBe('applied');
    await backdateBooking(t.db, booking.id, 3 * DAY);
    expect((await expectJson(send('POST', `/api/consultation-bookings/${booking.id}/cancel/`, { user: asUser(mentor), body: {} }), 200)).refund).toBe('full');
    let { refund } = await books(t.db, payment.paymentId);
    expect(refund).toMatchObject({ status: 'pending', providerRefundId: null, lastError: expect.stringContaining('invalid_request') });
    await settlePayment(t.db, payment.providerPaymentId, 'succeeded');
    await run();
    ({ refund } = await books(t.db, payment.paymentId));
    expect(refund).toMatchObject({ status: 'succeeded', lastError: null, providerRefundId: expect.stringMatching(/^sbx_rf_/) });
    expect(await sandboxCount(t.db, 'refund', refund!.idempotencyKey)).toBe(1);
  });

  it('run the hourly cleanup only at minute 17', async () => {
    const key = `sched:${uniqueEmail()}`;
    await t.db.insert(rateLimitCounters).values({ key, windowStart: sql`now() - interval '2 days'`, count: 1 });
    expect(await run(16)).not.toHaveProperty('cleanup');
    expect(await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key))).toHaveLength(1);
    expect(await run(17)).toHaveProperty('cleanup');
    expect(await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key))).toHaveLength(0);
  });

  it("run from the Worker's scheduled entry", async () => {
    const { slot } = await mentorSlot(t.db);
    const stale = await book(await createUser(t.db), slot.id);
    await runOutHold(t.db, stale.id);
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => pending.push(p), passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
    const controller = { scheduledTime: Date.now(), cron: '* * * * *', noRetry: () => {} } as ScheduledController;
    await worker.scheduled(controller, bindings, ctx);
    await Promise.all(pending);
    expect((await bookingRow(t.db, stale.id)).status).toBe('expired');
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, stale.id))).toHaveLength(0);
  });
});

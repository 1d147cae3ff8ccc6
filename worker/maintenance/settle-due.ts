// The scheduler's settling of consultations and events that are over (decisions 006 and 010): when a
// consultation's dispute window closes (DISPUTE_WINDOW_HOURS after its end) it counts as finished and its money
// goes to the mentor, unless the booker opened a dispute; 24 hours after an event's end its participants'
// payments go to the mentor. Each run
// takes a bounded batch; every booking and payment moves in its own transaction of conditional updates,
// so a second run, or a run racing the booker's own "finish", changes nothing twice.
import { finishPaidBooking } from '../bookings/bookings.queries.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { applyEffects, noEffects } from '../escrow/effects.ts';
import { releaseAllHeld, releaseHeld } from '../escrow/money.ts';
import { lockHeldBookingPayments } from '../escrow/money.queries.ts';
import { releasePackageSession } from '../escrow/package-money.ts';
import { lockBooking } from '../escrow/service-locks.queries.ts';
import { transact } from '../lib/transact.ts';
import { dueBookingIds, dueEventPaymentIds } from './settle-due.queries.ts';

export const SETTLE_BATCH = 200;

/** Paid consultations whose dispute window has closed (and finished ones still holding money), without an open dispute. */
export async function settleDueBookings(ctx: ProviderContext, limit = SETTLE_BATCH) {
  const due = await dueBookingIds(ctx.db, limit);
  const effects = noEffects();
  let finished = 0;
  for (const bookingId of due) {
    const outcome = await transact(ctx.db, async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking) return { finished: false, payoutIds: [] };
      const done = await finishPaidBooking(tx, bookingId);
      // a consultation of a package is paid out on its own, for one session's price (decision 006, «Packages»)
      if (booking.packageId) {
        const payoutId = await releasePackageSession(tx, booking);
        return { finished: Boolean(done), payoutIds: payoutId ? [payoutId] : [] };
      }
      // the booking's own payment and its top-ups (decision 024)
      return { finished: Boolean(done), payoutIds: await releaseAllHeld(tx, await lockHeldBookingPayments(tx, bookingId)) };
    });
    if (outcome.finished) finished += 1;
    effects.payoutIds.push(...outcome.payoutIds);
  }
  await applyEffects(ctx, effects);
  return { bookingsFinished: finished, consultationPayouts: effects.payoutIds.length };
}

/** Event payments still in escrow 24 hours after the event's end (starts_at + duration). */
export async function releaseDueEventPayments(ctx: ProviderContext, limit = SETTLE_BATCH) {
  const due = await dueEventPaymentIds(ctx.db, limit);
  const effects = noEffects();
  for (const id of due) {
    const payoutId = await transact(ctx.db, (tx) => releaseHeld(tx, id));
    if (payoutId) effects.payoutIds.push(payoutId);
  }
  await applyEffects(ctx, effects);
  return { eventPayouts: effects.payoutIds.length };
}

// The scheduler's settling of consultations and events that are over (decisions 006 and 010): when a
// consultation's dispute window closes (DISPUTE_WINDOW_HOURS after its end) it counts as finished and its money
// goes to the mentor, unless the booker opened a dispute; 24 hours after an event's end its participants'
// payments go to the mentor. Each run
// takes a bounded batch; every booking and payment moves in its own transaction of conditional updates,
// so a second run, or a run racing the booker's own "finish", changes nothing twice.
import { and, eq, sql } from 'drizzle-orm';
import { consultationBookings } from '../../drizzle/schema/consultations.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { applyEffects, noEffects } from '../escrow/effects.ts';
import { lockHeldPayment, releaseHeld } from '../escrow/money.ts';
import { lockBooking } from '../escrow/service-locks.ts';
import { transact } from '../lib/transact.ts';
import { DISPUTE_WINDOW_HOURS } from '../escrow/dispute-window.ts';

export const SETTLE_BATCH = 200;

/** Paid consultations whose dispute window has closed (and finished ones still holding money), without an open dispute. */
export async function settleDueBookings(ctx: ProviderContext, limit = SETTLE_BATCH) {
  const due = await ctx.db.execute<{ id: number }>(sql`
    select b.id from consultation_bookings b join consultation_slots s on s.id = b.slot_id
    where s.ends_at < now() - make_interval(hours => ${DISPUTE_WINDOW_HOURS})
      and (b.status = 'paid'
        or (b.status = 'finished' and exists (select 1 from payments p where p.booking_id = b.id and p.status = 'succeeded')))
      and not exists (select 1 from disputes d where d.booking_id = b.id and d.status = 'open')
    order by s.ends_at
    limit ${limit}`);
  const effects = noEffects();
  let finished = 0;
  for (const { id } of due.rows) {
    const bookingId = Number(id);
    const outcome = await transact(ctx.db, async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking) return { finished: false, payoutId: null };
      const [done] = await tx
        .update(consultationBookings)
        .set({ status: 'finished', finishedAt: sql`now()` })
        .where(and(eq(consultationBookings.id, bookingId), eq(consultationBookings.status, 'paid')))
        .returning({ id: consultationBookings.id });
      const payment = await lockHeldPayment(tx, { bookingId });
      return { finished: Boolean(done), payoutId: payment ? await releaseHeld(tx, payment.id) : null };
    });
    if (outcome.finished) finished += 1;
    if (outcome.payoutId) effects.payoutIds.push(outcome.payoutId);
  }
  await applyEffects(ctx, effects);
  return { bookingsFinished: finished, consultationPayouts: effects.payoutIds.length };
}

/** Event payments still in escrow 24 hours after the event's end (starts_at + duration). */
export async function releaseDueEventPayments(ctx: ProviderContext, limit = SETTLE_BATCH) {
  const due = await ctx.db.execute<{ id: string }>(sql`
    select p.id from payments p
      join event_registrations r on r.id = p.registration_id
      join events e on e.id = r.event_id
    where p.status = 'succeeded' and p.service_type = 'event'
      and e.starts_at + make_interval(mins => e.duration_minutes) < now() - interval '24 hours'
    order by p.paid_at
    limit ${limit}`);
  const effects = noEffects();
  for (const { id } of due.rows) {
    const payoutId = await transact(ctx.db, (tx) => releaseHeld(tx, id));
    if (payoutId) effects.payoutIds.push(payoutId);
  }
  await applyEffects(ctx, effects);
  return { eventPayouts: effects.payoutIds.length };
}

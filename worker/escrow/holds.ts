// Holds that ran out: a booking or a paid registration waits 15 minutes for its payment. After that the
// booking is `expired` (its slot free again), the registration `canceled` (the trigger gives the seat
// back), and their pending payments `canceled`. The minute scheduler sweeps them in bounded batches;
// booking and registration also expire a stale hold lazily before taking the same slot or seat.
// The statement itself is holds.queries.ts.
import type { Executor } from '../../drizzle/db.ts';
import { expireHolds } from './holds.queries.ts';

export async function expireBookingHolds(db: Executor, options: { slotId?: number; limit?: number } = {}) {
  const { services, payments } = await expireHolds(db, 'bookings', { scopeId: options.slotId, limit: options.limit });
  return { bookings: services, payments };
}

export async function expireRegistrationHolds(db: Executor, options: { eventId?: number; limit?: number } = {}) {
  const { services, payments } = await expireHolds(db, 'registrations', { scopeId: options.eventId, limit: options.limit });
  return { registrations: services, payments };
}

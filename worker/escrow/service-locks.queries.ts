// Lock order for money transitions: the service row first, then the payment (money.ts). A registration's
// status change makes its trigger lock the event after the registration; cancelling an event therefore
// locks the event's registrations before the event (worker/events/cancel-event.ts), the same order.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../drizzle/db.ts';
import { consultationBookings } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations } from '../../drizzle/schema/events.ts';

export async function lockBooking(tx: Tx, bookingId: number) {
  const [row] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId)).for('no key update');
  return row ?? null;
}

export async function lockRegistration(tx: Tx, registrationId: number) {
  const [row] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, registrationId)).for('no key update');
  return row ?? null;
}

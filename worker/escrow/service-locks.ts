// Lock order for money transitions: the service row first (the event before its registration, since the
// registration trigger locks the event anyway), then the payment (money.ts). Every path that changes a
// booking or registration together with its payment takes them in this order.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../drizzle/db.ts';
import { consultationBookings } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations } from '../../drizzle/schema/events.ts';

export async function lockBooking(tx: Tx, bookingId: number) {
  const [row] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId)).for('no key update');
  return row ?? null;
}

/** Locks the registration's event, then the registration. */
export async function lockRegistration(tx: Tx, registrationId: number) {
  await tx.execute(sql`select id from events where id = (select event_id from event_registrations where id = ${registrationId}) for no key update`);
  const [row] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, registrationId)).for('no key update');
  return row ?? null;
}

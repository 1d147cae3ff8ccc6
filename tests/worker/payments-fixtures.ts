// Rows the payment tests start from, inserted directly: a consultation booking or an event registration
// held for payment, as the booking and registration APIs leave them. Reading rows back: escrow-fixtures.ts.
import type { Db } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, type events } from '../../drizzle/schema/events.ts';
import { createEvent, createUser } from '../factories.ts';
import { HOUR } from './escrow-fixtures.ts';

let slotOffset = 0;

export async function heldBooking(db: Db, options: { price?: number; status?: 'pending_payment' | 'paid'; holdMinutes?: number; typeName?: string } = {}) {
  const { price = 1500, status = 'pending_payment', holdMinutes = 15, typeName = 'Разбор резюме' } = options;
  const [mentor, mentee] = await Promise.all([createUser(db, { role: 'mentor' }), createUser(db)]);
  const [type] = await db.insert(consultationTypes).values({ mentorId: mentor.id, name: typeName, costs: price, durationMinutes: 60 }).returning();
  // each mentor is new, but keep the slots apart anyway
  const startsAt = new Date(Date.now() + 48 * HOUR + (slotOffset++ % 1000) * 2 * HOUR);
  const [slot] = await db
    .insert(consultationSlots)
    .values({ mentorId: mentor.id, consultationTypeId: type.id, startsAt, endsAt: new Date(startsAt.getTime() + HOUR) })
    .returning();
  const [booking] = await db
    .insert(consultationBookings)
    .values({
      slotId: slot.id,
      menteeId: mentee.id,
      mentorId: mentor.id,
      consultationTypeId: type.id,
      status,
      price,
      holdExpiresAt: status === 'pending_payment' ? new Date(Date.now() + holdMinutes * 60_000) : null,
      paidAt: status === 'paid' ? new Date() : null,
    })
    .returning();
  return { mentor, mentee, type, slot, booking };
}

export async function heldRegistration(db: Db, eventValues: Partial<typeof events.$inferInsert> = {}, holdMinutes = 15) {
  const [mentor, participant] = await Promise.all([createUser(db, { role: 'mentor' }), createUser(db)]);
  const event = await createEvent(db, mentor.id, { price: 2000, ...eventValues });
  const [registration] = await db
    .insert(eventRegistrations)
    .values({ eventId: event.id, userId: participant.id, status: 'pending_payment', holdExpiresAt: new Date(Date.now() + holdMinutes * 60_000) })
    .returning();
  return { mentor, participant, event, registration };
}

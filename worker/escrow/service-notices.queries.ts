// What the notices of a booking or seat just paid say (service-notices.ts): the booking's people and time, the
// registration's event.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { users } from '../../drizzle/schema/users.ts';

/** The booking's mentor and mentee, its start and the mentor's time zone. */
export async function bookingNoticeFacts(db: Executor, bookingId: number) {
  const [row] = await db
    .select({ mentorId: consultationBookings.mentorId, menteeId: consultationBookings.menteeId, startsAt: consultationSlots.startsAt, mentorZone: users.timeZone })
    .from(consultationBookings)
    .innerJoin(consultationSlots, eq(consultationSlots.id, consultationBookings.slotId))
    .innerJoin(users, eq(users.id, consultationBookings.mentorId))
    .where(eq(consultationBookings.id, bookingId));
  return row;
}

/** The registration's participant and its event's id, mentor and title. */
export async function registrationNoticeFacts(db: Executor, registrationId: number) {
  const [row] = await db
    .select({ userId: eventRegistrations.userId, eventId: events.id, mentorId: events.mentorId, title: events.title })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, registrationId));
  return row;
}

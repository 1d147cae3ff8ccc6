// What the notices of a booking or seat just paid say (service-notices.ts): the booking's people and time, the
// registration's event.
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { users } from '../../drizzle/schema/users.ts';

const mentee = alias(users, 'mentee');

/** The booking's mentor and mentee (with the mentee's name), its kept type name and price, its start and the mentor's time zone. */
export async function bookingNoticeFacts(db: Executor, bookingId: number) {
  const [row] = await db
    .select({
      mentorId: consultationBookings.mentorId,
      menteeId: consultationBookings.menteeId,
      menteeFirstName: mentee.firstName,
      menteeLastName: mentee.lastName,
      typeName: consultationBookings.typeName,
      price: consultationBookings.price,
      startsAt: consultationSlots.startsAt,
      mentorZone: users.timeZone,
    })
    .from(consultationBookings)
    .innerJoin(consultationSlots, eq(consultationSlots.id, consultationBookings.slotId))
    .innerJoin(users, eq(users.id, consultationBookings.mentorId))
    .innerJoin(mentee, eq(mentee.id, consultationBookings.menteeId))
    .where(eq(consultationBookings.id, bookingId));
  return row;
}

/** For a free booking's notice, written with the booking before its row exists: the booker's name and the type's. */
export async function freeBookingNoticeFacts(db: Executor, menteeId: number, typeId: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, typeName: consultationTypes.name })
    .from(users)
    .innerJoin(consultationTypes, eq(consultationTypes.id, typeId))
    .where(eq(users.id, menteeId));
  return row ?? null;
}

/** The registration's participant (with their name) and its event's id, mentor and title. */
export async function registrationNoticeFacts(db: Executor, registrationId: number) {
  const [row] = await db
    .select({ userId: eventRegistrations.userId, firstName: users.firstName, lastName: users.lastName, eventId: events.id, mentorId: events.mentorId, title: events.title })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(eq(eventRegistrations.id, registrationId));
  return row;
}

// Who hears that a booking or a seat became theirs: the buyer (paid) and the mentor (a new client).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';
import { consultationBookings, consultationSlots } from '../../drizzle/schema/consultations.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { users } from '../../drizzle/schema/users.ts';
import type { NewNotification } from '../notifications/notify.ts';
import { bookingPaidNotice, formatWhen, SCHEDULE_URL } from './notices.ts';

/** The mentor's "new paid booking" and the buyer's "payment went through" for a booking just paid. */
export async function paidBookingNotices(db: Executor, bookingId: number): Promise<NewNotification[]> {
  const [row] = await db
    .select({ mentorId: consultationBookings.mentorId, menteeId: consultationBookings.menteeId, startsAt: consultationSlots.startsAt, mentorZone: users.timeZone })
    .from(consultationBookings)
    .innerJoin(consultationSlots, eq(consultationSlots.id, consultationBookings.slotId))
    .innerJoin(users, eq(users.id, consultationBookings.mentorId))
    .where(eq(consultationBookings.id, bookingId));
  const [mentee] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, row.menteeId));
  return [
    bookingPaidNotice(row.mentorId, bookingId, formatWhen(row.startsAt, row.mentorZone)),
    {
      userId: row.menteeId,
      kind: 'booking_confirmed',
      message: `Оплата прошла: консультация ${formatWhen(row.startsAt, mentee.timeZone)} подтверждена`,
      url: SCHEDULE_URL,
      dedupeKey: `booking_confirmed:${bookingId}`,
    },
  ];
}

/** The mentor's "new participant" and, for a paid seat, the participant's "payment went through". */
export async function confirmedRegistrationNotices(db: Executor, registrationId: number, paid: boolean): Promise<NewNotification[]> {
  const [row] = await db
    .select({ userId: eventRegistrations.userId, eventId: events.id, mentorId: events.mentorId, title: events.title })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, registrationId));
  const url = `/event_info/${row.eventId}`;
  const notices: NewNotification[] = [
    { userId: row.mentorId, kind: 'event_registration', message: `Новый участник мероприятия «${row.title}»`, url, dedupeKey: `event_registration:${registrationId}` },
  ];
  if (paid) {
    notices.push({
      userId: row.userId,
      kind: 'registration_confirmed',
      message: `Оплата прошла: вы участвуете в мероприятии «${row.title}»`,
      url,
      dedupeKey: `registration_confirmed:${registrationId}`,
    });
  }
  return notices;
}

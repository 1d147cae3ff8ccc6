// Who hears that a booking or a seat became theirs: the buyer (paid) and the mentor (a new client).
import type { Executor } from '../../drizzle/db.ts';
import type { NewNotification } from '../notifications/notify.ts';
import { userTimeZone } from '../users/users.queries.ts';
import { bookingPaidNotice, formatWhen } from './notices.ts';
import { bookingNoticeFacts, freeBookingNoticeFacts, registrationNoticeFacts } from './service-notices.queries.ts';
import { bookingUrl, PARTICIPATING_SCHEDULE_URL, personName } from '../notifications/notice.messages.ts';

/** The mentor's "new paid booking" and the buyer's "payment went through" for a booking just paid. */
export async function paidBookingNotices(db: Executor, bookingId: number): Promise<NewNotification[]> {
  const row = await bookingNoticeFacts(db, bookingId);
  const menteeZone = (await userTimeZone(db, row.menteeId))!;
  return [
    bookingPaidNotice({
      mentorId: row.mentorId,
      bookingId,
      when: formatWhen(row.startsAt, row.mentorZone),
      menteeName: personName(row.menteeFirstName, row.menteeLastName),
      typeName: row.typeName ?? 'Консультация',
      price: row.price,
    }),
    {
      userId: row.menteeId,
      kind: 'booking_confirmed',
      message: `Оплата прошла: консультация ${formatWhen(row.startsAt, menteeZone)} подтверждена`,
      url: bookingUrl(bookingId, PARTICIPATING_SCHEDULE_URL),
      dedupeKey: `booking_confirmed:${bookingId}`,
    },
  ];
}

/** The notice of a free booking, stored with the booking itself (bookings.lifecycle.ts): who booked which type, when. */
export async function freeBookingNotice(db: Executor, slot: { mentorId: number; typeId: number; startsAt: string; mentorTimeZone: string }, bookingId: number, menteeId: number) {
  const facts = await freeBookingNoticeFacts(db, menteeId, slot.typeId);
  return bookingPaidNotice({
    mentorId: slot.mentorId,
    bookingId,
    when: formatWhen(new Date(slot.startsAt), slot.mentorTimeZone),
    menteeName: personName(facts?.firstName, facts?.lastName),
    typeName: facts?.typeName ?? 'Консультация',
    price: 0,
  });
}

/** The mentor's "new participant" and, for a paid seat, the participant's "payment went through". */
export async function confirmedRegistrationNotices(db: Executor, registrationId: number, paid: boolean): Promise<NewNotification[]> {
  const row = await registrationNoticeFacts(db, registrationId);
  const url = `/event_info/${row.eventId}`;
  const notices: NewNotification[] = [
    {
      userId: row.mentorId,
      kind: 'event_registration',
      message: `Новый участник мероприятия «${row.title}»: ${personName(row.firstName, row.lastName, 'Участник')}${paid ? ', оплачено' : ''}`,
      url,
      dedupeKey: `event_registration:${registrationId}`,
    },
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

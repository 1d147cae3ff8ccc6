// What a booking's people are told of it (issue 35, item 19): the other person by name, the consultation as bought and
// its time in the reader's zone, with a link to that one booking's details in the schedule.
import type { NewNotification } from '../notifications/notify.ts';
import { formatWhen } from '../escrow/notices.ts';
import { bookingUrl, CANCELLED_SCHEDULE_URL, personName } from '../notifications/notice.messages.ts';
import type { BookingSides } from './bookings.queries.ts';

export type BookingReader = 'mentor' | 'mentee';

/** «Мария Кузнецова, «Разбор резюме», 28 ноября 2026 г., 20:45» for the mentor; the mentor's name for the mentee. */
export function consultationLine(sides: BookingSides, reader: BookingReader) {
  const [self, other] = reader === 'mentor' ? [sides.mentor, sides.mentee] : [sides.mentee, sides.mentor];
  const otherName = personName(other.firstName, other.lastName, reader === 'mentor' ? 'Ученик' : 'Ментор');
  return `${otherName}, «${sides.typeName ?? 'Консультация'}», ${formatWhen(sides.startsAt, self.timeZone)}`;
}

export const bookingCanceledByBuyerNotice = (sides: BookingSides): NewNotification => ({
  userId: sides.mentor.id,
  kind: 'booking_canceled',
  message: `Запись отменена учеником: ${consultationLine(sides, 'mentor')}`,
  url: bookingUrl(sides.bookingId, CANCELLED_SCHEDULE_URL),
  dedupeKey: `booking_canceled:${sides.bookingId}`,
});

export const bookingCanceledByMentorNotice = (sides: BookingSides): NewNotification => ({
  userId: sides.mentee.id,
  kind: 'booking_canceled',
  message: `Консультация отменена ментором: ${consultationLine(sides, 'mentee')}`,
  url: bookingUrl(sides.bookingId, CANCELLED_SCHEDULE_URL),
  dedupeKey: `booking_canceled:${sides.bookingId}`,
});

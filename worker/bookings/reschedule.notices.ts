// What the people of a moved booking are told (issue 38 §1, decision 024): each reads the new and the old time in
// their own zone, in the bell and by e-mail, with a link to the booking's details; the chat between them keeps a line.
import type { OutgoingEmail } from '../mail/outgoing.ts';
import type { NewNotification } from '../notifications/notify.ts';
import { formatWhen } from '../escrow/notices.ts';
import { bookingUrl, LEADING_SCHEDULE_URL, PARTICIPATING_SCHEDULE_URL, personName } from '../notifications/notice.messages.ts';
import { consultationLine, type BookingReader } from './bookings.notices.ts';
import type { BookingSides } from './bookings.queries.ts';

export type Move = { sides: BookingSides; oldStartsAt: Date; revision: number; by: BookingReader };

const readerOf = (sides: BookingSides, reader: BookingReader) => (reader === 'mentor' ? sides.mentor : sides.mentee);

/** where each side opens the booking: the mentor among what they lead, the mentee among what they bought */
export const movedBookingUrl = (bookingId: number, reader: BookingReader) =>
  bookingUrl(bookingId, reader === 'mentor' ? LEADING_SCHEDULE_URL : PARTICIPATING_SCHEDULE_URL);

function headline({ by }: Move, reader: BookingReader) {
  if (by === reader) return 'Вы перенесли консультацию';
  return by === 'mentee' ? 'Ученик перенёс консультацию' : 'Консультация перенесена';
}

/** Both sides hear of it: the other one as news, the one who moved it as the confirmation. Once per move (revision). */
export function movedNotices(move: Move): NewNotification[] {
  const { sides } = move;
  return (['mentor', 'mentee'] as const).map((reader) => {
    const person = readerOf(sides, reader);
    return {
      userId: person.id,
      kind: 'booking_moved',
      message: `${headline(move, reader)}: ${consultationLine(sides, reader)} (было ${formatWhen(move.oldStartsAt, person.timeZone)})`,
      url: movedBookingUrl(sides.bookingId, reader),
      dedupeKey: `booking_moved:${sides.bookingId}:${move.revision}`,
    };
  });
}

/** The e-mail to one side, with the old and the new time in that side's zone. */
export function movedMail(move: Move, reader: BookingReader, name: string | null | undefined, link: string): Omit<OutgoingEmail, 'to'> {
  const { sides } = move;
  const person = readerOf(sides, reader);
  const other = readerOf(sides, reader === 'mentor' ? 'mentee' : 'mentor');
  const otherName = personName(other.firstName, other.lastName, reader === 'mentor' ? 'Ученик' : 'Ментор');
  return {
    subject: 'Консультация перенесена',
    text:
      `${name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'}\n\n` +
      `${headline(move, reader)} «${sides.typeName ?? 'Консультация'}» (${otherName}).\n\n` +
      `Было: ${formatWhen(move.oldStartsAt, person.timeZone)}\nСтало: ${formatWhen(sides.startsAt, person.timeZone)}\n\n` +
      'Оплата остаётся за этой записью: ничего доплачивать не нужно. Календарь, подписанный на ленту «Формы», обновится сам.\n\n' +
      `Запись в вашем расписании: ${link}\n\nКоманда «Формы»`,
  };
}

/** The line in the chat between them, in the mover's zone (named, since the other may live elsewhere). */
export function movedChatLine(move: Move): string {
  const { sides } = move;
  const zone = readerOf(sides, move.by).timeZone;
  return (
    `Консультация «${sides.typeName ?? 'Консультация'}» перенесена: ` +
    `${formatWhen(move.oldStartsAt, zone)} → ${formatWhen(sides.startsAt, zone)} (${zone})`
  );
}

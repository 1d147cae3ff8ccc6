// What the people of a moved booking are told (issue 38 §1, decision 024): each reads the new and the old time in
// their own zone, in the bell and by e-mail, with a link to the booking's details; the chat between them keeps a line.
import type { OutgoingEmail } from '../mail/outgoing.ts';
import type { NewNotification } from '../notifications/notify.ts';
import { formatRubles, formatWhen } from '../escrow/notices.ts';
import { bookingUrl, LEADING_SCHEDULE_URL, PARTICIPATING_SCHEDULE_URL, personName } from '../notifications/notice.messages.ts';
import { consultationLine, type BookingReader } from './bookings.notices.ts';
import type { BookingSides } from './bookings.queries.ts';

/** A move onto another consultation type (decision 024): the type it was, and what was paid on top or given back. */
export type MoveMoney = { typeNameBefore: string; paidKopecks: number; returnedKopecks: number };

export type Move = { sides: BookingSides; oldStartsAt: Date; revision: number; by: BookingReader; money?: MoveMoney };

/** «формат «…» вместо «…»», when the move changed the consultation type. */
const typeChange = ({ sides, money }: Move) => (money ? `формат «${sides.typeName ?? 'Консультация'}» вместо «${money.typeNameBefore}»` : null);

/** What the move did with the money, for one side: nothing (the same type), the top-up received, or the difference back. */
function moneyText(move: Move, reader: BookingReader): string {
  const { money } = move;
  if (!money) return 'Оплата остаётся за этой записью: ничего доплачивать не нужно.';
  const change = `Формат консультации: «${move.sides.typeName ?? 'Консультация'}» вместо «${money.typeNameBefore}».`;
  if (money.paidKopecks > 0) return `${change} Доплата ${formatRubles(money.paidKopecks)} получена и хранится на «Форме» вместе с оплатой записи.`;
  if (money.returnedKopecks > 0) {
    return reader === 'mentee'
      ? `${change} Разница ${formatRubles(money.returnedKopecks)} возвращается на карту или счёт, с которых вы платили, с чеком возврата.`
      : `${change} Цена стала ниже: разница ${formatRubles(money.returnedKopecks)} возвращена ученику.`;
  }
  return `${change} Цена та же: ничего доплачивать не нужно.`;
}

const readerOf = (sides: BookingSides, reader: BookingReader) => (reader === 'mentor' ? sides.mentor : sides.mentee);

/** where each side opens the booking: the mentor among what they lead, the mentee among what they bought */
export const movedBookingUrl = (bookingId: number, reader: BookingReader) =>
  bookingUrl(bookingId, reader === 'mentor' ? LEADING_SCHEDULE_URL : PARTICIPATING_SCHEDULE_URL);

function headline({ by }: Move, reader: BookingReader) {
  // the mentor moves nothing alone: a move «by» the mentor is the mentee taking the mentor's proposed time
  if (by === 'mentor') return reader === 'mentor' ? 'Ученик принял перенос консультации' : 'Консультация перенесена';
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
      message: `${headline(move, reader)}: ${consultationLine(sides, reader)} (было ${[formatWhen(move.oldStartsAt, person.timeZone), typeChange(move)].filter(Boolean).join('; ')})`,
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
      `${moneyText(move, reader)} Календарь, подписанный на ленту «Формы», обновится сам.\n\n` +
      `Запись в вашем расписании: ${link}\n\nКоманда «Формы»`,
  };
}

/** The line in the chat between them, in the mover's zone (named, since the other may live elsewhere). */
export function movedChatLine(move: Move): string {
  const { sides } = move;
  const zone = readerOf(sides, move.by).timeZone;
  return (
    `Консультация «${sides.typeName ?? 'Консультация'}» перенесена: ` +
    `${formatWhen(move.oldStartsAt, zone)} → ${formatWhen(sides.startsAt, zone)} (${zone})` +
    (move.money ? `; ${typeChange(move)}` : '')
  );
}

export type Proposal = { sides: BookingSides; slotStartsAt: Date; expiresAt: Date };

/** The mentee is asked: the booking, the proposed time and until when the answer is awaited, in their zone. */
export function proposedNotice({ sides, slotStartsAt, expiresAt }: Proposal, proposalId: number): NewNotification {
  const zone = sides.mentee.timeZone;
  return {
    userId: sides.mentee.id,
    kind: 'booking_move_proposed',
    message:
      `Наставник предлагает перенести консультацию: ${consultationLine(sides, 'mentee')} → ${formatWhen(slotStartsAt, zone)}. ` +
      `Ответьте до ${formatWhen(expiresAt, zone)}`,
    url: movedBookingUrl(sides.bookingId, 'mentee'),
    dedupeKey: `booking_move_proposed:${proposalId}`,
  };
}

export function proposedMail(proposal: Proposal, name: string | null | undefined, link: string): Omit<OutgoingEmail, 'to'> {
  const { sides } = proposal;
  const zone = sides.mentee.timeZone;
  return {
    subject: 'Наставник предлагает перенести консультацию',
    text:
      `${name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'}\n\n` +
      `${personName(sides.mentor.firstName, sides.mentor.lastName, 'Ментор')} предлагает перенести консультацию «${sides.typeName ?? 'Консультация'}».\n\n` +
      `Сейчас: ${formatWhen(sides.startsAt, zone)}\nПредложено: ${formatWhen(proposal.slotStartsAt, zone)}\n\n` +
      `Время держится за вами до ${formatWhen(proposal.expiresAt, zone)}. Можно согласиться (оплата перейдёт на новое время), ` +
      'оставить запись как есть или отменить её с полным возвратом денег.\n\n' +
      `Ответить: ${link}\n\nКоманда «Формы»`,
  };
}

/** The line in their chat, sent by the mentor, in the mentor's zone. */
export function proposedChatLine({ sides, slotStartsAt }: Proposal): string {
  const zone = sides.mentor.timeZone;
  return `Предлагаю перенести консультацию «${sides.typeName ?? 'Консультация'}»: ${formatWhen(sides.startsAt, zone)} → ${formatWhen(slotStartsAt, zone)} (${zone})`;
}

/** The mentor hears the answer no: the booking kept, or cancelled with the money back to the mentee. */
export const declinedNotice = (sides: BookingSides, proposalId: number, canceled: boolean): NewNotification => ({
  userId: sides.mentor.id,
  kind: 'booking_move_declined',
  message: canceled
    ? `Ученик не принял перенос и отменил запись (деньги возвращены ему полностью): ${consultationLine(sides, 'mentor')}`
    : `Ученик не принял перенос, запись остаётся: ${consultationLine(sides, 'mentor')}`,
  url: movedBookingUrl(sides.bookingId, 'mentor'),
  dedupeKey: `booking_move_declined:${proposalId}`,
});

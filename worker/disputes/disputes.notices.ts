import type { NewNotification } from '../notifications/notify.ts';
import type { OutgoingEmail } from '../mail/outgoing.ts';
import { formatRubles } from '../escrow/notices.ts';
import { consultationLine, type BookingReader } from '../bookings/bookings.notices.ts';
import type { BookingSides } from '../bookings/bookings.queries.ts';
import { bookingUrl, HISTORY_SCHEDULE_URL } from '../notifications/notice.messages.ts';
import type { DisputeOutcome } from './disputes.schemas.ts';

type Mail = Omit<OutgoingEmail, 'to'>;

/** a consultation under dispute has started: it is in the history, its details over it */
export const disputeUrl = (bookingId: number) => bookingUrl(bookingId, HISTORY_SCHEDULE_URL);

/** The mentor reads who complained about which consultation (only its buyer can, disputes.lifecycle.ts). */
export const disputeOpenedNotice = (sides: BookingSides, disputeId: number): NewNotification => ({
  userId: sides.mentor.id,
  kind: 'dispute_opened',
  message: `Открыт диспут: ${consultationLine(sides, 'mentor')}. Выплата приостановлена до решения.`,
  url: disputeUrl(sides.bookingId),
  dedupeKey: `dispute_opened:${disputeId}`,
});

/** What each side is told of the decision; refundKopecks is what went back to the buyer. */
export function outcomeText(outcome: DisputeOutcome, side: 'buyer' | 'mentor', refundKopecks: number) {
  const amount = formatRubles(refundKopecks);
  if (outcome === 'refund') return side === 'buyer' ? `Вам будет возвращена вся сумма, ${amount}.` : 'Оплата возвращена ученику полностью.';
  if (outcome === 'partial_refund') {
    return side === 'buyer' ? `Вам будет возвращено ${amount}, остальное получит ментор.` : `Ученику возвращено ${amount}, остальное будет выплачено вам.`;
  }
  return side === 'buyer' ? 'Оплата переходит ментору.' : 'Оплата будет выплачена вам.';
}

/** Each side reads the decision with the other side's name, the consultation and its time. */
export const disputeResolvedNotice = (sides: BookingSides, reader: BookingReader, disputeId: number, result: string): NewNotification => ({
  userId: reader === 'mentor' ? sides.mentor.id : sides.mentee.id,
  kind: 'dispute_resolved',
  message: `Диспут рассмотрен: ${consultationLine(sides, reader)}. ${result}`,
  url: disputeUrl(sides.bookingId),
  dedupeKey: `dispute_resolved:${disputeId}`,
});

export function disputeResolvedMail(name: string, consultation: string, result: string, resolution: string, link: string): Mail {
  return {
    subject: 'Диспут рассмотрен',
    text:
      `${name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'}\n\n` +
      `Диспут по консультации «${consultation}» рассмотрен.\n\n${result}\n\nРешение: ${resolution}\n\n` +
      `Консультация в вашем расписании: ${link}\n\nКоманда «Формы»`,
  };
}

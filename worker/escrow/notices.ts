// The notifications money transitions leave for people (stored in the transaction, pushed after it).
import type { NewNotification } from '../notifications/notify.ts';
import { kopecksText, rublesText } from '../lib/money-text.ts';
import { bookingUrl, LEADING_SCHEDULE_URL } from '../notifications/notice.messages.ts';

export const SCHEDULE_URL = '/CalendarPage';

/** "12 марта 2026 г., 10:00" in the reader's time zone. */
export function formatWhen(at: Date, timeZone = 'Europe/Moscow') {
  return new Intl.DateTimeFormat('ru-RU', { timeZone, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(at);
}

/** "1 500 ₽", "1 234,56 ₽": as every screen writes money (worker/lib/money-text.ts) */
export const formatRubles = (kopecks: number) => kopecksText(kopecks);

/** What the mentor is told of a new booking: who, which consultation, when (in the mentor's zone), and the price. */
export type NewBookingFacts = { mentorId: number; bookingId: number; when: string; menteeName: string; typeName: string; price: number };

/**
 * «Новая запись: Мария Кузнецова, «Разбор резюме», 28 ноября 2026 г., 20:45 — оплачено 1 500 ₽» (a free one says
 * «бесплатно»), linking to the mentor's schedule. Keyed by the booking: announced once, whichever path saw it first.
 */
export const bookingPaidNotice = (f: NewBookingFacts): NewNotification & { dedupeKey: string } => ({
  userId: f.mentorId,
  kind: 'booking_paid',
  message: `Новая запись: ${f.menteeName}, «${f.typeName}», ${f.when} — ${f.price > 0 ? `оплачено ${rublesText(f.price)}` : 'бесплатно'}`,
  url: bookingUrl(f.bookingId, LEADING_SCHEDULE_URL),
  dedupeKey: `booking_paid:${f.bookingId}`,
});

/** `url`: what the money was for, where the caller knows (one booking's details), else the schedule. */
export const refundNotice = (payerId: number, paymentId: string, amountKopecks: number, reason: string, url = SCHEDULE_URL): NewNotification => ({
  userId: payerId,
  kind: 'refund',
  message: `Вам возвращено ${formatRubles(amountKopecks)}. ${reason}`,
  url,
  dedupeKey: `refund:${paymentId}`,
});

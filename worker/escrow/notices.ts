// The notifications money transitions leave for people (stored in the transaction, pushed after it).
import type { NewNotification } from '../notifications/notify.ts';
import { kopecksText } from '../lib/money-text.ts';

export const SCHEDULE_URL = '/CalendarPage';

/** "12 марта 2026 г., 10:00" in the reader's time zone. */
export function formatWhen(at: Date, timeZone = 'Europe/Moscow') {
  return new Intl.DateTimeFormat('ru-RU', { timeZone, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(at);
}

/** "1 500 ₽", "1 234,56 ₽": as every screen writes money (worker/lib/money-text.ts) */
export const formatRubles = (kopecks: number) => kopecksText(kopecks);

/** keyed by the booking: a booking's payment is announced once, whichever path saw it first */
export const bookingPaidNotice = (mentorId: number, bookingId: number, when: string): NewNotification & { dedupeKey: string } => ({
  userId: mentorId,
  kind: 'booking_paid',
  message: `Новая запись на консультацию ${when} оплачена`,
  url: SCHEDULE_URL,
  dedupeKey: `booking_paid:${bookingId}`,
});

export const refundNotice = (payerId: number, paymentId: string, amountKopecks: number, reason: string): NewNotification => ({
  userId: payerId,
  kind: 'refund',
  message: `Вам возвращено ${formatRubles(amountKopecks)}. ${reason}`,
  url: SCHEDULE_URL,
  dedupeKey: `refund:${paymentId}`,
});

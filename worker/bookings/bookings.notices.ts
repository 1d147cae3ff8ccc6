import type { NewNotification } from '../notifications/notify.ts';
import { SCHEDULE_URL } from '../escrow/notices.ts';

export const bookingCanceledByBuyerNotice = (mentorId: number, bookingId: number, when: string): NewNotification => ({
  userId: mentorId,
  kind: 'booking_canceled',
  message: `Ученик отменил запись на консультацию ${when}`,
  url: SCHEDULE_URL,
  dedupeKey: `booking_canceled:${bookingId}`,
});

export const bookingCanceledByMentorNotice = (menteeId: number, bookingId: number, when: string): NewNotification => ({
  userId: menteeId,
  kind: 'booking_canceled',
  message: `Ментор отменил консультацию ${when}`,
  url: SCHEDULE_URL,
  dedupeKey: `booking_canceled:${bookingId}`,
});

// The mentor's no-show (decision 012, «Attendance and money»): 15 minutes after a paid consultation's start, if
// its mentee came to the room and its mentor did not, the booking is cancelled as the mentor's cancellation
// (the full refund of worker/escrow/cancel-paid.ts), both are told, and the mentor's no-show count goes up.
// The whole rule is re-read in the booking's conditional update, inside the transaction that refunds, so a
// mentor who joins while the job runs, or a second run, changes nothing. The rule in SQL is no-show.queries.ts.
import type { Tx } from '../../drizzle/db.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { settleCancellation } from '../escrow/cancel-paid.ts';
import { applyEffects, noEffects } from '../escrow/effects.ts';
import { countMentorNoShow } from '../escrow/mentor-counts.queries.ts';
import { lockHeldBookingPayments } from '../escrow/money.queries.ts';
import { settlePackageCancellation } from '../escrow/package-money.ts';
import { formatRubles } from '../escrow/notices.ts';
import { bookingUrl, CANCELLED_SCHEDULE_URL } from '../notifications/notice.messages.ts';
import { lockBooking } from '../escrow/service-locks.queries.ts';
import { transact } from '../lib/transact.ts';
import { storeNotifications, type NewNotification } from '../notifications/notify.ts';
import { cancelNoShowBooking, noShowBookingIds } from './no-show.queries.ts';

export const NO_SHOW_BATCH = 100;

export const NO_SHOW_REFUND_REASON = 'Ментор не пришёл на консультацию.';

const menteeNotice = (menteeId: number, bookingId: number, name: string, kopecks: number, creditBack = false): NewNotification => ({
  userId: menteeId,
  kind: 'booking_no_show',
  message: creditBack
    ? `Наставник не пришёл на консультацию «${name}». Она вернулась в ваш пакет.`
    : `Наставник не пришёл на консультацию «${name}». Мы вернём вам ${formatRubles(kopecks)} полностью.`,
  url: bookingUrl(bookingId, CANCELLED_SCHEDULE_URL),
  dedupeKey: `booking_no_show:${bookingId}`,
});

const mentorNotice = (mentorId: number, bookingId: number, name: string, creditBack = false): NewNotification => ({
  userId: mentorId,
  kind: 'booking_no_show',
  message: `Вы не пришли на консультацию «${name}»: запись отменена, ${creditBack ? 'консультация вернулась в пакет ученика' : 'деньги возвращены ученику'}.`,
  url: bookingUrl(bookingId, CANCELLED_SCHEDULE_URL),
  dedupeKey: `booking_no_show:${bookingId}`,
});

/** One booking, one transaction: the booking's lock, the rule in its conditional update, the refund, the count. */
async function cancelNoShow(tx: Tx, bookingId: number) {
  const locked = await lockBooking(tx, bookingId);
  if (!locked) return null;
  const booking = await cancelNoShowBooking(tx, bookingId);
  if (!booking) return null;
  const terms = { by: 'mentor' as const, startsAt: new Date(booking.starts_at), bookedAt: new Date(booking.created_at), now: new Date(), reason: NO_SHOW_REFUND_REASON };
  // a consultation of a package: its credit goes back (or its price, if the package has closed meanwhile)
  const money = booking.package_id
    ? await settlePackageCancellation(tx, { id: bookingId, packageId: Number(booking.package_id) }, terms)
    : { returnsCredit: false, ...(await settleCancellation(tx, await lockHeldBookingPayments(tx, bookingId), terms)) };
  await countMentorNoShow(tx, booking.mentor_id);
  const notifications = await storeNotifications(tx, [
    menteeNotice(booking.mentee_id, bookingId, booking.name, money.refundedKopecks, money.returnsCredit),
    mentorNotice(booking.mentor_id, bookingId, booking.name, money.returnsCredit),
  ]);
  return { refundIds: money.refundIds, payoutIds: money.payoutIds, notifications };
}

/** The minute job: paid consultations whose mentor did not come while the mentee did. */
export async function cancelMentorNoShows(ctx: ProviderContext, limit = NO_SHOW_BATCH) {
  const due = await noShowBookingIds(ctx.db, limit);
  const effects = noEffects();
  let canceled = 0;
  for (const id of due) {
    const done = await transact(ctx.db, (tx) => cancelNoShow(tx, id));
    if (!done) continue;
    canceled += 1;
    effects.refundIds.push(...done.refundIds);
    effects.payoutIds.push(...done.payoutIds);
    effects.notifications.push(...done.notifications);
  }
  await applyEffects(ctx, effects);
  return { noShows: canceled };
}

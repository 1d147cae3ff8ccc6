// The mentor's no-show (decision 012, «Attendance and money»): 15 minutes after a paid consultation's start, if
// its mentee came to the room and its mentor did not, the booking is cancelled as the mentor's cancellation
// (the full refund of worker/escrow/cancel-paid.ts), both are told, and the mentor's no-show count goes up.
// The whole rule is re-read in the booking's conditional update, inside the transaction that refunds, so a
// mentor who joins while the job runs, or a second run, changes nothing.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../drizzle/db.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { settleCancellation } from '../escrow/cancel-paid.ts';
import { applyEffects, noEffects } from '../escrow/effects.ts';
import { countMentorNoShow } from '../escrow/mentor-counts.ts';
import { lockHeldPayment } from '../escrow/money.ts';
import { formatRubles, SCHEDULE_URL } from '../escrow/notices.ts';
import { lockBooking } from '../escrow/service-locks.ts';
import { transact } from '../lib/transact.ts';
import { storeNotifications, type NewNotification } from '../notifications/notify.ts';
import { MIN_STAY_SECONDS } from '../conferences/attendance.queries.ts';

/** How late the mentor may come: the no-show is judged at start + this. */
export const NO_SHOW_GRACE_MINUTES = 15;
/** Presence before the start counts from start − this (the room is open by then). */
export const PRESENCE_FROM_MINUTES = 30;
export const NO_SHOW_BATCH = 100;

export const NO_SHOW_REFUND_REASON = 'Ментор не пришёл на консультацию.';

/**
 * Whether `person` (a column of the booking `b`, joined with its slot `s`) had a stay that counts in the
 * consultation's room overlapping [start − 30 min, start + 15 min): one still open, or one of 10 s or more.
 */
function present(person: SQL): SQL {
  return sql`exists (
    select 1 from conference_attendance a join conferences c on c.id = a.conference_id
    where c.content_type = 'consultationbooking' and c.object_id = b.id and a.user_id = ${person}
      and (a.left_at is null or a.left_at - a.joined_at >= make_interval(secs => ${MIN_STAY_SECONDS}))
      and a.joined_at < s.starts_at + make_interval(mins => ${NO_SHOW_GRACE_MINUTES})
      and (a.left_at is null or a.left_at > s.starts_at - make_interval(mins => ${PRESENCE_FROM_MINUTES})))`;
}

/**
 * Whether the mentee waited for a room the mentor never opened: they were still asking for it at the start or
 * later, and had begun before start + 15 min (decision 012).
 */
const menteeWaited = sql`exists (
    select 1 from conference_waits w
    where w.content_type = 'consultationbooking' and w.object_id = b.id and w.user_id = b.mentee_id
      and w.last_seen_at >= s.starts_at
      and w.first_seen_at < s.starts_at + make_interval(mins => ${NO_SHOW_GRACE_MINUTES}))`;

/** The rule over `consultation_bookings b` joined with `consultation_slots s`, read on the database clock. */
const mentorNoShow = sql`b.status = 'paid'
  and s.starts_at + make_interval(mins => ${NO_SHOW_GRACE_MINUTES}) <= now()
  and exists (select 1 from payments p where p.booking_id = b.id and p.status = 'succeeded')
  and not exists (select 1 from disputes d where d.booking_id = b.id and d.status = 'open')
  and (${present(sql`b.mentee_id`)} or ${menteeWaited})
  and not ${present(sql`b.mentor_id`)}`;

const menteeNotice = (menteeId: number, bookingId: number, name: string, kopecks: number): NewNotification => ({
  userId: menteeId,
  kind: 'booking_no_show',
  message: `Наставник не пришёл на консультацию «${name}». Мы вернём вам ${formatRubles(kopecks)} полностью.`,
  url: SCHEDULE_URL,
  dedupeKey: `booking_no_show:${bookingId}`,
});

const mentorNotice = (mentorId: number, bookingId: number, name: string): NewNotification => ({
  userId: mentorId,
  kind: 'booking_no_show',
  message: `Вы не пришли на консультацию «${name}»: запись отменена, деньги возвращены ученику.`,
  url: SCHEDULE_URL,
  dedupeKey: `booking_no_show:${bookingId}`,
});

type Cancelled = { id: number; mentee_id: number; mentor_id: number; created_at: string | Date; starts_at: string | Date; name: string };

/** One booking, one transaction: the booking's lock, the rule in its conditional update, the refund, the count. */
async function cancelNoShow(tx: Tx, bookingId: number) {
  const locked = await lockBooking(tx, bookingId);
  if (!locked) return null;
  const result = await tx.execute<Cancelled>(sql`
    update consultation_bookings b
       set status = 'canceled', canceled_at = now(), canceled_by = b.mentor_id, hold_expires_at = null
      from consultation_slots s, consultation_types t
     where b.id = ${bookingId} and s.id = b.slot_id and t.id = b.consultation_type_id and ${mentorNoShow}
    returning b.id, b.mentee_id, b.mentor_id, b.created_at, s.starts_at, t.name`);
  const booking = result.rows[0];
  if (!booking) return null;
  const payment = await lockHeldPayment(tx, { bookingId });
  const money = await settleCancellation(tx, payment, {
    by: 'mentor',
    startsAt: new Date(booking.starts_at),
    bookedAt: new Date(booking.created_at),
    now: new Date(),
    reason: NO_SHOW_REFUND_REASON,
  });
  await countMentorNoShow(tx, booking.mentor_id);
  const notifications = await storeNotifications(tx, [
    menteeNotice(booking.mentee_id, bookingId, booking.name, money.refundedKopecks),
    mentorNotice(booking.mentor_id, bookingId, booking.name),
  ]);
  return { refundIds: money.refundIds, payoutIds: money.payoutIds, notifications };
}

/** The minute job: paid consultations whose mentor did not come while the mentee did. */
export async function cancelMentorNoShows(ctx: ProviderContext, limit = NO_SHOW_BATCH) {
  const due = await ctx.db.execute<{ id: number }>(sql`
    select b.id from consultation_bookings b join consultation_slots s on s.id = b.slot_id
    where ${mentorNoShow}
    order by s.starts_at
    limit ${limit}`);
  const effects = noEffects();
  let canceled = 0;
  for (const { id } of due.rows) {
    const done = await transact(ctx.db, (tx) => cancelNoShow(tx, Number(id)));
    if (!done) continue;
    canceled += 1;
    effects.refundIds.push(...done.refundIds);
    effects.payoutIds.push(...done.payoutIds);
    effects.notifications.push(...done.notifications);
  }
  await applyEffects(ctx, effects);
  return { noShows: canceled };
}

// What the scheduler settles (settle-due.ts): consultations whose dispute window has closed, event payments a day
// after the event, oldest first.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { DISPUTE_WINDOW_HOURS } from '../escrow/dispute-window.ts';

/** Paid consultations whose dispute window has closed (and finished ones still holding money), without an open dispute. */
export async function dueBookingIds(db: Db, limit: number) {
  const due = await db.execute<{ id: number }>(sql`
    select b.id from consultation_bookings b join consultation_slots s on s.id = b.slot_id
    where s.ends_at < now() - make_interval(hours => ${DISPUTE_WINDOW_HOURS})
      and (b.status = 'paid'
        or (b.status = 'finished' and exists (select 1 from payments p where p.booking_id = b.id and p.status = 'succeeded'))
        -- a finished consultation of a package whose session is still held (its package's payment, nothing keyed to it yet)
        or (b.status = 'finished' and b.package_id is not null
            and exists (select 1 from payments p where p.package_id = b.package_id and p.status = 'succeeded'
                        and not exists (select 1 from ledger_entries l where l.payment_id = p.id and l.booking_id = b.id
                                        and l.kind in ('mentor_payout', 'refund')))))
      and not exists (select 1 from disputes d where d.booking_id = b.id and d.status = 'open')
    order by s.ends_at
    limit ${limit}`);
  return due.rows.map((r) => Number(r.id));
}

/** Event payments still in escrow 24 hours after the event's end (starts_at + duration). */
export async function dueEventPaymentIds(db: Db, limit: number) {
  const due = await db.execute<{ id: string }>(sql`
    select p.id from payments p
      join event_registrations r on r.id = p.registration_id
      join events e on e.id = r.event_id
    where p.status = 'succeeded' and p.service_type = 'event'
      and e.starts_at + make_interval(mins => e.duration_minutes) < now() - interval '24 hours'
    order by p.paid_at
    limit ${limit}`);
  return due.rows.map((r) => r.id);
}

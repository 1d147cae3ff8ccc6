// GET /consultation-bookings/{id}/cancel-quote/ (decision 010): what cancelling the booking now would refund,
// refused for the same reasons the cancellation itself is.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { quoteRefund, type RefundQuote } from '../escrow/refund-quote.ts';
import type { CancelOutcome } from './bookings.lifecycle.ts';

export type QuoteOutcome = { kind: 'quote'; quote: RefundQuote } | { kind: Exclude<CancelOutcome['kind'], 'canceled'> };

type QuoteRow = {
  mentee_id: number;
  mentor_id: number;
  status: string;
  created_at: string;
  starts_at: string;
  now: string;
  held_kopecks: string | null;
  disputed: boolean;
  time_zone: string;
};

export async function quoteBookingCancellation(db: Db, bookingId: number, callerId: number): Promise<QuoteOutcome> {
  const result = await db.execute<QuoteRow>(sql`
    select b.mentee_id, b.mentor_id, b.status, to_json(b.created_at)#>>'{}' as created_at,
           to_json(s.starts_at)#>>'{}' as starts_at, to_json(now())#>>'{}' as now,
           (select p.amount_kopecks from payments p where p.booking_id = b.id and p.status = 'succeeded') as held_kopecks,
           exists (select 1 from disputes d where d.booking_id = b.id and d.status = 'open') as disputed,
           (select u.time_zone from users u where u.id = ${callerId}) as time_zone
    from consultation_bookings b join consultation_slots s on s.id = b.slot_id
    where b.id = ${bookingId} and (b.mentee_id = ${callerId} or b.mentor_id = ${callerId})`);
  const row = result.rows[0];
  if (!row) return { kind: 'not_found' };
  if (row.status === 'finished') return { kind: 'finished' };
  if (row.status === 'canceled' || row.status === 'expired') return { kind: 'already_canceled' };
  if (row.disputed) return { kind: 'disputed' };
  const by = Number(row.mentor_id) === callerId ? 'mentor' : 'buyer';
  const startsAt = new Date(row.starts_at);
  const now = new Date(row.now);
  if (by === 'buyer' && row.status === 'paid' && startsAt <= now) return { kind: 'started' };
  const quote = quoteRefund({
    by,
    startsAt,
    bookedAt: new Date(row.created_at),
    now,
    heldKopecks: row.held_kopecks === null ? null : Number(row.held_kopecks),
    timeZone: row.time_zone,
    what: 'booking',
  });
  return { kind: 'quote', quote };
}

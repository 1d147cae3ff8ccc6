// GET /events/unregister-quote/?event_id= (decision 010): what leaving the event now would refund. The same
// policy as unregister() settles by; a seat still waiting for payment has nothing to refund.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { quoteRefund, type RefundQuote } from '../escrow/refund-quote.ts';

type QuoteRow = { created_at: string; starts_at: string; now: string; held_kopecks: string | null; time_zone: string };

/** Null when the caller has no live registration for the event. */
export async function quoteUnregister(db: Db, eventId: number, userId: number): Promise<RefundQuote | null> {
  const result = await db.execute<QuoteRow>(sql`
    select to_json(r.created_at)#>>'{}' as created_at, to_json(e.starts_at)#>>'{}' as starts_at, to_json(now())#>>'{}' as now,
           (select p.amount_kopecks from payments p where p.registration_id = r.id and p.status = 'succeeded') as held_kopecks,
           (select u.time_zone from users u where u.id = ${userId}) as time_zone
    from event_registrations r join events e on e.id = r.event_id
    where r.event_id = ${eventId} and r.user_id = ${userId} and r.status in ('pending_payment', 'confirmed')`);
  const row = result.rows[0];
  if (!row) return null;
  return quoteRefund({
    by: 'buyer',
    startsAt: new Date(row.starts_at),
    bookedAt: new Date(row.created_at),
    now: new Date(row.now),
    heldKopecks: row.held_kopecks === null ? null : Number(row.held_kopecks),
    timeZone: row.time_zone,
    what: 'registration',
  });
}

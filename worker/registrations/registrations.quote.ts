// GET /events/unregister-quote/?event_id= (decision 010): what leaving the event now would refund. The same
// policy as unregister() settles by; a seat still waiting for payment has nothing to refund.
import type { Db } from '../../drizzle/db.ts';
import { quoteRefund, type RefundQuote } from '../escrow/refund-quote.ts';
import { unregisterQuoteFacts } from './registrations.queries.ts';

/** Null when the caller has no live registration for the event. */
export async function quoteUnregister(db: Db, eventId: number, userId: number): Promise<RefundQuote | null> {
  const row = await unregisterQuoteFacts(db, eventId, userId);
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

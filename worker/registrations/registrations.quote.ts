// GET /events/unregister-quote/?event_id= (decision 010): what leaving the event now would refund. The same
// policy as unregister() settles by; a seat still waiting for payment has nothing to refund.
import type { Db } from '../../drizzle/db.ts';
import { quoteRefund, type RefundQuote } from '../escrow/refund-quote.ts';
import { unregisterQuoteFacts } from './registrations.queries.ts';

export type UnregisterQuoteOutcome = { kind: 'quote'; quote: RefundQuote } | { kind: 'not_registered' | 'started' };

/** Refused for the same reasons as unregister(): no live registration, or a confirmed seat whose event has started. */
export async function quoteUnregister(db: Db, eventId: number, userId: number): Promise<UnregisterQuoteOutcome> {
  const row = await unregisterQuoteFacts(db, eventId, userId);
  if (!row) return { kind: 'not_registered' };
  const startsAt = new Date(row.starts_at);
  const now = new Date(row.now);
  if (row.status === 'confirmed' && startsAt <= now) return { kind: 'started' };
  const quote = quoteRefund({
    by: 'buyer',
    startsAt,
    bookedAt: new Date(row.created_at),
    now,
    heldKopecks: row.held_kopecks === null ? null : Number(row.held_kopecks),
    timeZone: row.time_zone,
    what: 'registration',
  });
  return { kind: 'quote', quote };
}

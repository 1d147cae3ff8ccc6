// GET /consultation-bookings/{id}/cancel-quote/ (decision 010): what cancelling the booking now would refund,
// refused for the same reasons the cancellation itself is.
import type { Db } from '../../drizzle/db.ts';
import { quotePackageSession, quoteRefund, type RefundQuote } from '../escrow/refund-quote.ts';
import type { CancelOutcome } from './bookings.lifecycle.ts';
import { cancelQuoteFacts } from './bookings.queries.ts';
import { cutoffPassed } from './booking-rules.ts';

export type QuoteOutcome =
  | { kind: 'quote'; quote: RefundQuote & { returns_credit: boolean } }
  | { kind: Exclude<CancelOutcome['kind'], 'canceled' | 'cutoff_passed'> }
  | Extract<CancelOutcome, { kind: 'cutoff_passed' }>;

export async function quoteBookingCancellation(db: Db, bookingId: number, callerId: number): Promise<QuoteOutcome> {
  const row = await cancelQuoteFacts(db, bookingId, callerId);
  if (!row) return { kind: 'not_found' };
  if (row.status === 'finished') return { kind: 'finished' };
  if (row.status === 'canceled' || row.status === 'expired') return { kind: 'already_canceled' };
  if (row.disputed) return { kind: 'disputed' };
  const by = Number(row.mentor_id) === callerId ? 'mentor' : 'buyer';
  const startsAt = new Date(row.starts_at);
  const now = new Date(row.now);
  if (by === 'buyer' && row.status === 'paid' && startsAt <= now) return { kind: 'started' };
  const cutoff = Number(row.cancel_cutoff_hours);
  if (by === 'buyer' && row.status === 'paid' && cutoffPassed(startsAt, cutoff, now)) return { kind: 'cutoff_passed', hours: cutoff };
  const bookedAt = new Date(row.created_at);
  if (row.package_id !== null && row.status === 'paid') {
    const session: Parameters<typeof quotePackageSession>[0] = {
      by,
      startsAt,
      bookedAt,
      now,
      sessionKopecks: Number(row.session_kopecks),
      packageOpen: row.package_open === true,
      timeZone: row.time_zone,
      cutoffHours: cutoff,
    };
    return { kind: 'quote', quote: quotePackageSession(session) };
  }
  const quote = quoteRefund({
    by,
    startsAt,
    bookedAt,
    now,
    heldKopecks: row.held_kopecks === null ? null : Number(row.held_kopecks),
    timeZone: row.time_zone,
    what: 'booking',
    cutoffHours: cutoff,
  });
  return { kind: 'quote', quote: { ...quote, returns_credit: false } };
}

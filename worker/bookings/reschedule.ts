// The mentee moves a booking to another slot of the same mentor and type (issue 38 §1, decision 024). The booking row
// stays and only its slot changes, so the money that points at it (payment, escrow, ledger, fiscal receipts) follows
// without a second charge or a refund; the same type has the same price, so there is nothing to settle.
import type { Db } from '../../drizzle/db.ts';
import { pgError } from '../lib/db-errors.ts';
import { bookingSides } from './bookings.queries.ts';
import { cutoffPassed, type BookingRule } from './booking-rules.ts';
import { ruleLimitOfSlot, ruleOfError } from './booking-rules.queries.ts';
import { moveBookingAtOnce, type MoveFacts } from './reschedule.queries.ts';
import type { Move } from './reschedule.notices.ts';

export type MoveRefusal =
  | 'not_found'
  | 'not_booker'
  | 'not_paid'
  | 'finished'
  | 'canceled'
  | 'disputed'
  | 'started'
  | 'slot_not_found'
  | 'other_type'
  | 'same_slot'
  | 'slot_past'
  | 'slot_taken';

export type MoveOutcome =
  | { kind: 'moved'; move: Move }
  | { kind: MoveRefusal }
  /** the mentee's cut-off kept on the booking has passed (decision 022): `hours` before the start */
  | { kind: 'cutoff_passed'; hours: number }
  /** the type's booking rules refuse the new slot now (decision 022) */
  | { kind: 'rule_broken'; rule: BookingRule; limit: number };

type BookingToMove = Pick<MoveFacts, 'mentee_id' | 'status' | 'disputed' | 'starts_at' | 'now' | 'cancel_cutoff_hours' | 'slot_id'>;

/**
 * Why the booking itself can't be moved by the caller onto `slotId` now, whatever the slot (null when it can): not
 * theirs, not paid, under dispute, started, past its cut-off, or already there. Shared by a move within the type and
 * onto another type (type-move.ts).
 */
export function bookingMoveRefusal(f: BookingToMove | null, callerId: number, slotId: number) {
  if (!f) return { kind: 'not_found' as const };
  if (Number(f.mentee_id) !== callerId) return { kind: 'not_booker' as const };
  if (f.status === 'pending_payment') return { kind: 'not_paid' as const };
  if (f.status === 'finished') return { kind: 'finished' as const };
  if (f.status !== 'paid') return { kind: 'canceled' as const };
  if (f.disputed) return { kind: 'disputed' as const };
  const startsAt = new Date(f.starts_at);
  const now = new Date(f.now);
  if (startsAt <= now) return { kind: 'started' as const };
  if (cutoffPassed(startsAt, f.cancel_cutoff_hours, now)) return { kind: 'cutoff_passed' as const, hours: f.cancel_cutoff_hours };
  if (Number(f.slot_id) === slotId) return { kind: 'same_slot' as const };
  return null;
}

/** Why the conditional update moved nothing, from the facts read right after it in the same transaction. */
function refusalOf(f: MoveFacts | null, callerId: number, slotId: number): Exclude<MoveOutcome, { kind: 'moved' | 'rule_broken' }> {
  const refused = bookingMoveRefusal(f, callerId, slotId);
  if (refused || !f) return refused ?? { kind: 'not_found' };
  if (!f.target_found) return { kind: 'slot_not_found' };
  if (Number(f.target_mentor_id) !== Number(f.mentor_id) || Number(f.target_type_id) !== Number(f.type_id)) return { kind: 'other_type' };
  if (f.target_past) return { kind: 'slot_past' };
  // nothing else stops the update: it lost to a concurrent change of the booking, or the slot was taken meanwhile
  return { kind: f.target_taken ? 'slot_taken' : 'not_found' };
}

/** Moves the caller's booking onto `slotId` in one round trip; tells nobody (the route does, after the commit). */
export async function moveBooking(db: Db, { bookingId, callerId, slotId }: { bookingId: number; callerId: number; slotId: number }): Promise<MoveOutcome> {
  let result;
  try {
    result = await moveBookingAtOnce(db, { bookingId, menteeId: callerId, slotId });
  } catch (e) {
    const err = pgError(e);
    if (err?.code === '23505' && err.constraint === 'consultation_bookings_live_slot_uq') return { kind: 'slot_taken' };
    const rule = ruleOfError(e);
    if (rule) return { kind: 'rule_broken', rule, limit: await ruleLimitOfSlot(db, slotId, rule) };
    throw e;
  }
  if (!result.moved) return refusalOf(result.facts, callerId, slotId);
  const sides = await bookingSides(db, bookingId);
  return { kind: 'moved', move: { sides, oldStartsAt: result.moved.oldStartsAt, revision: result.moved.revision, by: 'mentee' } };
}

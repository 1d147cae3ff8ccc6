// The mentor proposes a new time for a booking; the mentee accepts (the booking moves) or declines, keeping the booking
// or cancelling it with a full refund whatever the cut-off, since the mentor asked (issue 38 §1, decision 024).
import type { Db, Executor } from '../../drizzle/db.ts';
import { pgError } from '../lib/db-errors.ts';
import type { ProviderContext } from '../payments/payment-provider.ts';
import { cancelBooking, type CancelOutcome } from './bookings.lifecycle.ts';
import { bookingSides } from './bookings.queries.ts';
import type { BookingRule } from './booking-rules.ts';
import { ruleLimitOfSlot, ruleOfError } from './booking-rules.queries.ts';
import { acceptProposalAtOnce, declineProposal, findProposalFor, proposeMoveAtOnce, type ProposeFacts } from './move-proposals.queries.ts';
import type { Move } from './reschedule.notices.ts';
import type { MoveRefusal } from './reschedule.ts';

const RULES = new Set<string>(['notice', 'horizon', 'buffer', 'daily_limit']);

export type ProposeOutcome =
  | { kind: 'proposed'; proposalId: number; expiresAt: Date; slotStartsAt: Date; move: Omit<Move, 'oldStartsAt' | 'revision'> }
  | { kind: Exclude<MoveRefusal, 'not_booker'> | 'not_mentor' }
  | { kind: 'rule_broken'; rule: BookingRule; limit: number };

async function proposeRefusal(db: Db, f: ProposeFacts | null, callerId: number, slotId: number): Promise<Exclude<ProposeOutcome, { kind: 'proposed' }>> {
  if (!f) return { kind: 'not_found' };
  if (Number(f.mentor_id) !== callerId) return { kind: 'not_mentor' };
  if (f.status === 'pending_payment') return { kind: 'not_paid' };
  if (f.status === 'finished') return { kind: 'finished' };
  if (f.status !== 'paid') return { kind: 'canceled' };
  if (f.disputed) return { kind: 'disputed' };
  if (f.started) return { kind: 'started' };
  if (Number(f.slot_id) === slotId) return { kind: 'same_slot' };
  if (!f.target_found) return { kind: 'slot_not_found' };
  if (Number(f.target_mentor_id) !== Number(f.mentor_id) || Number(f.target_type_id) !== Number(f.type_id)) return { kind: 'other_type' };
  if (f.target_past) return { kind: 'slot_past' };
  if (f.target_taken) return { kind: 'slot_taken' };
  if (f.rule && RULES.has(f.rule)) return { kind: 'rule_broken', rule: f.rule as BookingRule, limit: await ruleLimitOfSlot(db, slotId, f.rule as BookingRule) };
  return { kind: 'slot_taken' };
}

/** The mentor proposes one of their free slots of the booking's type; an earlier pending proposal of it is withdrawn. */
export async function proposeMove(db: Db, { bookingId, callerId, slotId }: { bookingId: number; callerId: number; slotId: number }): Promise<ProposeOutcome> {
  const { proposal, facts } = await proposeMoveAtOnce(db, { bookingId, mentorId: callerId, slotId });
  if (!proposal) return proposeRefusal(db, facts, callerId, slotId);
  const sides = await bookingSides(db, bookingId);
  const found = await findProposalFor(db, proposal.id, callerId);
  return { kind: 'proposed', proposalId: proposal.id, expiresAt: proposal.expiresAt, slotStartsAt: new Date(found!.starts_at), move: { sides, by: 'mentor' } };
}

export type AnswerRefusal = 'not_found' | 'not_mentee' | 'closed';

export type AcceptOutcome = { kind: 'moved'; move: Move } | { kind: AnswerRefusal | 'slot_taken' } | { kind: 'rule_broken'; rule: BookingRule; limit: number };

/** Why nothing was answered: not the caller's (404), the mentor's own (403), or no longer live (409). */
async function answerRefusal(db: Db, proposalId: number, callerId: number): Promise<AnswerRefusal> {
  const row = await findProposalFor(db, proposalId, callerId);
  if (!row) return 'not_found';
  if (Number(row.mentee_id) !== callerId) return 'not_mentee';
  return 'closed';
}

/** The mentee takes the proposed time: the booking moves there with its payment, as their own move would. */
export async function acceptProposal(db: Db, { proposalId, callerId }: { proposalId: number; callerId: number }): Promise<AcceptOutcome> {
  let moved;
  try {
    moved = await acceptProposalAtOnce(db, { proposalId, menteeId: callerId });
  } catch (e) {
    const err = pgError(e);
    if (err?.code === '23505' && err.constraint === 'consultation_bookings_live_slot_uq') return { kind: 'slot_taken' };
    const rule = ruleOfError(e);
    if (rule) {
      const row = await findProposalFor(db, proposalId, callerId);
      return { kind: 'rule_broken', rule, limit: row ? await ruleLimitOfSlot(db, Number(row.slot_id), rule) : 0 };
    }
    throw e;
  }
  if (!moved) return { kind: await answerRefusal(db, proposalId, callerId) };
  const sides = await bookingSides(db, moved.bookingId);
  return { kind: 'moved', move: { sides, oldStartsAt: moved.oldStartsAt, revision: moved.revision, by: 'mentor' } };
}

export type DeclineOutcome =
  | { kind: 'kept'; bookingId: number }
  | { kind: 'canceled'; bookingId: number; cancel: Extract<CancelOutcome, { kind: 'canceled' }> }
  | { kind: AnswerRefusal }
  | { kind: 'cancel_refused'; cancel: Exclude<CancelOutcome, { kind: 'canceled' | 'proposal_closed' }> };

/**
 * The mentee says no: the proposal ends (its slot is free again) and the booking stays, or, with `cancel`, the booking
 * is cancelled with all of its money back whatever the cut-off (the mentor asked for the change), the proposal declined
 * in the cancellation's own transaction: a cancellation refused (the booking started meanwhile) leaves the proposal open.
 */
export async function declineMoveProposal(ctx: ProviderContext, { proposalId, callerId, cancel }: { proposalId: number; callerId: number; cancel: boolean }): Promise<DeclineOutcome> {
  const decline = async (ex: Executor) => declineProposal(ex, { proposalId, menteeId: callerId });
  if (!cancel) {
    const bookingId = await decline(ctx.db);
    return bookingId == null ? { kind: await answerRefusal(ctx.db, proposalId, callerId) } : { kind: 'kept', bookingId };
  }
  const row = await findProposalFor(ctx.db, proposalId, callerId);
  if (!row || Number(row.mentee_id) !== callerId) return { kind: await answerRefusal(ctx.db, proposalId, callerId) };
  const bookingId = Number(row.booking_id);
  const outcome = await cancelBooking(ctx, bookingId, callerId, { declining: async (tx) => (await decline(tx)) !== null });
  if (outcome.kind === 'canceled') return { kind: 'canceled', bookingId, cancel: outcome };
  return outcome.kind === 'proposal_closed' ? { kind: 'closed' } : { kind: 'cancel_refused', cancel: outcome };
}

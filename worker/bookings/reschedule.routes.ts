// Moving a consultation to another time (issue 38 §1, decision 024): ours, POST /consultation-bookings/{id}/reschedule.
import { Hono } from 'hono';
import { REVOKED_REASON, revokeConferenceAccess } from '../conferences/room-control.ts';
import type { AppEnv, SignedInContext } from '../env.ts';
import { openDirectRoom, insertMessage } from '../chats/chats.queries.ts';
import { publishToRoom } from '../chats/chat-fanout.ts';
import { toChatMessage } from '../chats/chats.mapper.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { assertOwnUserId, parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { deliverInBackground } from '../mail/deliver.ts';
import { notifyNow } from '../notifications/notify.ts';
import { requireUser } from '../middleware/session.ts';
import { mailContacts } from '../users/users.queries.ts';
import { bookingRuleMessages, type BookingRule } from './booking-rules.ts';
import { bookingSides } from './bookings.queries.ts';
import { moveBooking, type MoveRefusal } from './reschedule.ts';
import { acceptProposal, declineMoveProposal, proposeMove, type AnswerRefusal } from './move-proposals.ts';
import { listLiveProposals, type ProposalRow } from './move-proposals.queries.ts';
import { providerContext } from '../payments/provider-choice.ts';
import type { RefundAnswer } from '../escrow/cancel-paid.ts';
import { declinedNotice, movedBookingUrl, movedChatLine, movedMail, movedNotices, proposedChatLine, proposedMail, proposedNotice, type Move, type Proposal } from './reschedule.notices.ts';
import { rescheduleCutoffMessage, rescheduleMessages } from './reschedule-rules.ts';
import { declineMoveBody, proposeMoveBody, rescheduleBody } from './reschedule.schemas.ts';

const moveRefusals: Record<MoveRefusal, () => ApiError> = {
  not_found: () => errors.notFound('Бронирование не найдено'),
  not_booker: () => errors.forbidden(rescheduleMessages.notBooker),
  not_paid: () => errors.conflict('booking_not_paid', rescheduleMessages.notPaid),
  finished: () => errors.conflict('booking_finished', 'Консультация уже завершена'),
  canceled: () => errors.conflict('booking_canceled', 'Бронирование отменено'),
  disputed: () => errors.conflict('dispute_open', 'По этой консультации открыт диспут'),
  started: () => errors.conflict('already_started', 'Консультация уже началась'),
  slot_not_found: () => errors.notFound('Слот не найден'),
  other_type: () => errors.conflict('slot_other_type', rescheduleMessages.otherType),
  same_slot: () => errors.conflict('same_slot', rescheduleMessages.sameSlot),
  slot_past: () => errors.conflict('slot_past', 'Это время уже прошло'),
  slot_taken: () => errors.conflict('slot_taken', 'Это время уже занято'),
};

/**
 * After the move committed: both sides' notifications (stored and pushed), their e-mails, and a line in the chat
 * between them, sent by whoever moved it (the room's messages all have a sender; the line says what happened).
 */
async function tellMove(c: SignedInContext, move: Move) {
  const { db } = c.var;
  const { sides } = move;
  await notifyNow(c.env, db, movedNotices(move));
  const origin = new URL(c.req.url).origin;
  for (const person of await mailContacts(db, [sides.mentor.id, sides.mentee.id])) {
    const to = person.email;
    if (!to) continue;
    const reader = person.id === sides.mentor.id ? 'mentor' : 'mentee';
    const mail = movedMail(move, reader, person.firstName, `${origin}${movedBookingUrl(sides.bookingId, reader)}`);
    deliverInBackground(c, ({ email }) => email.sendEmail({ to, ...mail }));
  }
  await chatLine(c, move.sides, move.by === 'mentor' ? sides.mentor.id : sides.mentee.id, movedChatLine(move));
}

/** A line in the chat of the booking's two people, from `senderId`, pushed to whoever has the room open. */
async function chatLine(c: SignedInContext, sides: Move['sides'], senderId: number, content: string) {
  const { db } = c.var;
  const roomId = await openDirectRoom(db, sides.mentee.id, sides.mentor.id);
  const line = await insertMessage(db, { roomId, senderId, content, replyTo: null, files: [], clientKey: null });
  if (line.kind === 'ok') await publishToRoom(c.env, roomId, { type: 'message', message: toChatMessage(line.message) }, line.seq);
}

/** The mentee hears of a proposal: the bell, an e-mail, a line from the mentor in their chat. */
async function tellProposal(c: SignedInContext, proposal: Proposal, proposalId: number) {
  const { db } = c.var;
  const { sides } = proposal;
  await notifyNow(c.env, db, [proposedNotice(proposal, proposalId)]);
  const [person] = await mailContacts(db, [sides.mentee.id]);
  const to = person?.email;
  if (to) {
    const mail = proposedMail(proposal, person.firstName, `${new URL(c.req.url).origin}${movedBookingUrl(sides.bookingId, 'mentee')}`);
    deliverInBackground(c, ({ email }) => email.sendEmail({ to, ...mail }));
  }
  await chatLine(c, sides, sides.mentor.id, proposedChatLine(proposal));
}

const ruleRefused = (rule: BookingRule, limit: number) => errors.conflict(`booking_${rule}`, bookingRuleMessages[rule](limit));

const answerRefusals: Record<AnswerRefusal, () => ApiError> = {
  not_found: () => errors.notFound('Предложение не найдено'),
  not_mentee: () => errors.forbidden(rescheduleMessages.notMentee),
  closed: () => errors.conflict('proposal_closed', rescheduleMessages.proposalClosed),
};

/** A proposal as the schedule shows it: the booking, the proposed time, until when it holds, and the reader's side. */
const toProposal = (row: ProposalRow, userId: number) => ({
  id: Number(row.id),
  booking_id: Number(row.booking_id),
  role: Number(row.mentee_id) === userId ? ('mentee' as const) : ('mentor' as const),
  type_name: row.type_name,
  booking_start_time: new Date(row.booking_starts_at).toISOString(),
  slot: { id: Number(row.slot_id), start_time: new Date(row.starts_at).toISOString(), end_time: new Date(row.ends_at).toISOString() },
  expires_at: new Date(row.expires_at).toISOString(),
});

export const rescheduleRoutes = new Hono<AppEnv>().post('/consultation-bookings/:id/reschedule', requireUser, validate('json', rescheduleBody), async (c) => {
  const { slot_id, user_id } = c.req.valid('json');
  const callerId = c.var.user.id;
  assertOwnUserId(user_id, callerId);
  const outcome = await moveBooking(c.var.db, { bookingId: parseId(c.req.param('id')), callerId, slotId: slot_id });
  if (outcome.kind === 'cutoff_passed') throw errors.conflict('reschedule_cutoff_passed', rescheduleCutoffMessage(outcome.hours));
  if (outcome.kind === 'rule_broken') throw errors.conflict(`booking_${outcome.rule}`, bookingRuleMessages[outcome.rule](outcome.limit));
  if (outcome.kind !== 'moved') throw moveRefusals[outcome.kind]();
  await tellMove(c, outcome.move);
  const { sides } = outcome.move;
  return c.json({ id: sides.bookingId, slot_id, starts_at: sides.startsAt.toISOString(), previous_starts_at: outcome.move.oldStartsAt.toISOString() });
})
  .post('/consultation-bookings/:id/propose-move', requireUser, validate('json', proposeMoveBody), async (c) => {
    const outcome = await proposeMove(c.var.db, { bookingId: parseId(c.req.param('id')), callerId: c.var.user.id, slotId: c.req.valid('json').slot_id });
    if (outcome.kind === 'not_mentor') throw errors.forbidden(rescheduleMessages.notMentor);
    if (outcome.kind === 'rule_broken') throw ruleRefused(outcome.rule, outcome.limit);
    if (outcome.kind !== 'proposed') throw moveRefusals[outcome.kind]();
    await tellProposal(c, { sides: outcome.move.sides, slotStartsAt: outcome.slotStartsAt, expiresAt: outcome.expiresAt }, outcome.proposalId);
    return c.json({ id: outcome.proposalId, booking_id: outcome.move.sides.bookingId, expires_at: outcome.expiresAt.toISOString() }, 201);
  })
  // the caller's live proposals: to answer as the booking's mentee, waiting for the answer as its mentor
  .get('/consultation-bookings/move-proposals', requireUser, async (c) => {
    const rows = await listLiveProposals(c.var.db, c.var.user.id);
    return c.json(rows.map((row) => toProposal(row, c.var.user.id)));
  })
  .post('/consultation-bookings/move-proposals/:id/accept', requireUser, async (c) => {
    const outcome = await acceptProposal(c.var.db, { proposalId: parseId(c.req.param('id')), callerId: c.var.user.id });
    if (outcome.kind === 'rule_broken') throw ruleRefused(outcome.rule, outcome.limit);
    if (outcome.kind === 'slot_taken') throw moveRefusals.slot_taken();
    if (outcome.kind !== 'moved') throw answerRefusals[outcome.kind]();
    await tellMove(c, outcome.move);
    const { sides } = outcome.move;
    return c.json({ id: sides.bookingId, starts_at: sides.startsAt.toISOString(), previous_starts_at: outcome.move.oldStartsAt.toISOString() });
  })
  .post('/consultation-bookings/move-proposals/:id/decline', requireUser, validate('json', declineMoveBody), async (c) => {
    const proposalId = parseId(c.req.param('id'));
    const ctx = providerContext(c);
    const outcome = await declineMoveProposal(ctx, { proposalId, callerId: c.var.user.id, cancel: c.req.valid('json').cancel });
    if (outcome.kind === 'cancel_refused') throw errors.conflict('booking_not_canceled', 'Предложение отклонено, но отменить запись не удалось: она уже отменена или началась');
    if (outcome.kind !== 'kept' && outcome.kind !== 'canceled') throw answerRefusals[outcome.kind]();
    const sides = await bookingSides(c.var.db, outcome.bookingId);
    await notifyNow(c.env, c.var.db, [declinedNotice(sides, proposalId, outcome.kind === 'canceled')]);
    // one shape for both answers: what the booking is now and what its money does
    const answer = (status: string, refund: RefundAnswer | null) => c.json({ booking_id: outcome.bookingId, status, refund });
    if (outcome.kind === 'kept') return answer('paid', null);
    await revokeConferenceAccess(c.env, 'consultationbooking', outcome.bookingId, null, REVOKED_REASON.bookingCanceled);
    return answer(outcome.cancel.booking.status, outcome.cancel.refund);
  });

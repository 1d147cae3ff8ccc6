// Moving a consultation to another time (issue 38 §1, decision 024): ours, POST /consultation-bookings/{id}/reschedule.
import { Hono } from 'hono';
import { REVOKED_REASON, revokeConferenceAccess } from '../conferences/room-control.ts';
import type { AppEnv, SignedInContext } from '../env.ts';
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
import { chatLine as chatLineTo, tellMove as tellMoveTo } from './move-telling.ts';
import { declinedNotice, movedBookingUrl, proposedChatLine, proposedMail, proposedNotice, type Move, type Proposal } from './reschedule.notices.ts';
import { rescheduleCutoffMessage, rescheduleMessages } from './reschedule-rules.ts';
import { declineMoveBody, proposeMoveBody, rescheduleBody, rescheduleQuoteQuery } from './reschedule.schemas.ts';
import { moveToType, quoteMove, type MoveQuote, type QuoteOutcome } from './type-move.ts';

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

/** Any refusal of a move or its quote, worded for the API. */
function moveRefused(outcome: Exclude<QuoteOutcome, { kind: 'quote' }>): ApiError {
  if (outcome.kind === 'cutoff_passed') return errors.conflict('reschedule_cutoff_passed', rescheduleCutoffMessage(outcome.hours));
  if (outcome.kind === 'rule_broken') return ruleRefused(outcome.rule, outcome.limit);
  if (outcome.kind === 'package_other_type') return errors.conflict('package_other_type', rescheduleMessages.packageOtherType);
  return moveRefusals[outcome.kind]();
}

/** The move's answer: moved (with what went back, rubles), or waiting for the top-up on the provider's page. */
type RescheduleAnswer =
  | { status: 'moved'; id: number; slot_id: number; starts_at: string; previous_starts_at: string; refunded: number }
  | { status: 'awaiting_payment'; id: number; slot_id: number; to_pay: number; payment_id: string; confirmation_url: string; hold_expires_at: string };

/** A quote as the dialog shows it before confirming: the new time and type, the prices and what moves in money (rubles). */
const toQuote = (q: MoveQuote) => ({
  slot_id: q.slot.id,
  start_time: q.slot.startsAt.toISOString(),
  end_time: q.slot.endsAt.toISOString(),
  same_type: q.sameType,
  consultation_type_id: q.typeId,
  type_name: q.typeName,
  price_before: q.priceBefore,
  price_after: q.priceAfter,
  to_pay: q.toPay,
  to_refund: q.toRefund,
  cancel_cutoff_hours: q.cancelCutoffHours,
});

/** The move's people are told after the commit; the e-mails go after the response. */
const tellMove = (c: SignedInContext, move: Move) =>
  tellMoveTo({ env: c.env, db: c.var.db, origin: new URL(c.req.url).origin }, move, (send) => deliverInBackground(c, send));

const chatLine = (c: SignedInContext, sides: Move['sides'], senderId: number, content: string) =>
  chatLineTo({ env: c.env, db: c.var.db, origin: '' }, sides, senderId, content);

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

export const rescheduleRoutes = new Hono<AppEnv>()
  .get('/consultation-bookings/:id/reschedule-quote', requireUser, validate('query', rescheduleQuoteQuery), async (c) => {
    const input = { bookingId: parseId(c.req.param('id')), callerId: c.var.user.id, slotId: c.req.valid('query').slot_id };
    const outcome = await quoteMove(providerContext(c), input);
    if (outcome.kind !== 'quote') throw moveRefused(outcome);
    return c.json(toQuote(outcome.quote));
  })
  .post('/consultation-bookings/:id/reschedule', requireUser, validate('json', rescheduleBody), async (c) => {
    const { slot_id, user_id, return_url } = c.req.valid('json');
    const callerId = c.var.user.id;
    assertOwnUserId(user_id, callerId);
    const input = { bookingId: parseId(c.req.param('id')), callerId, slotId: slot_id };
    // within the type in one round trip (the hot path, decision 024); onto another type, quoted and settled
    const sameType = await moveBooking(c.var.db, input);
    const outcome = sameType.kind === 'other_type' ? await moveToType(providerContext(c), { ...input, returnUrl: return_url }) : sameType;
    if (outcome.kind === 'awaiting_payment') {
      // a dearer type: the new time is held while the difference is paid on the provider's page
      return c.json<RescheduleAnswer>({
        status: 'awaiting_payment',
        id: input.bookingId,
        slot_id,
        to_pay: outcome.toPay,
        payment_id: outcome.paymentId,
        confirmation_url: outcome.confirmationUrl,
        hold_expires_at: outcome.holdExpiresAt.toISOString(),
      });
    }
    if (outcome.kind !== 'moved') throw moveRefused(outcome);
    await tellMove(c, outcome.move);
    const { sides, money } = outcome.move;
    return c.json<RescheduleAnswer>({
      status: 'moved',
      id: sides.bookingId,
      slot_id,
      starts_at: sides.startsAt.toISOString(),
      previous_starts_at: outcome.move.oldStartsAt.toISOString(),
      refunded: (money?.returnedKopecks ?? 0) / 100,
    });
  })
  .post('/consultation-bookings/:id/propose-move', requireUser, validate('json', proposeMoveBody), async (c) => {
    const outcome = await proposeMove(c.var.db, { bookingId: parseId(c.req.param('id')), callerId: c.var.user.id, slotId: c.req.valid('json').slot_id });
    if (outcome.kind === 'not_mentor') throw errors.forbidden(rescheduleMessages.notMentor);
    if (outcome.kind === 'other_type') throw errors.conflict('slot_other_type', rescheduleMessages.proposeOtherType);
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
    if (outcome.kind === 'cancel_refused') throw errors.conflict('booking_not_canceled', 'Запись не отменена: она уже отменена или началась. Предложение можно отклонить, оставив запись');
    if (outcome.kind !== 'kept' && outcome.kind !== 'canceled') throw answerRefusals[outcome.kind]();
    const sides = await bookingSides(c.var.db, outcome.bookingId);
    await notifyNow(c.env, c.var.db, [declinedNotice(sides, proposalId, outcome.kind === 'canceled')]);
    // one shape for both answers: what the booking is now and what its money does
    const answer = (status: string, refund: RefundAnswer | null) => c.json({ booking_id: outcome.bookingId, status, refund });
    if (outcome.kind === 'kept') return answer('paid', null);
    await revokeConferenceAccess(c.env, 'consultationbooking', outcome.bookingId, null, REVOKED_REASON.bookingCanceled);
    return answer(outcome.cancel.booking.status, outcome.cancel.refund);
  });

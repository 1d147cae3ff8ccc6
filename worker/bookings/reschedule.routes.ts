// Moving a consultation to another time (issue 38 §1, decision 024): ours, POST /consultation-bookings/{id}/reschedule.
import { Hono } from 'hono';
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
import { bookingRuleMessages } from './booking-rules.ts';
import { moveBooking, type MoveRefusal } from './reschedule.ts';
import { movedBookingUrl, movedChatLine, movedMail, movedNotices, type Move } from './reschedule.notices.ts';
import { rescheduleCutoffMessage, rescheduleMessages } from './reschedule-rules.ts';
import { rescheduleBody } from './reschedule.schemas.ts';

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
  const senderId = move.by === 'mentor' ? sides.mentor.id : sides.mentee.id;
  const roomId = await openDirectRoom(db, sides.mentee.id, sides.mentor.id);
  const line = await insertMessage(db, { roomId, senderId, content: movedChatLine(move), replyTo: null, files: [], clientKey: null });
  if (line.kind === 'ok') await publishToRoom(c.env, roomId, { type: 'message', message: toChatMessage(line.message) }, line.seq);
}

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
});

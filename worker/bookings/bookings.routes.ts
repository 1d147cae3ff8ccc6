// Consultation bookings (decision 006; spec 000 §3-4 "Booking", spec 002 §3 and §7).
import { rescheduleMessages } from './reschedule-rules.ts';
import { Hono } from 'hono';
import { REVOKED_REASON, revokeConferenceAccess } from '../conferences/room-control.ts';
import type { AppEnv } from '../env.ts';
import { applyEffects } from '../escrow/effects.ts';
import { providerContext } from '../payments/provider-choice.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { assertOwnUserId, found, parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { bookFromPackage, type PackageRefusal } from './book-from-package.ts';
import { cancelBooking, createBooking, finishBooking, type CancelOutcome, type CreateOutcome, type FinishOutcome } from './bookings.lifecycle.ts';
import { toBookingDetailFor, toCreatedBooking, toMyBooking } from './bookings.mapper.ts';
import { findBookingFor, listBookingsFor, listPaidFiscalReceipts } from './bookings.queries.ts';
import { quoteBookingCancellation } from './bookings.quote.ts';
import { bookingRuleMessages, cancelCutoffMessage } from './booking-rules.ts';
import { BOOKINGS_PER_HOUR, MAX_OPEN_HOLDS, bookingActionBody, createBookingBody } from './bookings.schemas.ts';

const bookingNotFound = () => errors.notFound('Бронирование не найдено');

const createRefusals: Record<Exclude<CreateOutcome['kind'], 'created' | 'rule_broken'>, () => ApiError> = {
  not_found: () => errors.notFound('Слот не найден'),
  own_slot: () => errors.forbidden('Нельзя записаться на свою консультацию'),
  slot_past: () => errors.conflict('slot_past', 'Это время уже прошло'),
  type_archived: () => errors.conflict('type_archived', 'Эта консультация больше недоступна'),
  slot_taken: () => errors.conflict('slot_taken', 'Это время уже занято'),
  too_many_holds: () =>
    errors.conflict('too_many_holds', `У вас уже ${MAX_OPEN_HOLDS} неоплаченные брони. Оплатите или отмените их, чтобы записаться ещё.`),
  free_booking_limit: () =>
    errors.conflict('free_booking_limit', 'У вас уже есть бесплатная консультация с этим ментором. Следующую бесплатную можно забронировать, когда она закончится.'),
};

const packageRefusals: Record<PackageRefusal, () => ApiError> = {
  package_not_found: () => errors.notFound('Пакет не найден'),
  package_empty: () => errors.conflict('package_empty', 'В пакете не осталось консультаций'),
  package_expired: () => errors.conflict('package_expired', 'Срок действия пакета истёк'),
  package_mismatch: () => errors.conflict('package_mismatch', 'Этот пакет — для другой консультации'),
  package_not_paid: () => errors.conflict('package_not_paid', 'Пакет ещё не оплачен'),
};

/** a stale screen offered a slot the type's booking rules refuse now (decision 022): the rule is named */
const ruleRefused = (o: Extract<CreateOutcome, { kind: 'rule_broken' }>) => errors.conflict(`booking_${o.rule}`, bookingRuleMessages[o.rule](o.limit));

const cancelRefusals: Record<Exclude<CancelOutcome['kind'], 'canceled' | 'cutoff_passed'>, () => ApiError> = {
  not_found: bookingNotFound,
  finished: () => errors.conflict('booking_finished', 'Консультация уже завершена'),
  already_canceled: () => errors.conflict('booking_canceled', 'Бронирование уже отменено'),
  disputed: () => errors.conflict('dispute_open', 'По этой консультации открыт диспут'),
  started: () => errors.conflict('already_started', 'Консультация уже началась. Если что-то пошло не так, откройте диспут.'),
  // only a cancellation answering the mentor's proposal has one to find closed (decision 024)
  proposal_closed: () => errors.conflict('proposal_closed', rescheduleMessages.proposalClosed),
};

const cutoffRefused = (hours: number) => errors.conflict('cancel_cutoff_passed', cancelCutoffMessage(hours));

const finishRefusals: Record<Exclude<FinishOutcome['kind'], 'finished'>, () => ApiError> = {
  not_found: bookingNotFound,
  not_booker: () => errors.forbidden('Завершить консультацию может только её участник'),
  not_paid: () => errors.conflict('booking_not_paid', 'Консультация не оплачена'),
  canceled: () => errors.conflict('booking_canceled', 'Бронирование отменено'),
  not_started: () => errors.conflict('not_started', 'Консультация ещё не началась'),
};

export const bookingsRoutes = new Hono<AppEnv>()
  .post('/consultation-bookings/create', requireUser, validate('json', createBookingBody), async (c) => {
    const { consultation_type_slot, user_id, questions, package_id } = c.req.valid('json');
    const callerId = c.var.user.id;
    if (user_id != null && user_id !== callerId) throw errors.forbidden('Можно записать на консультацию только себя');
    const limits = [{ key: `bookings:user:${callerId}`, max: BOOKINGS_PER_HOUR, windowSeconds: 3600 }];
    const outcome = package_id
      ? await bookFromPackage(c.var.db, { slotId: consultation_type_slot, menteeId: callerId, packageId: package_id, questions })
      : await createBooking(c.var.db, { slotId: consultation_type_slot, menteeId: callerId, questions, limits });
    if (outcome.kind === 'rule_broken') throw ruleRefused(outcome);
    if (outcome.kind !== 'created') throw (outcome.kind in packageRefusals ? packageRefusals[outcome.kind as PackageRefusal] : createRefusals[outcome.kind as Exclude<CreateOutcome['kind'], 'created' | 'rule_broken'>])();
    await applyEffects(providerContext(c), outcome.effects);
    return c.json(toCreatedBooking(outcome.booking), 201);
  })
  // ours, for the schedule and the booking pages: every booking of the caller, as booker and as mentor
  .get('/consultation-bookings/my', requireUser, async (c) => {
    const callerId = c.var.user.id;
    const rows = await listBookingsFor(c.var.db, callerId);
    return c.json(rows.map((r) => toMyBooking(r, callerId)));
  })
  .get('/consultation-bookings/:id/detail', requireUser, async (c) => {
    // the spec sends ?user_id=; the caller is who the cookie says
    const callerId = c.var.user.id;
    const row = found(await findBookingFor(c.var.db, parseId(c.req.param('id')), callerId), 'Бронирование не найдено');
    // the payer's own receipts (decision 020, «What people see»), once the payment went through (a pending or canceled
    // attempt has no «Квитанция об оплате» to open); the mentor is not shown them
    const paidThrough = row.payment && row.payment.status !== 'pending' && row.payment.status !== 'canceled';
    const paymentId = row.booking.menteeId === callerId && paidThrough ? row.payment!.id : undefined;
    const paid = paymentId ? { paymentId, receipts: await listPaidFiscalReceipts(c.var.db, paymentId, callerId) } : null;
    return c.json(toBookingDetailFor(row, paid));
  })
  // ours (decision 010): what cancelling now would refund, shown before the person confirms
  .get('/consultation-bookings/:id/cancel-quote', requireUser, async (c) => {
    const outcome = await quoteBookingCancellation(c.var.db, parseId(c.req.param('id')), c.var.user.id);
    if (outcome.kind === 'cutoff_passed') throw cutoffRefused(outcome.hours);
    if (outcome.kind !== 'quote') throw cancelRefusals[outcome.kind]();
    return c.json(outcome.quote);
  })
  .post('/consultation-bookings/:id/cancel', requireUser, validate('json', bookingActionBody), async (c) => {
    const callerId = c.var.user.id;
    assertOwnUserId(c.req.valid('json').user_id, callerId);
    const id = parseId(c.req.param('id'));
    const outcome = await cancelBooking(providerContext(c), id, callerId);
    if (outcome.kind === 'cutoff_passed') throw cutoffRefused(outcome.hours);
    if (outcome.kind !== 'canceled') throw cancelRefusals[outcome.kind]();
    // a join token issued before stays valid for minutes: whoever is in the meeting's room leaves it now (decision 012)
    await revokeConferenceAccess(c.env, 'consultationbooking', id, null, REVOKED_REASON.bookingCanceled);
    // returns_credit: a consultation of a package cancelled in time went back to the package (decision 006, «Packages»)
    return c.json({ id: outcome.booking.id, status: outcome.booking.status, refund: outcome.refund, returns_credit: outcome.returnsCredit });
  })
  .post('/consultation-bookings/:id/finish', requireUser, validate('json', bookingActionBody), async (c) => {
    const callerId = c.var.user.id;
    assertOwnUserId(c.req.valid('json').user_id, callerId);
    const outcome = await finishBooking(providerContext(c), parseId(c.req.param('id')), callerId);
    if (outcome.kind !== 'finished') throw finishRefusals[outcome.kind]();
    return c.json({ id: outcome.booking.id, status: outcome.booking.status });
  });

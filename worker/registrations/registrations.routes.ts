// Registration for events (spec 000 sections 4 and 7). Paths sit under /events/ as the spec names them.
import { Hono } from 'hono';
import { REVOKED_REASON, revokeConferenceAccess } from '../conferences/room-control.ts';
import type { AppEnv, SignedInContext } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { enforceLimits } from '../lib/rate-limit.queries.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { providerContext } from '../payments/provider-choice.ts';
import { confirmedRegistrationNotices } from '../escrow/service-notices.ts';
import { notifyNow } from '../notifications/notify.ts';
import { toRegistered, toRegistrationItem } from './registrations.mapper.ts';
import { findLiveRegistration, liveRegistrations, register, unregister } from './registrations.queries.ts';
import { quoteUnregister } from './registrations.quote.ts';
import { announceOffers } from './waitlist-offers.ts';
import { REGISTRATIONS_PER_HOUR, checkRegistrationQuery, eventIdQuery, registrationBody } from './registrations.schemas.ts';

const refusals = {
  not_found: () => errors.notFound('Мероприятие не найдено'),
  own_event: () => errors.forbidden('Вы не можете зарегистрироваться на своё мероприятие'),
  closed: () => errors.conflict('registration_closed', 'Регистрация на это мероприятие закрыта'),
  already_registered: () => errors.conflict('already_registered', 'Вы уже зарегистрированы'),
  no_seats: () => errors.conflict('no_seats', 'Мест нет'),
} satisfies Record<string, () => ApiError>;

// Leaving a seat: the same refusals for the quote and for leaving itself. Events have no dispute of their own
// (the spec's hasDispute is always false for them), so after the start a problem goes to support.
const leaveRefusals = {
  not_registered: () => errors.notFound('Вы не зарегистрированы на это мероприятие'),
  started: () => errors.conflict('already_started', 'Мероприятие уже началось, отказаться от участия нельзя. Если что-то пошло не так, напишите в поддержку.'),
} satisfies Record<string, () => ApiError>;

async function unregisterHandler(c: SignedInContext, body: { event_id: number; user_id?: number | null }) {
  const callerId = c.var.user.id;
  if (body.user_id != null && body.user_id !== callerId) throw errors.forbidden('Можно отменить только свою регистрацию');
  const outcome = await unregister(providerContext(c), body.event_id, callerId);
  if (outcome.kind !== 'unregistered') throw leaveRefusals[outcome.kind]();
  // no longer a participant: out of the event's room now, not when the join token runs out (decision 012)
  await revokeConferenceAccess(c.env, 'events', body.event_id, callerId, REVOKED_REASON.registrationCanceled);
  // the seat went to the first in line, if any (decision 023): tell them now, not at the minute job
  await announceOffers(c.env, c.var.db, { eventId: body.event_id });
  // refund: 'full' (policy), 'none' (the money goes to the mentor) or 'not_paid' (free, or not paid yet)
  return c.json({ detail: 'Регистрация отменена', refund: outcome.refund }, 200);
}

export const registrationsRoutes = new Hono<AppEnv>()
  // public, as the event page counts the seats taken; who registered only for the mentor, an admin or oneself
  .get('/events/get_event_registrations', validate('query', eventIdQuery), async (c) => {
    const found = await liveRegistrations(c.var.db, c.req.valid('query').event_id);
    if (!found) throw refusals.not_found();
    const caller = c.var.user;
    const viewer = caller ? { id: caller.id, seesEveryone: caller.role === 'admin' || caller.id === found.mentorId } : null;
    return c.json(found.registrations.map((row) => toRegistrationItem(row, viewer)));
  })
  .get('/events/check_registration', validate('query', checkRegistrationQuery), async (c) => {
    const { event_id, user_id } = c.req.valid('query');
    const caller = c.var.user;
    if (!caller) return c.json({ is_registered: false, status: null });
    if (user_id !== undefined && user_id !== caller.id) throw errors.forbidden('Можно проверить только свою регистрацию');
    const row = await findLiveRegistration(c.var.db, event_id, caller.id);
    return c.json({ is_registered: Boolean(row), status: row?.status ?? null });
  })
  .post('/events/register_for_event', requireUser, validate('json', registrationBody), async (c) => {
    const { event_id, user_id } = c.req.valid('json');
    const callerId = c.var.user.id;
    if (user_id != null && user_id !== callerId) throw errors.forbidden('Можно зарегистрировать только себя');
    // a paid registration holds a seat for 15 minutes: nobody may sweep up seats across events without paying
    await enforceLimits(c.var.db, [{ key: `registrations:user:${callerId}`, max: REGISTRATIONS_PER_HOUR, windowSeconds: 3600 }]);
    const outcome = await register(c.var.db, event_id, callerId);
    // holds that ran out just now gave their seats to the line first (decision 023)
    if (outcome.kind === 'no_seats') await announceOffers(c.env, c.var.db, { eventId: event_id });
    if (outcome.kind !== 'registered') throw refusals[outcome.kind]();
    // a free seat is the mentor's news now; a paid one when the payment arrives (escrow/payment-events)
    if (outcome.row.status === 'confirmed') {
      await notifyNow(c.env, c.var.db, await confirmedRegistrationNotices(c.var.db, outcome.row.id, false));
    }
    return c.json(toRegistered(outcome.row), 201);
  })
  // ours (decision 010): what leaving now would refund, shown before the person confirms
  .get('/events/unregister-quote', requireUser, validate('query', eventIdQuery), async (c) => {
    const outcome = await quoteUnregister(c.var.db, c.req.valid('query').event_id, c.var.user.id);
    if (outcome.kind !== 'quote') throw leaveRefusals[outcome.kind]();
    return c.json(outcome.quote);
  })
  .post('/events/unregister_from_event', requireUser, validate('json', registrationBody), (c) => unregisterHandler(c, c.req.valid('json')))
  .post('/events/unregister', requireUser, validate('json', registrationBody), (c) => unregisterHandler(c, c.req.valid('json')));

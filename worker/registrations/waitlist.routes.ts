// The line of a full event (issue 38 §3, decision 023). Ours, in the style of the registration paths beside them.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { providerContext } from '../payments/provider-choice.ts';
import { confirmedRegistrationNotices } from '../escrow/service-notices.ts';
import { notifyNow } from '../notifications/notify.ts';
import { unregister } from './registrations.queries.ts';
import { eventIdQuery, registrationBody } from './registrations.schemas.ts';
import { announceOffers } from './waitlist-offers.ts';
import { toLineView } from './waitlist.mapper.ts';
import { acceptFreeOffer, eventLine, findLivePlace, joinWaitlist, leaveWaiting, type AcceptOutcome, type JoinOutcome } from './waitlist.queries.ts';

const joinRefusals = {
  not_found: () => errors.notFound('Мероприятие не найдено'),
  own_event: () => errors.forbidden('Нельзя встать в лист ожидания своего мероприятия'),
  closed: () => errors.conflict('registration_closed', 'Регистрация на это мероприятие закрыта'),
  already_registered: () => errors.conflict('already_registered', 'Вы уже зарегистрированы'),
  already_waiting: () => errors.conflict('already_waiting', 'Вы уже в листе ожидания'),
  seats_free: () => errors.conflict('seats_free', 'Места есть: зарегистрируйтесь на мероприятие'),
} satisfies Record<Exclude<JoinOutcome['kind'], 'joined'>, () => ApiError>;

const acceptRefusals = {
  no_offer: () => errors.conflict('no_offer', 'Предложение места истекло или его нет'),
  pay: () => errors.conflict('payment_required', 'Чтобы занять место, оплатите участие'),
} satisfies Record<Exclude<AcceptOutcome['kind'], 'accepted'>, () => ApiError>;

const notInLine = () => errors.notFound('Вас нет в листе ожидания этого мероприятия');

export const waitlistRoutes = new Hono<AppEnv>()
  // public: how many wait; the caller's own place; names only for the event's mentor and admins
  .get('/events/waitlist', validate('query', eventIdQuery), async (c) => {
    const found = await eventLine(c.var.db, c.req.valid('query').event_id);
    if (!found) throw errors.notFound('Мероприятие не найдено');
    const caller = c.var.user;
    const viewer = caller ? { id: caller.id, seesEveryone: caller.role === 'admin' || caller.id === found.mentorId } : null;
    return c.json(toLineView(found, viewer));
  })
  .post('/events/waitlist/join', requireUser, validate('json', registrationBody), async (c) => {
    const { event_id, user_id } = c.req.valid('json');
    if (user_id != null && user_id !== c.var.user.id) throw errors.forbidden('Встать в лист ожидания можно только самому');
    const outcome = await joinWaitlist(c.var.db, event_id, c.var.user.id);
    if (outcome.kind !== 'joined') throw joinRefusals[outcome.kind]();
    if (outcome.status === 'offered') await announceOffers(c.env, c.var.db, { eventId: event_id });
    return c.json({ status: outcome.status }, 201);
  })
  // an offered place is given up with its held registration: the seat goes to the next at once
  .post('/events/waitlist/leave', requireUser, validate('json', registrationBody), async (c) => {
    const { event_id } = c.req.valid('json');
    const callerId = c.var.user.id;
    const place = await findLivePlace(c.var.db, event_id, callerId);
    if (!place) throw notInLine();
    if (place.status === 'waiting') {
      if (!(await leaveWaiting(c.var.db, event_id, callerId))) throw notInLine();
    } else {
      const outcome = await unregister(providerContext(c), event_id, callerId);
      if (outcome.kind !== 'unregistered') throw notInLine();
      await announceOffers(c.env, c.var.db, { eventId: event_id });
    }
    return c.json({ detail: 'Вы вышли из листа ожидания' });
  })
  // a free event's offer taken; a paid one is taken by paying (POST /payments/ for the event)
  .post('/events/waitlist/accept', requireUser, validate('json', registrationBody), async (c) => {
    const { event_id } = c.req.valid('json');
    const outcome = await acceptFreeOffer(c.var.db, event_id, c.var.user.id);
    if (outcome.kind !== 'accepted') throw acceptRefusals[outcome.kind]();
    await notifyNow(c.env, c.var.db, await confirmedRegistrationNotices(c.var.db, outcome.registrationId, false));
    return c.json({ detail: 'Место ваше', status: 'confirmed' as const });
  });

// Consultation slots (spec 002 sections 3, 4.5, 5.3 and 7; spec 000 section 7; decision 006): the mentor's
// own slots and series, the public list of free slots and one slot's details for the booking dialog.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { sharedCache } from '../middleware/public-cache.ts';
import { errors, type ApiError } from '../lib/errors.ts';
import { assertOwnUserId, found, parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { requireRole, requireUser } from '../middleware/session.ts';
import { toAvailableSlot, toMentorSlot, toSlotDetail } from './consultation-slots.mapper.ts';
import {
  availableSlots,
  createSeries,
  deleteSeriesOf,
  deleteSlot,
  findOwnType,
  findSlotDetail,
  insertSlot,
  isCurrentType,
  listMentorSlots,
  updateSlot,
  type SlotUpdate,
} from './consultation-slots.queries.ts';
import { availableQuery, recurrenceBody, slotCreateBody, slotOwnerQuery, slotPatchBody } from './consultation-slots.schemas.ts';
import { isUnknownTimeZone } from './pg-error.ts';
import { planRecurrence } from './recurrence-plan.ts';
import { canonicalTimeZone, slotTimeProblems } from './slot-dates.ts';

const SLOT_NOT_FOUND = 'Слот не найден';
const TYPE_NOT_FOUND = 'Вид консультации не найден';
const DEFAULT_TIME_ZONE = 'Europe/Moscow';

const refusals = {
  not_found: () => errors.notFound(SLOT_NOT_FOUND),
  type_not_found: () => errors.notFound(TYPE_NOT_FOUND),
  overlap: () => errors.conflict('slot_overlap', 'Это время пересекается с другим вашим слотом'),
  booked: () => errors.conflict('slot_booked', 'Это время уже забронировано'),
} satisfies Record<string, () => ApiError>;

function slotOrThrow(outcome: SlotUpdate) {
  if (outcome.kind === 'ok') return outcome.slot;
  if (outcome.kind === 'invalid') throw errors.validation(outcome.fields);
  throw refusals[outcome.kind]();
}

function throwIfProblems(fields: Record<string, string>) {
  if (Object.keys(fields).length) throw errors.validation(fields);
}

/**
 * The free slots are the same for everyone (sharedCache), except for a signed-in person moving a booking
 * (`moving_booking`, decision 024): the rules judge the slots without their booking, so that answer is theirs alone,
 * never stored nor served from the cache.
 */
const slotsCache = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.req.query('moving_booking') || !c.var.user) return sharedCache(c, next);
  await next();
  c.res.headers.set('cache-control', 'private, no-store');
});

export const consultationSlotsRoutes = new Hono<AppEnv>()
  .get('/consultation-type-slots/all', requireUser, validate('query', slotOwnerQuery), async (c) => {
    const mentorId = c.var.user.id;
    assertOwnUserId(c.req.valid('query').user_id, mentorId);
    const rows = await listMentorSlots(c.var.db, mentorId);
    return c.json(rows.map(toMentorSlot));
  })
  .post('/consultation-type-slots/create', requireRole('mentor'), validate('json', slotCreateBody), async (c) => {
    const mentorId = c.var.user.id;
    const { consultation_type, start_time, end_time, user_id } = c.req.valid('json');
    assertOwnUserId(user_id, mentorId);
    const type = found(await findOwnType(c.var.db, mentorId, consultation_type), TYPE_NOT_FOUND);
    throwIfProblems(slotTimeProblems(start_time, end_time, canonicalTimeZone(type.timeZone) ?? DEFAULT_TIME_ZONE, new Date()));
    const slot = slotOrThrow(await insertSlot(c.var.db, mentorId, consultation_type, start_time, end_time));
    return c.json(toMentorSlot(slot), 201);
  })
  .post('/consultation-type-slots/create_recurrent_slots', requireRole('mentor'), validate('json', recurrenceBody), async (c) => {
    const mentorId = c.var.user.id;
    const input = c.req.valid('json');
    assertOwnUserId(input.user_id, mentorId);
    const type = found(await findOwnType(c.var.db, mentorId, input.consultation_type), TYPE_NOT_FOUND);
    const timeZone = input.time_zone ?? canonicalTimeZone(type.timeZone) ?? DEFAULT_TIME_ZONE;
    const planned = planRecurrence(input, timeZone, new Date());
    if (!planned.ok) throw errors.validation(planned.fields);
    try {
      const series = found(await createSeries(c.var.db, mentorId, planned.plan), TYPE_NOT_FOUND);
      return c.json({ recurrence_id: series.recurrenceId, created: series.created, skipped: series.skipped }, 201);
    } catch (e) {
      if (isUnknownTimeZone(e)) throw errors.validation({ time_zone: 'Неизвестный часовой пояс' });
      throw e;
    }
  })
  .get('/consultation-type-slots/available', slotsCache, validate('query', availableQuery), async (c) => {
    const { consultation_type_id, start_date, end_date, time_zone, moving_booking } = c.req.valid('query');
    if (!(await isCurrentType(c.var.db, consultation_type_id))) throw errors.notFound(TYPE_NOT_FOUND);
    const caller = c.var.user;
    const moving = moving_booking && caller ? { bookingId: moving_booking, menteeId: caller.id } : undefined;
    try {
      const rows = await availableSlots(c.var.db, consultation_type_id, start_date, end_date, time_zone, moving);
      return c.json(rows.map(toAvailableSlot));
    } catch (e) {
      if (isUnknownTimeZone(e)) throw errors.validation({ time_zone: 'Неизвестный часовой пояс' });
      throw e;
    }
  })
  .get('/consultation-type-slots/:id/detailed_info', async (c) => {
    const row = found(await findSlotDetail(c.var.db, parseId(c.req.param('id'))), SLOT_NOT_FOUND);
    return c.json(toSlotDetail(row));
  })
  .patch('/consultation-type-slots/:id/update', requireUser, validate('json', slotPatchBody), async (c) => {
    const mentorId = c.var.user.id;
    const id = parseId(c.req.param('id'));
    const { consultation_type, start_time, end_time, user_id } = c.req.valid('json');
    assertOwnUserId(user_id, mentorId);
    const slot = slotOrThrow(await updateSlot(c.var.db, mentorId, id, { consultationTypeId: consultation_type, start: start_time, end: end_time }));
    return c.json(toMentorSlot(slot));
  })
  .delete('/consultation-type-slots/:id/delete', requireUser, validate('query', slotOwnerQuery), async (c) => {
    const mentorId = c.var.user.id;
    const id = parseId(c.req.param('id'));
    assertOwnUserId(c.req.valid('query').user_id, mentorId);
    const outcome = await deleteSlot(c.var.db, mentorId, id);
    if (outcome !== 'deleted') throw refusals[outcome]();
    return c.body(null, 204);
  })
  .delete('/consultation-type-slots/:id/delete_series', requireUser, validate('query', slotOwnerQuery), async (c) => {
    const mentorId = c.var.user.id;
    const id = parseId(c.req.param('id'));
    assertOwnUserId(c.req.valid('query').user_id, mentorId);
    const removal = found(await deleteSeriesOf(c.var.db, mentorId, id), SLOT_NOT_FOUND);
    return c.json({ deleted: removal.deleted, kept_booked: removal.keptBooked });
  });

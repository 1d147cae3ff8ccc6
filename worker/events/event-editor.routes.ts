// Event editor for the event's mentor (spec 002 §7 "Events (editor)"): AddEvent, UpdateEvent, DeleteEvent.
// Rules and answers: docs/decisions/008-event-editor.md.
import { Hono } from 'hono';
import type { AppEnv, SignedInContext } from '../env.ts';
import { deleteFile, storeImage } from '../files/files.ts';
import { pgError } from '../lib/db-errors.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { assertOwnUserId } from '../lib/owned.ts';
import { parseOrThrow } from '../lib/validate.ts';
import { requireRole, requireUser } from '../middleware/session.ts';
import { notifyNow, type NewNotification } from '../notifications/notify.ts';
import { toEditorEvent } from './event-editor.mapper.ts';
import {
  confirmedParticipants,
  deleteOwnEvent,
  findEditorEvent,
  findOwnEvent,
  insertEvent,
  mentorTimeZone,
  updateOwnEvent,
  type EventPatch,
} from './event-editor.queries.ts';
import { addEventSchema, startFrom, startProblem, updateEventSchema } from './event-editor.schemas.ts';
import { EVENT_DEFAULT_SPOTS, eventMessages } from './event-rules.ts';
import { lookupId } from '../lib/id-param.ts';
import { readJsonOrForm } from '../lib/form-body.ts';

const IMAGE_FIELD = 'event_image';
const notFound = () => errors.notFound('Мероприятие не найдено');
const coverMessages = { notImage: eventMessages.imageNotImage, tooLarge: eventMessages.imageTooLarge };

/** The fields (JSON, or multipart strings) and the cover file, if one was sent. */
async function readBody(c: SignedInContext) {
  const { fields, files } = await readJsonOrForm(c);
  return { fields, image: files(IMAGE_FIELD)[0] ?? null };
}

/** The start from `date` (+ `time`), or the `date` field's message. */
function readStart(date: string, time: string | undefined, timeZone: string) {
  const startsAt = startFrom(date, time, timeZone);
  if (typeof startsAt === 'string') throw errors.validation({ date: startsAt });
  const problem = startProblem(startsAt);
  if (problem) throw errors.validation({ date: problem });
  return startsAt;
}

const spotsBelowTaken = (taken: number) => {
  const message = eventMessages.spotsBelowTaken(taken);
  return new ApiError(409, 'spots_below_taken', message, { total_spots: message });
};

async function addEvent(c: SignedInContext) {
  const me = c.var.user;
  const { fields, image } = await readBody(c);
  const input = parseOrThrow(addEventSchema, fields);
  assertOwnUserId(input.mentor_id, me.id);
  const startsAt = readStart(input.date, input.time, await mentorTimeZone(c.var.db, me.id));
  const stored = image
    ? await storeImage(c.env, c.var.db, { file: image, ownerId: me.id, purpose: 'event_cover', field: IMAGE_FIELD }, coverMessages)
    : null;
  try {
    const id = await insertEvent(c.var.db, {
      mentorId: me.id,
      title: input.title,
      description: input.description,
      category: input.event_category,
      startsAt,
      price: input.price,
      discountPercent: input.discount,
      totalSpots: input.total_spots ?? EVENT_DEFAULT_SPOTS,
      durationMinutes: input.duration_minutes,
      isPublic: input.is_public,
      isWhitelisted: input.is_whitelisted,
      imageUrl: stored?.url ?? null,
      imageFileId: stored?.id ?? null,
    });
    return toEditorEvent((await findEditorEvent(c.var.db, id))!);
  } catch (e) {
    if (stored) await deleteFile(c.env, c.var.db, stored.id);
    throw e;
  }
}

/** What participants are told when the time or the title changes (one notification per change). */
function changeNotices(userIds: number[], eventId: number, before: { title: string; startsAt: Date }, after: { title: string; startsAt: Date }, version: Date) {
  const moved = before.startsAt.getTime() !== after.startsAt.getTime();
  const renamed = before.title !== after.title;
  if (!moved && !renamed) return [];
  const what = [moved && 'время начала', renamed && `название (теперь «${after.title}»)`].filter(Boolean).join(' и ');
  const message = `Мероприятие «${before.title}», на которое вы записаны, изменилось: ${what}. Проверьте подробности.`.slice(0, 1000);
  return userIds.map(
    (userId): NewNotification => ({
      userId,
      kind: 'event_changed',
      message,
      url: `/event_info/${eventId}`,
      dedupeKey: `event_changed:${eventId}:${version.getTime()}`,
      extra: { event_id: eventId },
    }),
  );
}

async function updateEvent(c: SignedInContext, id: number) {
  const me = c.var.user;
  const current = await findOwnEvent(c.var.db, id, me.id);
  if (!current) throw notFound();
  if (current.isCanceled) throw errors.conflict('event_canceled', 'Отменённое мероприятие нельзя изменить');
  const { fields, image } = await readBody(c);
  const input = parseOrThrow(updateEventSchema, fields);
  assertOwnUserId(input.mentor_id, me.id);

  const patch: EventPatch = {};
  if (input.date !== undefined) {
    const startsAt = startFrom(input.date, input.time, await mentorTimeZone(c.var.db, me.id));
    if (typeof startsAt === 'string') throw errors.validation({ date: startsAt });
    // the lead time binds a new start only: other fields of a started event may still be corrected. The form
    // sends the start to the minute, so a start stored with seconds (seeds, other paths) is the same start.
    if (Math.abs(startsAt.getTime() - current.startsAt.getTime()) >= 60_000) {
      const problem = startProblem(startsAt);
      if (problem) throw errors.validation({ date: problem });
      patch.startsAt = startsAt;
    }
  }
  if (input.title !== undefined) patch.title = input.title;
  if (input.description !== undefined) patch.description = input.description;
  if (input.event_category !== undefined) patch.category = input.event_category;
  if (input.price !== undefined) patch.price = input.price;
  if (input.discount !== undefined) patch.discountPercent = input.discount;
  if (input.total_spots !== undefined) patch.totalSpots = input.total_spots;
  if (input.duration_minutes !== undefined) patch.durationMinutes = input.duration_minutes;
  if (input.is_public !== undefined) patch.isPublic = input.is_public;
  if (input.is_whitelisted !== undefined) patch.isWhitelisted = input.is_whitelisted;

  const stored = image
    ? await storeImage(c.env, c.var.db, { file: image, ownerId: me.id, purpose: 'event_cover', field: IMAGE_FIELD }, coverMessages)
    : null;
  if (stored) Object.assign(patch, { imageUrl: stored.url, imageFileId: stored.id });
  else if (input.remove_image) Object.assign(patch, { imageUrl: null, imageFileId: null });

  let updated;
  try {
    updated = await updateOwnEvent(c.var.db, id, me.id, patch);
  } catch (e) {
    if (stored) await deleteFile(c.env, c.var.db, stored.id);
    // the CHECK caught a registration that committed between our read and our write
    if (pgError(e)?.constraint === 'events_spots') throw spotsBelowTaken((await findOwnEvent(c.var.db, id, me.id))?.takenSpots ?? 0);
    throw e;
  }
  if (!updated) {
    if (stored) await deleteFile(c.env, c.var.db, stored.id);
    const now = await findOwnEvent(c.var.db, id, me.id);
    if (!now) throw notFound();
    if (now.isCanceled) throw errors.conflict('event_canceled', 'Отменённое мероприятие нельзя изменить');
    throw spotsBelowTaken(now.takenSpots);
  }
  if (current.imageFileId && (stored || input.remove_image)) await deleteFile(c.env, c.var.db, current.imageFileId);

  const row = (await findEditorEvent(c.var.db, id))!;
  const notices = changeNotices(await confirmedParticipants(c.var.db, id), id, current, { title: row.title, startsAt: row.startsAt }, updated.updatedAt);
  if (notices.length) await notifyNow(c.env, c.var.db, notices);
  return toEditorEvent(row);
}

const deleteRefusals = {
  not_found: notFound,
  paid_participants: () =>
    errors.conflict(
      'event_has_paid_participants',
      'У мероприятия есть оплатившие участники, его нельзя удалить. Отмените мероприятие: участникам вернутся деньги.',
    ),
  payment_history: () =>
    errors.conflict('event_has_payments', 'По мероприятию были оплаты, поэтому его нельзя удалить: оно остаётся в истории платежей. Его можно отменить.'),
};

async function deleteEvent(c: SignedInContext, id: number) {
  const outcome = await deleteOwnEvent(c.var.db, id, c.var.user.id);
  if (outcome.kind !== 'deleted') throw deleteRefusals[outcome.kind]();
  if (outcome.imageFileId) await deleteFile(c.env, c.var.db, outcome.imageFileId);
  if (outcome.participants.length) {
    await notifyNow(
      c.env,
      c.var.db,
      outcome.participants.map((userId) => ({
        userId,
        kind: 'event_deleted',
        message: `Мероприятие «${outcome.title}», на которое вы были записаны, удалено организатором.`.slice(0, 1000),
        url: '/AllEvents',
        dedupeKey: `event_deleted:${id}`,
      })),
    );
  }
}

/** `?id=` of the event; one that can't name a row is a 404, like a missing one. */
const eventId = (c: SignedInContext) => lookupId(c.req.query('id')) ?? (() => { throw notFound(); })();

export const eventEditorRoutes = new Hono<AppEnv>()
  // only mentors create; anyone else signed in gets 403
  .post('/events/AddEvent', requireRole('mentor'), async (c) => c.json(await addEvent(c), 201))
  // another user's event answers 404, like a missing one (lib/owned.ts)
  .put('/events/UpdateEvent', requireUser, async (c) => c.json(await updateEvent(c, eventId(c))))
  .delete('/events/DeleteEvent', requireUser, async (c) => {
    await deleteEvent(c, eventId(c));
    return c.body(null, 204);
  });

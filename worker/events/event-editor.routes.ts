// Event editor for the event's mentor (spec 002 §7 "Events (editor)"): AddEvent, UpdateEvent, DeleteEvent.
// Rules and answers: docs/decisions/008-event-editor.md.
import { Hono } from 'hono';
import type { ZodType } from 'zod';
import type { AppEnv, SignedInContext } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { readJsonOrForm } from '../lib/form-body.ts';
import { lookupId, lookupIdQuery } from '../lib/id-param.ts';
import { assertOwnUserId } from '../lib/owned.ts';
import { refusalError, type RefusalTable } from '../lib/refusals.ts';
import { parseOrThrow, validate } from '../lib/validate.ts';
import { requireRole, requireUser } from '../middleware/session.ts';
import {
  addEvent,
  deleteEvent,
  findEditableEvent,
  updateEvent,
  type AddOutcome,
  type DeleteOutcome,
  type EditableOutcome,
  type EditorContext,
  type UpdateOutcome,
} from './event-editor.lifecycle.ts';
import { toEditorEvent } from './event-editor.mapper.ts';
import { addEventSchema, EVENT_IMAGE_FIELD, updateEventSchema } from './event-editor.schemas.ts';
import { eventMessages } from './event-rules.ts';
import { announceOffers } from '../registrations/waitlist-offers.ts';

const notFound = () => errors.notFound('Мероприятие не найдено');
const canceled = () => errors.conflict('event_canceled', 'Отменённое мероприятие нельзя изменить');
const badDate = ({ message }: { message: string }) => errors.validation({ date: message });

const addRefusals: RefusalTable<Exclude<AddOutcome, { kind: 'added' }>> = { bad_date: badDate };

const editableRefusals: Record<Exclude<EditableOutcome['kind'], 'editable'>, () => ApiError> = { not_found: notFound, canceled };

const updateRefusals: RefusalTable<Exclude<UpdateOutcome, { kind: 'updated' }>> = {
  not_found: notFound,
  canceled,
  bad_date: badDate,
  spots_below_taken: ({ taken }) => {
    const message = eventMessages.spotsBelowTaken(taken);
    return new ApiError(409, 'spots_below_taken', message, { total_spots: message });
  },
};

const deleteRefusals: Record<Exclude<DeleteOutcome['kind'], 'deleted'>, () => ApiError> = {
  not_found: notFound,
  paid_participants: () =>
    errors.conflict(
      'event_has_paid_participants',
      'У мероприятия есть оплатившие участники, его нельзя удалить. Отмените мероприятие: участникам вернутся деньги.',
    ),
  payment_history: () =>
    errors.conflict('event_has_payments', 'По мероприятию были оплаты, поэтому его нельзя удалить: оно остаётся в истории платежей. Его можно отменить.'),
};

/** The fields (JSON, or multipart strings) validated, and the cover file, if one was sent. */
async function readEditorBody<Input extends { mentor_id?: number }>(c: SignedInContext, schema: ZodType<Input>) {
  const { fields, files } = await readJsonOrForm(c);
  const image = files(EVENT_IMAGE_FIELD)[0] ?? null;
  const input = parseOrThrow(schema, fields);
  assertOwnUserId(input.mentor_id, c.var.user.id);
  return { input, image };
}

/**
 * `?id=` of the event (declared with lookupIdQuery for the typed client); one that can't name a row is a 404, like a
 * missing one.
 */
const eventId = (c: SignedInContext) => lookupId(c.req.query('id')) ?? (() => { throw notFound(); })();

const editorContext = (c: SignedInContext): EditorContext => ({ env: c.env, db: c.var.db });

export const eventEditorRoutes = new Hono<AppEnv>()
  // only mentors create; anyone else signed in gets 403
  .post('/events/AddEvent', requireRole('mentor'), async (c) => {
    const { input, image } = await readEditorBody(c, addEventSchema);
    const outcome = await addEvent(editorContext(c), c.var.user.id, input, image);
    if (outcome.kind !== 'added') throw refusalError(addRefusals, outcome);
    return c.json(toEditorEvent(outcome.event), 201);
  })
  // another user's event answers 404, like a missing one (lib/owned.ts); asked before the body is read
  .put('/events/UpdateEvent', requireUser, validate('query', lookupIdQuery), async (c) => {
    const editable = await findEditableEvent(c.var.db, eventId(c), c.var.user.id);
    if (editable.kind !== 'editable') throw editableRefusals[editable.kind]();
    const body = await readEditorBody(c, updateEventSchema);
    const outcome = await updateEvent(editorContext(c), editable.event, c.var.user.id, body);
    if (outcome.kind !== 'updated') throw refusalError(updateRefusals, outcome);
    // seats added go to the line (the database offered them in the update): tell whom (decision 023)
    await announceOffers(c.env, c.var.db, { eventId: eventId(c) });
    return c.json(toEditorEvent(outcome.event));
  })
  .delete('/events/DeleteEvent', requireUser, validate('query', lookupIdQuery), async (c) => {
    const outcome = await deleteEvent(editorContext(c), eventId(c), c.var.user.id);
    if (outcome.kind !== 'deleted') throw deleteRefusals[outcome.kind]();
    return c.body(null, 204);
  });

// Adding, changing and deleting the mentor's own event (decision 008). The routes read and validate the body; here
// what needs the database: the start on the mentor's wall clock, the seats already taken, the cover's file (stored
// before the row points at it, deleted when the write fails or the row lets it go) and who is told.
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { deleteFile, storeImage } from '../files/files.ts';
import { pgError } from '../lib/db-errors.ts';
import { notifyNow } from '../notifications/notify.ts';
import { toEventPatch, toNewEvent } from './event-editor.mapper.ts';
import { eventChangedNotices, eventDeletedNotices } from './event-editor.notices.ts';
import {
  confirmedParticipants,
  deleteOwnEvent,
  findEditorEvent,
  findOwnEvent,
  insertEvent,
  mentorTimeZone,
  updateOwnEvent,
  type DeleteEventOutcome,
  type EditorEventRow,
} from './event-editor.queries.ts';
import { EVENT_IMAGE_FIELD, startFrom, startProblem, type EventChangesInput, type NewEventInput } from './event-editor.schemas.ts';
import { eventMessages } from './event-rules.ts';

export type EditorContext = { env: Bindings; db: Db };
type OwnEvent = NonNullable<Awaited<ReturnType<typeof findOwnEvent>>>;

/** The `date` field's message: the start can't be read, is past, or is too soon. */
type BadDate = { kind: 'bad_date'; message: string };

const coverMessages = { notImage: eventMessages.imageNotImage, tooLarge: eventMessages.imageTooLarge };

/** The cover's bytes checked and stored (a refused file throws the files domain's 400/413). */
const storeCover = (ctx: EditorContext, ownerId: number, file: File) =>
  storeImage(ctx.env, ctx.db, { file, ownerId, purpose: 'event_cover', field: EVENT_IMAGE_FIELD }, coverMessages);

export type AddOutcome = { kind: 'added'; event: EditorEventRow } | BadDate;

export async function addEvent(ctx: EditorContext, mentorId: number, input: NewEventInput, image: File | null): Promise<AddOutcome> {
  const startsAt = startFrom(input.date, input.time, await mentorTimeZone(ctx.db, mentorId));
  if (typeof startsAt === 'string') return { kind: 'bad_date', message: startsAt };
  const problem = startProblem(startsAt);
  if (problem) return { kind: 'bad_date', message: problem };
  const stored = image ? await storeCover(ctx, mentorId, image) : null;
  try {
    const id = await insertEvent(ctx.db, toNewEvent(input, mentorId, startsAt, stored));
    return { kind: 'added', event: (await findEditorEvent(ctx.db, id))! };
  } catch (e) {
    if (stored) await deleteFile(ctx.env, ctx.db, stored.id);
    throw e;
  }
}

export type EditableOutcome = { kind: 'editable'; event: OwnEvent } | { kind: 'not_found' | 'canceled' };

/** The event as it is before the change, if the caller may change it: asked before the body is read. */
export async function findEditableEvent(db: Db, id: number, mentorId: number): Promise<EditableOutcome> {
  const event = await findOwnEvent(db, id, mentorId);
  if (!event) return { kind: 'not_found' };
  if (event.isCanceled) return { kind: 'canceled' };
  return { kind: 'editable', event };
}

export type UpdateOutcome =
  | { kind: 'updated'; event: EditorEventRow }
  | { kind: 'not_found' | 'canceled' }
  | BadDate
  | { kind: 'spots_below_taken'; taken: number };

/** Why the conditional update changed nothing: the event went away, was canceled, or has more seats taken. */
async function whyNotUpdated(db: Db, id: number, mentorId: number): Promise<Exclude<UpdateOutcome, { kind: 'updated' } | BadDate>> {
  const now = await findOwnEvent(db, id, mentorId);
  if (!now) return { kind: 'not_found' };
  if (now.isCanceled) return { kind: 'canceled' };
  return { kind: 'spots_below_taken', taken: now.takenSpots };
}

/** Changes the fields sent; participants hear of a new time or title. */
export async function updateEvent(
  ctx: EditorContext,
  current: OwnEvent,
  mentorId: number,
  { input, image }: { input: EventChangesInput; image: File | null },
): Promise<UpdateOutcome> {
  const { db, env } = ctx;
  const id = current.id;
  const patch = toEventPatch(input);
  if (input.date !== undefined) {
    const startsAt = startFrom(input.date, input.time, await mentorTimeZone(db, mentorId));
    if (typeof startsAt === 'string') return { kind: 'bad_date', message: startsAt };
    // the lead time binds a new start only: other fields of a started event may still be corrected. The form
    // sends the start to the minute, so a start stored with seconds (seeds, other paths) is the same start.
    if (Math.abs(startsAt.getTime() - current.startsAt.getTime()) >= 60_000) {
      const problem = startProblem(startsAt);
      if (problem) return { kind: 'bad_date', message: problem };
      patch.startsAt = startsAt;
    }
  }
  const stored = image ? await storeCover(ctx, mentorId, image) : null;
  if (stored) Object.assign(patch, { imageUrl: stored.url, imageFileId: stored.id });
  else if (input.remove_image) Object.assign(patch, { imageUrl: null, imageFileId: null });

  let updated;
  try {
    updated = await updateOwnEvent(db, id, mentorId, patch);
  } catch (e) {
    if (stored) await deleteFile(env, db, stored.id);
    // the CHECK caught a registration that committed between our read and our write
    if (pgError(e)?.constraint === 'events_spots') return { kind: 'spots_below_taken', taken: (await findOwnEvent(db, id, mentorId))?.takenSpots ?? 0 };
    throw e;
  }
  if (!updated) {
    if (stored) await deleteFile(env, db, stored.id);
    return whyNotUpdated(db, id, mentorId);
  }
  if (current.imageFileId && (stored || input.remove_image)) await deleteFile(env, db, current.imageFileId);

  const event = (await findEditorEvent(db, id))!;
  const notices = eventChangedNotices(await confirmedParticipants(db, id), id, current, event, updated.updatedAt);
  if (notices.length) await notifyNow(env, db, notices);
  return { kind: 'updated', event };
}

export type DeleteOutcome = { kind: 'deleted' } | Exclude<DeleteEventOutcome, { kind: 'deleted' }>;

/** Deletes the event unless money is involved (deleteOwnEvent); its cover goes, its participants are told. */
export async function deleteEvent(ctx: EditorContext, id: number, mentorId: number): Promise<DeleteOutcome> {
  const outcome = await deleteOwnEvent(ctx.db, id, mentorId);
  if (outcome.kind !== 'deleted') return outcome;
  if (outcome.imageFileId) await deleteFile(ctx.env, ctx.db, outcome.imageFileId);
  if (outcome.participants.length) await notifyNow(ctx.env, ctx.db, eventDeletedNotices(outcome.participants, id, outcome.title));
  return { kind: 'deleted' };
}

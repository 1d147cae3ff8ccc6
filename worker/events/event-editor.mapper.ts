import type { EditorEventRow, EventInsert, EventPatch } from './event-editor.queries.ts';
import type { EventChangesInput, NewEventInput } from './event-editor.schemas.ts';
import { EVENT_DEFAULT_SPOTS } from './event-rules.ts';
import { toEventDetail } from './events.mapper.ts';

/**
 * EditorEvent (AddEvent, UpdateEvent): the GetEvent shape plus the editor's own fields under the spec's
 * payload names (002 §7), so the form can be filled again from the answer.
 */
export function toEditorEvent(row: EditorEventRow) {
  return {
    ...toEventDetail(row),
    mentor_id: row.mentorId,
    event_category: row.category,
    is_public: row.isPublic,
    is_whitelisted: row.isWhitelisted,
    updated_at: row.updatedAt.toISOString(),
  };
}
export type EditorEvent = ReturnType<typeof toEditorEvent>;

type Cover = { url: string; id: string } | null;

/** AddEvent's payload as the row to insert; the start is the one read in the mentor's zone. */
export function toNewEvent(input: NewEventInput, mentorId: number, startsAt: Date, cover: Cover): EventInsert {
  return {
    mentorId,
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
    isRecorded: input.is_recorded,
    imageUrl: cover?.url ?? null,
    imageFileId: cover?.id ?? null,
  };
}

/** UpdateEvent's sent fields as columns (the start and the cover are the lifecycle's to decide). */
export function toEventPatch(input: EventChangesInput): EventPatch {
  const patch: EventPatch = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.description !== undefined) patch.description = input.description;
  if (input.event_category !== undefined) patch.category = input.event_category;
  if (input.price !== undefined) patch.price = input.price;
  if (input.discount !== undefined) patch.discountPercent = input.discount;
  if (input.total_spots !== undefined) patch.totalSpots = input.total_spots;
  if (input.duration_minutes !== undefined) patch.durationMinutes = input.duration_minutes;
  if (input.is_public !== undefined) patch.isPublic = input.is_public;
  if (input.is_whitelisted !== undefined) patch.isWhitelisted = input.is_whitelisted;
  if (input.is_recorded !== undefined) patch.isRecorded = input.is_recorded;
  return patch;
}

import type { EditorEventRow } from './event-editor.queries.ts';
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

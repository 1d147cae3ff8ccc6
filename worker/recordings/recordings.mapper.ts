// Recording rows to the documented shape (decision 019).
import type { RecordingRow } from './recordings.queries.ts';
import type { Recording, RecordingContentType } from './recordings.schemas.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toRecording(row: RecordingRow, canDelete: boolean): Recording {
  return {
    id: row.id,
    content_type: row.contentType as RecordingContentType,
    object_id: row.objectId,
    title: row.title,
    status: row.status,
    mime_type: row.mimeType,
    duration_ms: row.durationMs,
    size_bytes: row.sizeBytes,
    started_at: row.startedAt.toISOString(),
    finished_at: iso(row.finishedAt),
    expires_at: row.expiresAt.toISOString(),
    file_url: `/api/recordings/${row.id}/file/`,
    can_delete: canDelete,
  };
}

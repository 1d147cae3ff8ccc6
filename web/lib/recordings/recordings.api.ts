import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../api-client.ts';

/*
 * The recordings' calls through the typed client (worker/recordings, decision 019), shared by the room (the host
 * records and uploads), the playback page, and the «Смотреть запись» links on the booking's details and the event
 * page. The upload's part is raw bytes: hc sends the Blob as the request's body through `init`, as the chat's
 * attachments send their FormData.
 */

export type Recording = InferResponseType<(typeof api.recordings)[':id']['$get'], 200>;
export type RecordingContentType = 'events' | 'consultationbooking';

export const recordingsApi = {
  create: async (contentType: RecordingContentType, objectId: number, mimeType: string): Promise<Recording> =>
    unwrap(await api.recordings.$post({ json: { content_type: contentType, object_id: objectId, mime_type: mimeType } })),
  get: async (id: number): Promise<Recording> => unwrap(await api.recordings[':id'].$get({ param: { id: String(id) } })),
  list: async (contentType: RecordingContentType, objectId: number): Promise<{ results: Recording[] }> =>
    unwrap(await api.recordings.$get({ query: { content_type: contentType, object_id: String(objectId) } })),
  putPart: async (id: number, n: number, body: Blob, elapsedMs: number): Promise<{ parts: number; size_bytes: number }> =>
    unwrap(
      await api.recordings[':id'].parts[':n'].$put(
        { param: { id: String(id), n: String(n) }, query: { elapsed_ms: String(Math.max(0, Math.round(elapsedMs))) } },
        { init: { body, headers: { 'content-type': 'application/octet-stream' } } },
      ),
    ),
  finish: async (id: number, durationMs: number): Promise<Recording> =>
    unwrap(await api.recordings[':id'].finish.$post({ param: { id: String(id) }, json: { duration_ms: Math.max(0, Math.round(durationMs)) } })),
  remove: async (id: number): Promise<void> => {
    const response = await api.recordings[':id'].$delete({ param: { id: String(id) } });
    if (!response.ok) await unwrap(response);
  },
};

/** One recording's upload calls, as the room's uploader makes them (web/features/conference/recording-uploader.ts). */
export function partsApiFor(id: number) {
  return {
    putPart: (n: number, body: Blob, elapsedMs: number) => recordingsApi.putPart(id, n, body, elapsedMs),
    status: () => recordingsApi.get(id),
    finish: (durationMs: number) => recordingsApi.finish(id, durationMs),
  };
}

export const recordingQueries = {
  all: () => ['recordings'] as const,
  detail: (id: number) => queryOptions({ queryKey: [...recordingQueries.all(), id] as const, queryFn: () => recordingsApi.get(id), retry: false }),
  /** the meeting's ready recordings the caller may watch (404 for anyone else: then none) */
  forMeeting: (contentType: RecordingContentType, objectId: number) =>
    queryOptions({
      queryKey: [...recordingQueries.all(), 'meeting', contentType, objectId] as const,
      queryFn: async () => {
        try {
          return (await recordingsApi.list(contentType, objectId)).results;
        } catch {
          return [];
        }
      },
      staleTime: 30_000,
    }),
};

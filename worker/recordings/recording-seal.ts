// What follows a recording's finish, wherever it comes from (the host's finish, a reload, the scheduler): the duration
// written into part 0's WebM header, the parts' offsets moved by what that added, and the room told it stopped.
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { announceRecording } from '../conferences/room-control.ts';
import { findRecording, resizeFirstPart } from './recordings.queries.ts';
import { partKey } from './recording-file.ts';
import { patchWebmDuration } from './webm-duration.ts';

/**
 * Writes the finished recording's duration into its header. Never throws: a recording whose header could not be
 * patched still plays (without a length in the player); the failure is logged.
 */
export async function sealRecording(env: Pick<Bindings, 'FILES' | 'ConferenceRoom'>, db: Db, id: number, options: { announce: boolean } = { announce: true }) {
  const row = await findRecording(db, id);
  if (!row) return;
  if (options.announce) await announceRecording(env, row.contentType, row.objectId, null);
  if (row.status !== 'ready' || row.parts === 0 || !row.mimeType.includes('webm')) return;
  try {
    const object = await env.FILES.get(partKey(id, 0));
    if (!object) return;
    const before = new Uint8Array(await object.arrayBuffer());
    const after = patchWebmDuration(before, row.durationMs);
    if (!after) return;
    if (after.length === before.length && after.every((byte, i) => byte === before[i])) return;
    await env.FILES.put(partKey(id, 0), after, { httpMetadata: { contentType: row.mimeType } });
    // the offsets follow part 0's new size (false: a seal running at once moved them already, with the same bytes);
    // should the statement fail, part 0 goes back to what the offsets still describe
    await resizeFirstPart(db, id, before.length, after.length).catch(async (e) => {
      await env.FILES.put(partKey(id, 0), before, { httpMetadata: { contentType: row.mimeType } });
      throw e;
    });
  } catch (e) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'recording duration not written', recording: id, error: String(e) }));
  }
}

// The scheduler's side of recordings (decision 019): a recording whose host stopped sending parts is finished as it
// is, and a recording past its 30 days has its objects deleted. Bounded (20 a run) and idempotent, like every job.
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { expiredRecordings, finishRecording, markDeleted, staleRecordings } from './recordings.queries.ts';
import { partKeys } from './recording-file.ts';
import { sealRecording } from './recording-seal.ts';

/**
 * Recordings with no part for RECORDING_STALE_MS (the host's tab closed, the network gone, the browser crashed):
 * finished with what was uploaded and the last part's elapsed time as the duration; the room hears it stopped.
 */
export async function finishStaleRecordings(env: Pick<Bindings, 'FILES' | 'ConferenceRoom'>, db: Db) {
  let finished = 0;
  for (const row of await staleRecordings(db)) {
    if (!(await finishRecording(db, row.id))) continue;
    finished++;
    await sealRecording(env, db, row.id);
  }
  return { finished };
}

/** Recordings past expires_at: their R2 objects deleted, then the row marked deleted (a failure is retried next run). */
export async function deleteExpiredRecordings(env: Pick<Bindings, 'FILES'>, db: Db) {
  let deleted = 0;
  for (const row of await expiredRecordings(db)) {
    // one key past the parts: an upload stored whose row update lost a race
    const keys = partKeys(row.id, row.parts + 1);
    for (let i = 0; i < keys.length; i += 1000) await env.FILES.delete(keys.slice(i, i + 1000));
    await markDeleted(db, row.id);
    deleted++;
  }
  return { deleted };
}

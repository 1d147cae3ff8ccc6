// The SFU proxy's calls (decision 012, «Events above the cap: the SFU»): request schemas and answer shapes. Pure
// zod, so the web's SFU client imports the same limits and messages.
import { z } from 'zod';
import { sfuSessionId, sfuTrackName } from '../../../party/protocol/conference.ts';
import { conferenceQuery } from '../conferences.schemas.ts';
import type { TracksAnswer } from './cloudflare-sfu.ts';

/** Proxy calls per person and minute: a newcomer makes everyone pull (a tracks call and a renegotiation each). */
export const SFU_CALLS_PER_MINUTE = 600;
/** The SFU takes at most 64 tracks per call. */
export const SFU_MAX_TRACKS_PER_CALL = 64;

export const sfuMessages = {
  notConfigured: 'Видеосервер для больших встреч не настроен',
  notUsed: 'Эта встреча идёт без видеосервера',
  failed: 'Видеосервер не ответил, попробуйте ещё раз',
  notYourSession: 'Нет доступа к этой сессии видеосервера',
  foreignTrack: 'Можно получать только дорожки участников этой встречи',
  noJoinToken: 'Нет доступа к конференции',
  offerNeeded: 'Для своих дорожек нужно предложение SDP (offer_sdp)',
} as const;

const sdp = z.string().min(1, 'Пустое описание SDP').max(200_000, 'Слишком длинное описание SDP');
const mid = z.string().min(1).max(64);

/** POST /conferences/sfu/sessions/: the join token GET /conferences/get/ gave this person for this room. */
export const sfuSessionBody = conferenceQuery.extend({ join_token: z.string({ error: sfuMessages.noJoinToken }).min(1, sfuMessages.noJoinToken).max(4_000) });

const localTrack = z.object({ location: z.literal('local'), mid, track_name: sfuTrackName });
const remoteTrack = z.object({ location: z.literal('remote'), session_id: sfuSessionId, track_name: sfuTrackName, mid: mid.optional() });

/**
 * POST /conferences/sfu/tracks/: push my tracks (`local`, with my offer and each transceiver's mid) or pull someone's
 * (`remote`: their session id and track name, as their peer's `tracks` in the room announce them).
 */
export const sfuTracksBody = conferenceQuery
  .extend({
    session_id: sfuSessionId,
    offer_sdp: sdp.optional(),
    tracks: z.array(z.discriminatedUnion('location', [localTrack, remoteTrack])).min(1).max(SFU_MAX_TRACKS_PER_CALL),
  })
  .refine((b) => b.offer_sdp != null || b.tracks.every((t) => t.location === 'remote'), { message: sfuMessages.offerNeeded, path: ['offer_sdp'] });

/** POST /conferences/sfu/renegotiate/: my answer to the SFU's offer (after requires_immediate_renegotiation). */
export const sfuRenegotiateBody = conferenceQuery.extend({ session_id: sfuSessionId, answer_sdp: sdp });

/** POST /conferences/sfu/tracks/close/: stop tracks by mid, with my new offer or `force` (no renegotiation). */
export const sfuCloseBody = conferenceQuery.extend({
  session_id: sfuSessionId,
  mids: z.array(mid).min(1).max(SFU_MAX_TRACKS_PER_CALL),
  offer_sdp: sdp.optional(),
  force: z.boolean().optional(),
});

/** POST /conferences/sfu/sessions/ answers 201 with the new session, which belongs to its maker. */
export type SfuSession = { session_id: string };

/** The SFU's answer to a tracks call, in our field names. */
export type SfuTracksAnswer = {
  /** true: apply `session_description` (the SFU's offer), answer it and send that to renegotiate/ before the next call */
  requires_immediate_renegotiation: boolean;
  /** the SFU's answer to my offer, or its own offer; null when it sent none */
  session_description: { type: 'offer' | 'answer'; sdp: string } | null;
  /** per track: its mid in my session, or why it failed (a 200 does not mean every track succeeded) */
  tracks: Array<{ location?: 'local' | 'remote'; mid?: string; session_id?: string; track_name?: string; error_code?: string; error_description?: string }>;
};

/** The adapter's answer to a tracks call in our field names, as the proxy sends it to the browser. */
export const toSfuTracksAnswer = (a: TracksAnswer): SfuTracksAnswer => ({
  requires_immediate_renegotiation: a.requiresImmediateRenegotiation,
  session_description: a.sessionDescription ?? null,
  tracks: a.tracks.map((t) => ({
    ...(t.location ? { location: t.location } : {}),
    ...(t.mid != null ? { mid: t.mid } : {}),
    ...(t.sessionId ? { session_id: t.sessionId } : {}),
    ...(t.trackName ? { track_name: t.trackName } : {}),
    ...(t.errorCode ? { error_code: t.errorCode } : {}),
    ...(t.errorDescription ? { error_description: t.errorDescription } : {}),
  })),
});

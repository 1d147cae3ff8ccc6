// The browser's way to Cloudflare's Realtime SFU for events above the mesh cap (decision 012, «Events above the cap:
// the SFU»). The app token stays in the Worker: the browser asks us, we check the person against the meeting with
// the rule of GET /conferences/get/ on every call, and only then call the SFU. A session belongs to the person who
// made it (conference_sfu_sessions): nobody pushes into, renegotiates or closes someone else's, and pulls come only
// from sessions of the same meeting.
import { Hono } from 'hono';
import type { ConferenceContentType } from '../../../party/protocol/conference.ts';
import type { AppEnv, SignedInContext } from '../../env.ts';
import { ApiError, errors } from '../../lib/errors.ts';
import { enforceLimits } from '../../lib/rate-limit.queries.ts';
import { requireUser } from '../../middleware/session.ts';
import { findMeeting } from '../conferences.queries.ts';
import { validateWithDetail } from '../../lib/validate.ts';
import { refuse, roleIn, roomNow } from '../room-rules.ts';
import { verifyJoinToken } from '../join-token.ts';
import { outgrowsMesh, SfuError, sfuFromEnv } from './cloudflare-sfu.ts';
import { recordSfuSession, sfuSessionsIn } from './sfu.queries.ts';
import {
  SFU_CALLS_PER_MINUTE,
  sfuCloseBody,
  sfuMessages as m,
  sfuRenegotiateBody,
  sfuSessionBody,
  sfuTracksBody,
  toSfuTracksAnswer,
  type SfuSession,
  type SfuTracksAnswer,
} from './sfu.schemas.ts';

const notYours = () => errors.forbidden(m.notYourSession);
const unavailable = () => new ApiError(503, 'sfu_unavailable', m.notConfigured);

/**
 * The caller may use the SFU for this meeting now: the same standing, cancellation, payment and window rules as
 * GET /conferences/get/, a meeting whose media goes through the SFU (an event, with the SFU configured), and a
 * person within the rate limit. Answers the SFU client.
 */
async function admit(c: SignedInContext, contentType: ConferenceContentType, objectId: number) {
  const userId = c.var.user.id;
  await enforceLimits(c.var.db, [{ key: `conferences:sfu:user:${userId}`, max: SFU_CALLS_PER_MINUTE, windowSeconds: 60 }]);
  const meeting = await findMeeting(c.var.db, contentType, objectId, userId);
  if (!meeting) throw refuse.notFound(contentType);
  roleIn(meeting);
  const now = roomNow(meeting);
  if (now.state === 'ended') throw refuse.ended();
  if (now.state === 'not_started') throw refuse.notStarted();
  const sfu = sfuFromEnv(c.env);
  // consultations and small events meet in a mesh; so does a larger event opened while the SFU was not configured
  if (now.room.topology !== 'sfu') throw outgrowsMesh(meeting) && !sfu ? unavailable() : errors.conflict('sfu_not_used', m.notUsed);
  // a room opened through the SFU whose configuration is gone since
  if (!sfu) throw unavailable();
  return sfu;
}

/** The caller's own session in this meeting, or 403 (an unknown session and someone else's look the same). */
async function ownSession(c: SignedInContext, contentType: ConferenceContentType, objectId: number, sessionId: string, others: string[] = []) {
  const owners = await sfuSessionsIn(c.var.db, contentType, objectId, [sessionId, ...others]);
  if (owners.get(sessionId) !== c.var.user.id) throw notYours();
  return owners;
}

/** The SFU failed or did not answer: logged without the token, told to the browser as a retryable 502. */
async function viaSfu<T>(c: SignedInContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof SfuError)) throw e;
    console.warn(JSON.stringify({ level: 'warn', requestId: c.var.requestId, msg: 'sfu call failed', status: e.status, code: e.code, error: e.message }));
    throw new ApiError(502, 'sfu_failed', m.failed);
  }
}

export const conferenceSfuRoutes = new Hono<AppEnv>()
  /** A new SFU session (one RTCPeerConnection of this browser), owned by the caller; needs the join token of GET /conferences/get/. */
  .post('/conferences/sfu/sessions', requireUser, validateWithDetail('json', sfuSessionBody), async (c) => {
    const { content_type, object_id, join_token } = c.req.valid('json');
    const userId = c.var.user.id;
    const claims = await verifyJoinToken(c.env.JWT_SECRET, join_token, { contentType: content_type, objectId: object_id, userId });
    if (!claims) throw errors.forbidden(m.noJoinToken);
    const sfu = await admit(c, content_type, object_id);
    const sessionId = await viaSfu(c, () => sfu.newSession());
    // the Cloudflare session of a meeting that ended just now is left to the SFU's own timeout
    if (!(await recordSfuSession(c.var.db, sessionId, content_type, object_id, userId))) throw refuse.ended();
    return c.json<SfuSession>({ session_id: sessionId }, 201);
  })
  /** Push my tracks into my session, or pull other participants' tracks into it. */
  .post('/conferences/sfu/tracks', requireUser, validateWithDetail('json', sfuTracksBody), async (c) => {
    const { content_type, object_id, session_id, offer_sdp, tracks } = c.req.valid('json');
    const sfu = await admit(c, content_type, object_id);
    const remotes = tracks.flatMap((t) => (t.location === 'remote' ? [t.session_id] : []));
    const owners = await ownSession(c, content_type, object_id, session_id, remotes);
    // nobody pulls from a session of another meeting (or one we never handed out)
    if (remotes.some((id) => !owners.has(id))) throw errors.forbidden(m.foreignTrack);
    const answer = await viaSfu(c, () =>
      sfu.newTracks(session_id, {
        offer: offer_sdp ? { type: 'offer', sdp: offer_sdp } : undefined,
        tracks: tracks.map((t) =>
          t.location === 'local'
            ? { location: 'local' as const, mid: t.mid, trackName: t.track_name }
            : { location: 'remote' as const, sessionId: t.session_id, trackName: t.track_name, ...(t.mid ? { mid: t.mid } : {}) },
        ),
      }),
    );
    return c.json<SfuTracksAnswer>(toSfuTracksAnswer(answer));
  })
  /** My answer to the SFU's offer. */
  .post('/conferences/sfu/renegotiate', requireUser, validateWithDetail('json', sfuRenegotiateBody), async (c) => {
    const { content_type, object_id, session_id, answer_sdp } = c.req.valid('json');
    const sfu = await admit(c, content_type, object_id);
    await ownSession(c, content_type, object_id, session_id);
    await viaSfu(c, () => sfu.renegotiate(session_id, { type: 'answer', sdp: answer_sdp }));
    return c.json({ ok: true as const });
  })
  /** Stop some of my session's tracks (mine or those I pulled), by their mids. */
  .post('/conferences/sfu/tracks/close', requireUser, validateWithDetail('json', sfuCloseBody), async (c) => {
    const { content_type, object_id, session_id, mids, offer_sdp, force } = c.req.valid('json');
    const sfu = await admit(c, content_type, object_id);
    await ownSession(c, content_type, object_id, session_id);
    const answer = await viaSfu(c, () => sfu.closeTracks(session_id, { mids, offer: offer_sdp ? { type: 'offer', sdp: offer_sdp } : undefined, force }));
    return c.json<SfuTracksAnswer>(toSfuTracksAnswer(answer));
  });

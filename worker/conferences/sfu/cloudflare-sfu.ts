// Cloudflare Realtime SFU's connection API (developers.cloudflare.com/realtime/sfu/https-api, OpenAPI
// calls-api-2024-05-21): an app id and its secret token as a Bearer token; a session is one RTCPeerConnection to
// Cloudflare; tracks are pushed into a session (local, with the browser's offer) or pulled from another session
// (remote, by that session's id and the track's name), and when the SFU answers with an offer of its own
// (requiresImmediateRenegotiation) the browser's answer goes back through renegotiate. Events above the mesh cap
// use it (decision 012); the app token never leaves the Worker: the browser talks to sfu.routes.ts.
import { z } from 'zod';
import type { Bindings } from '../../env.ts';
import { MESH_MAX_PEERS } from '../../../party/conference-limits.ts';
import type { ConferenceContentType } from '../../../party/protocol/conference.ts';

export const CLOUDFLARE_SFU_API = 'https://rtc.live.cloudflare.com/v1';
/** The SFU waits up to 5 s for a session's connection before acting on it; leave room for that and the trip. */
const DEFAULT_TIMEOUT_MS = 10_000;

export type CloudflareSfuConfig = { appId: string; appToken: string; apiUrl?: string; fetch?: typeof fetch; timeoutMs?: number };
export type SfuEnv = Pick<Bindings, 'SFU_APP_ID' | 'SFU_APP_TOKEN' | 'SFU_API_URL'>;

/**
 * Any failure of a call: `status` is the SFU's HTTP status (0 for no answer, a network error or an unreadable
 * answer), `code` its errorCode when it sent one. The token never appears in the message.
 */
export class SfuError extends Error {
  readonly status: number;
  readonly code?: string;
  constructor(message: string, status: number, code?: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export type SessionDescription = { type: 'offer' | 'answer'; sdp: string };
export type TrackRequest =
  | { location: 'local'; mid: string; trackName: string }
  | { location: 'remote'; sessionId: string; trackName: string; mid?: string };
export type TrackResult = {
  location?: 'local' | 'remote';
  mid?: string;
  sessionId?: string;
  trackName?: string;
  errorCode?: string;
  errorDescription?: string;
};
export type TracksAnswer = { requiresImmediateRenegotiation: boolean; sessionDescription?: SessionDescription; tracks: TrackResult[] };

const description = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string() });
const trackResult = z.object({
  location: z.enum(['local', 'remote']).optional(),
  mid: z.string().optional(),
  sessionId: z.string().optional(),
  trackName: z.string().optional(),
  errorCode: z.string().optional(),
  errorDescription: z.string().optional(),
});
const failure = z.object({ errorCode: z.string().optional(), errorDescription: z.string().optional() });
const newSessionAnswer = z.object({ sessionId: z.string().min(1).max(128) });
const tracksAnswer = z.object({
  requiresImmediateRenegotiation: z.boolean().default(false),
  sessionDescription: description.optional(),
  tracks: z.array(trackResult).default([]),
});

/** The SFU for an environment, or null when it is not configured (then events stay in the mesh and its cap). */
export function sfuFromEnv(env: SfuEnv, options: Pick<CloudflareSfuConfig, 'fetch' | 'timeoutMs'> = {}) {
  if (!env.SFU_APP_ID || !env.SFU_APP_TOKEN) return null;
  return cloudflareSfu({ appId: env.SFU_APP_ID, appToken: env.SFU_APP_TOKEN, apiUrl: env.SFU_API_URL, ...options });
}

/** A meeting by who may be in it: `capacity` counts the mentor (Meeting.capacity, conferences.queries.ts). */
type SizedMeeting = { contentType: ConferenceContentType; capacity: number };

/** An event with more people than a mesh carries: the SFU's, when there is one. */
export const outgrowsMesh = (meeting: SizedMeeting) => meeting.contentType === 'events' && meeting.capacity > MESH_MAX_PEERS;

/**
 * How a meeting's media flows: browser to browser while everyone who may come fits the mesh (a consultation's two
 * people, an event of at most MESH_MAX_PEERS with its mentor); through the SFU for a larger event, when it is
 * configured. Decided when the room opens and kept in conferences.topology.
 */
export function topologyFor(env: SfuEnv, meeting: SizedMeeting): 'mesh' | 'sfu' {
  return outgrowsMesh(meeting) && env.SFU_APP_ID && env.SFU_APP_TOKEN ? 'sfu' : 'mesh';
}

export function cloudflareSfu({ appId, appToken, apiUrl = CLOUDFLARE_SFU_API, fetch: doFetch = fetch, timeoutMs = DEFAULT_TIMEOUT_MS }: CloudflareSfuConfig) {
  const base = `${apiUrl.replace(/\/+$/, '')}/apps/${encodeURIComponent(appId)}`;
  const sessionPath = (sessionId: string) => `/sessions/${encodeURIComponent(sessionId)}`;

  async function call<T>(method: 'POST' | 'PUT', path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    const what = `cloudflare sfu ${method} ${path.replace(/\/sessions\/[^/]+/, '/sessions/…')}`;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      const res = await doFetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${appToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: abort.signal,
      });
      const json: unknown = await res.json().catch(() => null);
      // the SFU may report a failure with a 2xx status and an errorCode in the body
      const error = failure.safeParse(json);
      if (!res.ok || (error.success && error.data.errorCode)) {
        const code = error.success ? error.data.errorCode : undefined;
        throw new SfuError(`${what}: HTTP ${res.status}${code ? ` ${code}` : ''}`, res.ok ? 502 : res.status, code);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new SfuError(`${what}: unexpected answer`, 0);
      return parsed.data;
    } catch (e) {
      if (e instanceof SfuError) throw e;
      throw new SfuError(abort.signal.aborted ? `${what}: no answer in ${timeoutMs} ms` : `${what}: ${String(e)}`, 0);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** A new session (one RTCPeerConnection of one browser); the connection itself is made by the first tracks call. */
    async newSession(): Promise<string> {
      return (await call('POST', '/sessions/new', undefined, newSessionAnswer)).sessionId;
    },

    /**
     * Push local tracks (with the browser's offer, each track named and tied to its transceiver's mid) or pull
     * remote ones (another session's id and track name; the SFU then answers with an offer to renegotiate).
     */
    async newTracks(sessionId: string, request: { offer?: SessionDescription; tracks: TrackRequest[] }): Promise<TracksAnswer> {
      const body = { ...(request.offer ? { sessionDescription: request.offer } : {}), tracks: request.tracks };
      return call('POST', `${sessionPath(sessionId)}/tracks/new`, body, tracksAnswer);
    },

    /** The browser's answer to an offer the SFU made (after requiresImmediateRenegotiation). */
    async renegotiate(sessionId: string, answer: SessionDescription): Promise<void> {
      await call('PUT', `${sessionPath(sessionId)}/renegotiate`, { sessionDescription: answer }, z.unknown());
    },

    /**
     * Stop tracks by their transceivers' mids: with the browser's new offer (transceivers made inactive), or with
     * `force` to stop the media at once without renegotiating.
     */
    async closeTracks(sessionId: string, request: { mids: string[]; offer?: SessionDescription; force?: boolean }): Promise<TracksAnswer> {
      const body = {
        tracks: request.mids.map((mid) => ({ mid })),
        ...(request.offer ? { sessionDescription: request.offer } : {}),
        force: request.force ?? false,
      };
      return call('PUT', `${sessionPath(sessionId)}/tracks/close`, body, tracksAnswer);
    },
  };
}


// A local stand-in for Cloudflare Realtime SFU's connection API, speaking its documented protocol
// (developers.cloudflare.com/realtime/sfu/https-api; OpenAPI calls-api-2024-05-21) under /v1/apps/{appId}:
// - POST sessions/new → 201 {sessionId};
// - POST sessions/{id}/tracks/new {sessionDescription?, tracks: [{location: 'local', mid, trackName} |
//   {location: 'remote', sessionId, trackName}]} → 200 {requiresImmediateRenegotiation, sessionDescription, tracks};
//   local tracks need the browser's offer and are answered; remote tracks are pulled from a session that published
//   that name and answered with the SFU's offer, which must be renegotiated before the next change;
// - PUT sessions/{id}/renegotiate {sessionDescription: answer} → 200 {};
// - PUT sessions/{id}/tracks/close {tracks: [{mid}], sessionDescription?, force?} → 200 {tracks, …};
// - GET sessions/{id} → {tracks: [... status]}.
// Every call needs `Authorization: Bearer {app token}` for the app id (401 otherwise). Requests are validated with
// zod; sessions and tracks live in memory. What it says in SDP comes from its `media`: by default plausible text with
// one m-section per track of the session (its mid, its kind as the browser's offer named it, sendonly for what it
// sends us), which checks the protocol, not media; the browser tests plug in a real relay (tests/e2e/sfu-relay.ts).
// `mode` makes it fail, hang or talk nonsense for the error tests.
import { Hono, type Context } from 'hono';
import { z } from 'zod';

export const FAKE_SFU_URL = 'https://rtc.sfu.test/v1';

type SdpTrack = { mid: string; kind: string; location: 'local' | 'remote' };

/** A session's description as the SFU would write it: the tracks it receives (local) and sends (remote) by mid. */
const FAKE_SDP = (type: 'offer' | 'answer', n: number, tracks: SdpTrack[]) =>
  [
    'v=0',
    `o=- ${n} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    `a=group:BUNDLE ${tracks.map((t) => t.mid).join(' ')}`,
    ...tracks.flatMap((t) => [
      `m=${t.kind} 9 UDP/TLS/RTP/SAVPF ${t.kind === 'audio' ? 111 : 96}`,
      'c=IN IP4 0.0.0.0',
      `a=setup:${type === 'offer' ? 'actpass' : 'passive'}`,
      `a=mid:${t.mid}`,
      t.location === 'local' ? 'a=recvonly' : 'a=sendonly',
      t.kind === 'audio' ? 'a=rtpmap:111 opus/48000/2' : 'a=rtpmap:96 VP8/90000',
    ]),
    '',
  ].join('\r\n');

/** The media kind of `mid` in an SDP text (its m-section's), video when the text does not say. */
function kindOf(sdp: string | undefined, mid: string) {
  for (const section of (sdp ?? '').split(/\r?\n(?=m=)/)) {
    if (section.split(/\r?\n/).includes(`a=mid:${mid}`)) return section.startsWith('m=audio') ? 'audio' : 'video';
  }
  return 'video';
}

const description = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().min(1) });
const track = z.discriminatedUnion('location', [
  z.object({ location: z.literal('local'), mid: z.string().min(1), trackName: z.string().min(1), kind: z.string().optional() }),
  z.object({ location: z.literal('remote'), sessionId: z.string().min(1), trackName: z.string().min(1), mid: z.string().optional(), kind: z.string().optional() }),
]);
const tracksNew = z.object({ sessionDescription: description.optional(), tracks: z.array(track).min(1).max(64), autoDiscover: z.boolean().optional() });
const renegotiateBody = z.object({ sessionDescription: description });
const closeBody = z.object({ tracks: z.array(z.object({ mid: z.string().min(1) })).min(1), sessionDescription: description.optional(), force: z.boolean().optional() });

type FakeTrack = { location: 'local' | 'remote'; mid: string; trackName: string; kind: string; sessionId?: string };
type FakeSession = { id: string; tracks: FakeTrack[]; nextMid: number; awaitingAnswer: boolean };
type Description = { type: 'offer' | 'answer'; sdp: string };

/**
 * The SFU's media side: what it answers and offers in SDP. The protocol side has already checked the call and, for
 * a push, recorded the tracks in `session.tracks`; for a pull it records them with the mids `pull` gives.
 */
export type FakeSfuMedia = {
  /** the browser pushed these tracks with its offer: the SFU's answer */
  push(session: FakeSession, offer: string, tracks: Array<{ mid: string; trackName: string }>): Promise<string>;
  /** these published tracks (of other sessions) go out on this session: the SFU's offer and each one's mid, in order */
  pull(session: FakeSession, tracks: FakeTrack[]): Promise<{ sdp: string; mids: string[] }>;
  /** the browser's answer to the SFU's last offer */
  answer(session: FakeSession, sdp: string): Promise<void>;
  /** tracks closed by mid: the browser's offer answered, or (not forced, no offer) the SFU's own offer; null for neither */
  close(session: FakeSession, mids: string[], offer: string | undefined, force: boolean): Promise<Description | null>;
};

/** The default media: SDP text that names every track of the session, no media at all. */
function textMedia(): FakeSfuMedia {
  let counter = 0;
  return {
    push: async (session) => FAKE_SDP('answer', ++counter, session.tracks),
    async pull(session, tracks) {
      const mids = tracks.map(() => String(session.nextMid++));
      return { sdp: FAKE_SDP('offer', ++counter, [...session.tracks, ...tracks.map((t, i) => ({ ...t, mid: mids[i]! }))]), mids };
    },
    answer: async () => undefined,
    async close(session, _mids, offer, force) {
      if (offer) return { type: 'answer', sdp: FAKE_SDP('answer', ++counter, session.tracks) };
      return force ? null : { type: 'offer', sdp: FAKE_SDP('offer', ++counter, session.tracks) };
    },
  };
}

export function fakeCloudflareSfu(appId: string, appToken: string, media: FakeSfuMedia = textMedia()) {
  const state = { mode: 'ok' as 'ok' | 'error' | 'hang' | 'garbage' };
  const sessions = new Map<string, FakeSession>();
  const requests: Array<{ method: string; path: string; authorization: string | undefined; body: unknown }> = [];

  const refuse = (c: Context, status: 400 | 401 | 404, errorCode: string, errorDescription: string) => c.json({ errorCode, errorDescription }, status);

  const app = new Hono().basePath('/v1/apps/:appId');
  // the log, the modes and the credentials, for every call
  app.use('*', async (c, next) => {
    const body = c.req.method === 'GET' ? undefined : await c.req.raw.clone().json().catch(() => undefined);
    requests.push({ method: c.req.method, path: new URL(c.req.url).pathname, authorization: c.req.header('authorization'), body });
    if (state.mode === 'hang') await new Promise((resolve) => setTimeout(resolve, 15_000));
    if (state.mode === 'error') return c.json({ errorCode: 'internal_error', errorDescription: 'something broke' }, 500);
    if (state.mode === 'garbage') return c.text('<html>gateway</html>', 200);
    if (c.req.param('appId') !== appId || c.req.header('authorization') !== `Bearer ${appToken}`) return refuse(c, 401, 'unauthorized', 'bad app id or token');
    await next();
  });

  const sessionOf = (c: Context) => sessions.get(c.req.param('sessionId') ?? '');

  app.post('/sessions/new', (c) => {
    // 32 hex digits like the real ones, unique across fakes (the proxy's table outlives one)
    const id = crypto.randomUUID().replaceAll('-', '');
    sessions.set(id, { id, tracks: [], nextMid: 0, awaitingAnswer: false });
    return c.json({ sessionId: id }, 201);
  });

  app.post('/sessions/:sessionId/tracks/new', async (c) => {
    const session = sessionOf(c);
    if (!session) return refuse(c, 404, 'session_not_found', 'no such session');
    const parsed = tracksNew.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return refuse(c, 400, 'invalid_request', parsed.error.message);
    if (session.awaitingAnswer) return refuse(c, 400, 'renegotiation_pending', 'answer the previous offer first');
    const { sessionDescription, tracks } = parsed.data;
    const locals = tracks.filter((t) => t.location === 'local');
    const remotes = tracks.filter((t) => t.location === 'remote');
    if (locals.length && remotes.length) return refuse(c, 400, 'invalid_request', 'the fake pushes or pulls in one call, not both');

    if (locals.length) {
      if (sessionDescription?.type !== 'offer') return refuse(c, 400, 'invalid_request', 'local tracks need an offer');
      const results = locals.map((t) => {
        if (session.tracks.some((x) => x.location === 'local' && x.trackName === t.trackName)) {
          return { trackName: t.trackName, mid: t.mid, errorCode: 'track_exists', errorDescription: 'a track with this name is already published' };
        }
        session.tracks.push({ location: 'local', mid: t.mid, trackName: t.trackName, kind: t.kind ?? kindOf(sessionDescription.sdp, t.mid) });
        session.nextMid = Math.max(session.nextMid, Number(t.mid) + 1 || 0);
        return { trackName: t.trackName, mid: t.mid };
      });
      const accepted = results.filter((r) => !('errorCode' in r));
      const sdp = await media.push(session, sessionDescription.sdp, accepted);
      return c.json({ requiresImmediateRenegotiation: false, sessionDescription: { type: 'answer', sdp }, tracks: results });
    }

    if (sessionDescription) return refuse(c, 400, 'invalid_request', 'pulling takes no offer: the SFU makes one');
    const found = remotes.map((t) => ({ request: t, published: sessions.get(t.sessionId)?.tracks.find((x) => x.location === 'local' && x.trackName === t.trackName) }));
    const pulls = found.flatMap(({ request, published }) =>
      published ? [{ location: 'remote' as const, mid: '', trackName: request.trackName, kind: published.kind, sessionId: request.sessionId }] : [],
    );
    const offer = pulls.length ? await media.pull(session, pulls) : null;
    pulls.forEach((t, i) => session.tracks.push({ ...t, mid: offer!.mids[i]! }));
    let next = 0;
    const results = found.map(({ request, published }) =>
      published
        ? { sessionId: request.sessionId, trackName: request.trackName, mid: offer!.mids[next++]! }
        : { sessionId: request.sessionId, trackName: request.trackName, errorCode: 'not_found', errorDescription: 'no such track' },
    );
    session.awaitingAnswer = offer !== null;
    return c.json({
      requiresImmediateRenegotiation: offer !== null,
      ...(offer ? { sessionDescription: { type: 'offer', sdp: offer.sdp } } : {}),
      tracks: results,
    });
  });

  app.put('/sessions/:sessionId/renegotiate', async (c) => {
    const session = sessionOf(c);
    if (!session) return refuse(c, 404, 'session_not_found', 'no such session');
    const parsed = renegotiateBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return refuse(c, 400, 'invalid_request', parsed.error.message);
    if (parsed.data.sessionDescription.type !== 'answer' || !session.awaitingAnswer) return refuse(c, 400, 'invalid_request', 'no offer to answer');
    await media.answer(session, parsed.data.sessionDescription.sdp);
    session.awaitingAnswer = false;
    return c.json({});
  });

  app.put('/sessions/:sessionId/tracks/close', async (c) => {
    const session = sessionOf(c);
    if (!session) return refuse(c, 404, 'session_not_found', 'no such session');
    const parsed = closeBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return refuse(c, 400, 'invalid_request', parsed.error.message);
    const { tracks, sessionDescription, force } = parsed.data;
    if (sessionDescription && sessionDescription.type !== 'offer') return refuse(c, 400, 'invalid_request', 'closing takes the browser’s offer');
    const results = tracks.map(({ mid }) => {
      const i = session.tracks.findIndex((t) => t.mid === mid);
      if (i < 0) return { mid, errorCode: 'not_found', errorDescription: 'no track on this mid' };
      session.tracks.splice(i, 1);
      return { mid };
    });
    // without the browser's offer and without force, the SFU offers the change itself
    const closed = results.flatMap((r) => ('errorCode' in r ? [] : [r.mid]));
    const reply = await media.close(session, closed, sessionDescription?.sdp, force ?? false);
    session.awaitingAnswer = session.awaitingAnswer || reply?.type === 'offer';
    return c.json({ requiresImmediateRenegotiation: reply?.type === 'offer', ...(reply ? { sessionDescription: reply } : {}), tracks: results });
  });

  app.get('/sessions/:sessionId', (c) => {
    const session = sessionOf(c);
    if (!session) return refuse(c, 404, 'session_not_found', 'no such session');
    return c.json({ tracks: session.tracks.map((t) => ({ ...t, status: 'active' })) });
  });

  // like fetch, a request whose signal aborts rejects at once with an AbortError
  const fakeFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const answer = app.request(input instanceof Request ? input : String(input), init);
    const signal = init?.signal;
    if (!signal) return answer;
    return Promise.race([
      answer,
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted', 'AbortError')), { once: true })),
    ]);
  }) as typeof fetch;
  return { requests, state, sessions, fetch: fakeFetch };
}

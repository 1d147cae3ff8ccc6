// A local stand-in for Cloudflare Realtime TURN's credential call, following its documented protocol
// (developers.cloudflare.com/realtime/turn/generate-credentials): POST /v1/turn/keys/{key id}/credentials/
// generate-ice-servers with `Authorization: Bearer {key API token}` and {"ttl": seconds}; 201 with
// {"iceServers": [{urls: [stun…]}, {urls: [turn…, turns…], username, credential}]}. A wrong key or token is
// refused (401) and so is a ttl out of 1…172800 (400). `mode` makes it fail or hang for the fallback tests.
import { Hono } from 'hono';

export const FAKE_TURN_URL = 'https://rtc.turn.test/v1';

export function fakeCloudflareTurn(keyId: string, apiToken: string) {
  const state = { mode: 'ok' as 'ok' | 'error' | 'hang' | 'garbage' };
  const requests: Array<{ keyId: string; authorization: string | undefined; body: unknown }> = [];
  const app = new Hono().post('/v1/turn/keys/:keyId/credentials/generate-ice-servers', async (c) => {
    const body = await c.req.json().catch(() => null);
    requests.push({ keyId: c.req.param('keyId'), authorization: c.req.header('authorization'), body });
    if (state.mode === 'hang') await new Promise((resolve) => setTimeout(resolve, 5_000));
    if (state.mode === 'error') return c.json({ error: 'internal error' }, 500);
    if (state.mode === 'garbage') return c.text('<html>gateway</html>', 201);
    if (c.req.param('keyId') !== keyId || c.req.header('authorization') !== `Bearer ${apiToken}`) return c.json({ error: 'unauthorized' }, 401);
    const ttl = (body as { ttl?: unknown } | null)?.ttl;
    if (typeof ttl !== 'number' || ttl < 1 || ttl > 172_800) return c.json({ error: 'invalid ttl' }, 400);
    const n = requests.length;
    return c.json(
      {
        iceServers: [
          { urls: ['stun:stun.cloudflare.com:3478', 'stun:stun.cloudflare.com:53'] },
          {
            urls: [
              'turn:turn.cloudflare.com:3478?transport=udp',
              'turn:turn.cloudflare.com:3478?transport=tcp',
              'turns:turn.cloudflare.com:5349?transport=tcp',
              'turns:turn.cloudflare.com:443?transport=tcp',
            ],
            username: `user-${n}-${ttl}`,
            credential: `credential-${n}`,
          },
        ],
      },
      201,
    );
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
  return { requests, state, fetch: fakeFetch };
}

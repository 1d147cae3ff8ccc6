// Short-lived TURN credentials from Cloudflare Realtime's TURN service (developers.cloudflare.com/realtime/
// turn/generate-credentials): POST {api}/turn/keys/{key id}/credentials/generate-ice-servers with the key's
// API token as a Bearer token and {"ttl": seconds}; 201 answers {"iceServers": [...]} ready for
// RTCPeerConnection (a STUN entry and a TURN entry with username and credential). The key's token stays here.
import { z } from 'zod';
import type { IceServer } from './conferences.schemas.ts';

export const CLOUDFLARE_RTC_API = 'https://rtc.live.cloudflare.com/v1';
/** The service refuses longer lifetimes (48 hours). */
export const TURN_MAX_TTL_SECONDS = 172_800;
const DEFAULT_TIMEOUT_MS = 3_000;

export type CloudflareTurnConfig = { keyId: string; apiToken: string; apiUrl?: string; fetch?: typeof fetch; timeoutMs?: number };

export class TurnCredentialsError extends Error {}

const answer = z.object({
  iceServers: z
    .array(z.object({ urls: z.union([z.string(), z.array(z.string()).min(1)]), username: z.string().optional(), credential: z.string().optional() }))
    .min(1),
});

export function cloudflareTurn({ keyId, apiToken, apiUrl = CLOUDFLARE_RTC_API, fetch: doFetch = fetch, timeoutMs = DEFAULT_TIMEOUT_MS }: CloudflareTurnConfig) {
  return {
    /** ICE servers whose TURN credential lives `ttlSeconds`; throws TurnCredentialsError on any failure or timeout. */
    async generateIceServers(ttlSeconds: number): Promise<IceServer[]> {
      const ttl = Math.max(1, Math.min(TURN_MAX_TTL_SECONDS, Math.round(ttlSeconds)));
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), timeoutMs);
      try {
        const res = await doFetch(`${apiUrl}/turn/keys/${encodeURIComponent(keyId)}/credentials/generate-ice-servers`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ ttl }),
          signal: abort.signal,
        });
        if (!res.ok) throw new TurnCredentialsError(`cloudflare turn: HTTP ${res.status}`);
        const parsed = answer.safeParse(await res.json().catch(() => null));
        if (!parsed.success) throw new TurnCredentialsError('cloudflare turn: unexpected answer');
        return parsed.data.iceServers;
      } catch (e) {
        if (e instanceof TurnCredentialsError) throw e;
        throw new TurnCredentialsError(abort.signal.aborted ? `cloudflare turn: no answer in ${timeoutMs} ms` : `cloudflare turn: ${String(e)}`);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

// The ICE servers a joiner gets (decision 012), from configuration:
// - nothing configured (local development, tests): an empty list, so browsers gather host candidates only and
//   no network beyond this machine is needed;
// - STUN_URLS: those STUN servers (a comma-separated list);
// - TURN_KEY_ID + TURN_KEY_API_TOKEN: TURN credentials minted per join by Cloudflare's TURN service, living as
//   long as the room may; if the service fails or is slow, the join goes on with STUN only (and a log line).
import type { Bindings } from '../env.ts';
import { cloudflareTurn } from './cloudflare-turn.ts';
import type { IceServer } from './conferences.schemas.ts';

/** Cloudflare's public STUN server: the fallback when TURN is configured but fails and no STUN_URLS are set. */
export const CLOUDFLARE_STUN = 'stun:stun.cloudflare.com:3478';

export type IceConfig = Pick<Bindings, 'STUN_URLS' | 'TURN_KEY_ID' | 'TURN_KEY_API_TOKEN' | 'TURN_API_URL'>;

export function stunUrls(env: IceConfig): string[] {
  return (env.STUN_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter((u) => /^stuns?:/i.test(u));
}

export async function iceServers(env: IceConfig, options: { ttlSeconds: number; fetch?: typeof fetch; timeoutMs?: number }): Promise<IceServer[]> {
  const stun = stunUrls(env);
  const configured: IceServer[] = stun.length ? [{ urls: stun }] : [];
  if (!env.TURN_KEY_ID || !env.TURN_KEY_API_TOKEN) return configured;
  try {
    const turn = cloudflareTurn({ keyId: env.TURN_KEY_ID, apiToken: env.TURN_KEY_API_TOKEN, apiUrl: env.TURN_API_URL, fetch: options.fetch, timeoutMs: options.timeoutMs });
    return [...configured, ...(await turn.generateIceServers(options.ttlSeconds))];
  } catch (e) {
    // media still flows between most networks without a relay; a failed join would help nobody
    console.warn(JSON.stringify({ level: 'warn', msg: 'turn credentials unavailable, STUN only', error: String(e instanceof Error ? e.message : e) }));
    return stun.length ? configured : [{ urls: [CLOUDFLARE_STUN] }];
  }
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { errors } from './errors.ts';

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * Counts one hit against each limit (fixed windows in Postgres, so every isolate and every region share
 * them) and refuses with 429 when any is over. One statement per limit: no read-then-write race.
 */
export async function enforceLimits(db: Db, limits: Limit[]) {
  for (const { key, max, windowSeconds } of limits) {
    const result = await db.execute<{ count: number }>(sql`
      insert into rate_limit_counters (key, window_start, count)
      values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
      on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
      returning count`);
    if (Number(result.rows[0].count) > max) throw errors.tooManyRequests();
  }
}

/** The network an address belongs to, for limits one household or office shares: IPv4 /24, IPv6 /48. */
export function networkOf(ip: string) {
  if (ip === 'local') return ip;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}::/48`;
  return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
}

/** The caller's address as Cloudflare reports it; 'local' for none or loopback (wrangler dev, tests). */
export function clientIp(headers: Headers) {
  const ip = headers.get('cf-connecting-ip');
  return !ip || ip === '127.0.0.1' || ip === '::1' ? 'local' : ip;
}

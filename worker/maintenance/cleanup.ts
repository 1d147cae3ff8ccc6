import type { ProviderContext } from '../payments/payment-provider.ts';
import { deleteOldBackoffs, deleteOldChannelRecords, deleteOldLoginCodes, deleteOldRateLimitWindows, deleteOldRefreshSessions, deleteOldSocialSignIns } from './cleanup.queries.ts';
import { recheckPermissions } from './permission-recheck.ts';

/**
 * Drops what has stopped mattering, so the security tables stay small: rate-limit windows older than a
 * day, codes a day after they expired, refresh tokens a week after they expired or were revoked
 * (long enough to recognise a replay of a recently rotated token), sign-in back-offs a year after their wait ran
 * out, social sign-in attempts and tickets a day after they expired, the notification channels' short-lived records
 * (Telegram's updates, link tokens and reply prompts; the fake push service's messages). The statements go at once. Then the self-employed permissions due for their daily re-read (permission-recheck.ts).
 */
export async function cleanupExpired(ctx: ProviderContext) {
  const { db } = ctx;
  const [rateLimitWindows, loginCodes, refreshSessions, backoffs, socialSignIns, channelRecords] = await Promise.all([
    deleteOldRateLimitWindows(db),
    deleteOldLoginCodes(db),
    deleteOldRefreshSessions(db),
    deleteOldBackoffs(db),
    deleteOldSocialSignIns(db),
    deleteOldChannelRecords(db),
  ]);
  // the provider's answers come one by one and may fail; the deletions above stand either way
  const permissions = await recheckPermissions(ctx).catch((e: unknown) => {
    console.error(JSON.stringify({ level: 'error', msg: 'permission recheck failed', error: String(e) }));
    return 'failed' as const;
  });
  return { rateLimitWindows, loginCodes, refreshSessions, backoffs, socialSignIns, channelRecords, permissions };
}

// The daily re-read of self-employed mentors' permissions (decision 020): a mentor can revoke ЮMoney's right to register
// his receipts in «Мой налог», or lose his НПД status, at any time, and YooKassa sends no notification of either. Run by
// the hourly housekeeping, a bounded batch each hour, least recently read first: each confirmed permission is read about
// once a day as long as there are fewer than 24 × RECHECK_BATCH of them, and an hour costs at most RECHECK_BATCH calls.
import type { ProviderContext } from '../payments/payment-provider.ts';
import { paymentProvider } from '../payments/provider-choice.ts';
import { permissionsToRecheck, postponeRecheck, recordSelfEmployedStatus } from '../tax-profiles/tax-profiles.queries.ts';

export const RECHECK_BATCH = 100;

/** Reads each due permission's state and stores it; one the provider can't read now is tried again in an hour, behind the rest. */
export async function recheckPermissions(ctx: ProviderContext, limit = RECHECK_BATCH) {
  const due = await permissionsToRecheck(ctx.db, limit);
  if (due.length === 0) return { checked: 0, changed: 0, failed: 0 };
  const provider = paymentProvider(ctx);
  let changed = 0;
  let failed = 0;
  for (const { userId, selfEmployedId } of due) {
    try {
      const answer = await provider.getSelfEmployed(selfEmployedId!);
      await recordSelfEmployedStatus(ctx.db, userId, answer);
      if (answer.status !== 'confirmed') changed++;
    } catch (e) {
      failed++;
      await postponeRecheck(ctx.db, userId);
      console.error(JSON.stringify({ level: 'error', msg: 'permission recheck failed', userId, error: String(e) }));
    }
  }
  return { checked: due.length - failed, changed, failed };
}

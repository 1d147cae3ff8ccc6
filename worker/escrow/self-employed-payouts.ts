// A self-employed mentor's payouts (decision 020): the provider registers his income receipt in «Мой налог» with each
// one, which his permission allows. Without the permission a payout waits and says why; the provider's refusal is read
// through the permission's state, since YooKassa names no reason of its own for it.
import type { ProviderContext } from '../payments/payment-provider.ts';
import { paymentProvider } from '../payments/provider-choice.ts';
import type { SelfEmployedStatus } from '../tax-profiles/tax-profiles.schemas.ts';
import { recordSelfEmployedStatus } from '../tax-profiles/tax-profiles.queries.ts';
import { permissionWaitingReason, YEARLY_LIMIT_REASON } from './payout-waiting.messages.ts';

/** what the mentor's income receipt says he did (`receipt_data.service_name`, at most 50 characters) */
export const INCOME_SERVICE_NAME = 'Консультации на платформе Форма';

/** The permission's state as the provider has it now, kept on the mentor's profile; null when the provider can't say. */
export async function refreshSelfEmployed(ctx: ProviderContext, mentorId: number, selfEmployedId: string): Promise<SelfEmployedStatus | null> {
  try {
    const answer = await paymentProvider(ctx).getSelfEmployed(selfEmployedId);
    await recordSelfEmployedStatus(ctx.db, mentorId, answer);
    return answer.status;
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', msg: 'getSelfEmployed failed', mentorId, error: String(e) }));
    return null;
  }
}

/**
 * Why the provider refused a self-employed mentor's payout, read through his permission's state (YooKassa names no reason
 * of its own): revoked or lost, or — while it still holds — the yearly НПД limit.
 */
export async function refusalReason(ctx: ProviderContext, mentorId: number, selfEmployedId: string): Promise<string> {
  const state = await refreshSelfEmployed(ctx, mentorId, selfEmployedId);
  return state === 'confirmed' ? YEARLY_LIMIT_REASON : permissionWaitingReason(state);
}

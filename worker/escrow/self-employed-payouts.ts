// A self-employed mentor's payouts (decision 020): the provider registers his income receipt in «Мой налог» with each
// one, which his permission allows. Without the permission a payout waits and says why; the provider's refusal is read
// through the permission's state, since YooKassa names no reason of its own for it.
import type { ProviderContext } from '../payments/payment-provider.ts';
import { paymentProvider } from '../payments/provider-choice.ts';
import type { SelfEmployedStatus } from '../tax-profiles/tax-profiles.schemas.ts';
import { recordSelfEmployedStatus } from '../tax-profiles/tax-profiles.queries.ts';

/** what the mentor's income receipt says he did (`receipt_data.service_name`, at most 50 characters) */
export const INCOME_SERVICE_NAME = 'Консультации на платформе Форма';

/** a mentor without a tax status: Форма cannot pay him without becoming his tax agent (decision 020) */
export const NO_TAX_STATUS_REASON =
  'Укажите налоговый статус — самозанятый или ИП — в платёжных настройках: без него Форма не может провести выплату. Деньги ждут вас.';

/** the permission holds but the provider still refused: the yearly НПД income limit is the check left */
export const YEARLY_LIMIT_REASON =
  'Выплата не прошла проверку «Мой налог»: возможно, превышен годовой лимит дохода самозанятого (2,4 млн ₽). Выплата повторится автоматически; если лимит исчерпан, смените статус на ИП.';

/** Why a self-employed mentor's payout waits, by his permission's state (null: never asked). */
export function permissionWaitingReason(status: SelfEmployedStatus | null): string {
  switch (status) {
    case 'pending':
      return 'Ждём, когда вы разрешите регистрировать чеки в «Мой налог»: выплата уйдёт сразу после этого.';
    case 'canceled':
      return 'Разрешение на регистрацию чеков в «Мой налог» отклонено или отозвано. Выдайте его снова в платёжных настройках — выплата уйдёт сразу после этого.';
    case 'unregistered':
      return 'В «Мой налог» нет вашего статуса самозанятого. Восстановите его или укажите другой налоговый статус.';
    default:
      return 'Разрешите Форме регистрировать чеки в «Мой налог» в платёжных настройках: без этого выплату самозанятому не провести.';
  }
}

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

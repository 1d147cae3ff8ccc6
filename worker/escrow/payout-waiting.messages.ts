// Why a mentor's payout waits for him (decision 020), in the words the earnings list shows beside it, and the short form
// the «К выплате» card says: a contract file, so the payout that stores a reason and the earnings that name it share one
// copy of each text.
import type { SelfEmployedStatus } from '../tax-profiles/tax-profiles.schemas.ts';

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

const SHORT_FORMS = new Map<string, string>([
  [NO_TAX_STATUS_REASON, 'Ждут налогового статуса'],
  [YEARLY_LIMIT_REASON, 'Ждут проверки «Мой налог»'],
  [permissionWaitingReason(null), 'Ждут разрешения для «Мой налог»'],
  [permissionWaitingReason('pending'), 'Ждут разрешения для «Мой налог»'],
  [permissionWaitingReason('canceled'), 'Ждут нового разрешения для «Мой налог»'],
  [permissionWaitingReason('unregistered'), 'Ждут статуса самозанятого'],
]);

/** The card's short form of a waiting reason; a reason this file does not know still says the payouts wait for him. */
export const waitingShortForm = (reason: string) => SHORT_FORMS.get(reason) ?? 'Ждут ваших действий';

// A mentor's tax status as the payout settings show it, with what it means for his payouts in plain words (decision
// 020: payouts go only to a self-employed mentor with a confirmed permission or to an ИП; otherwise they wait).
import type { TaxProfileRow } from './tax-profiles.queries.ts';
import type { SelfEmployedStatus, TaxStatus } from './tax-profiles.schemas.ts';

const NO_STATUS =
  'Без налогового статуса Форма не может отправлять вам выплаты: деньги за консультации ждут на балансе, пока вы не укажете статус — самозанятый или ИП. Стать самозанятым можно за несколько минут в приложении «Мой налог».';

const SELF_EMPLOYED: Record<SelfEmployedStatus | 'not_asked', string> = {
  not_asked: 'Осталось разрешить ЮMoney регистрировать чеки о доходе за вас в «Мой налог». Пока разрешения нет, выплаты ждут.',
  pending: 'Ждём подтверждения: откройте ссылку и разрешите ЮMoney регистрировать чеки о доходе в «Мой налог». До подтверждения выплаты ждут.',
  confirmed: 'Подтверждено. Выплаты приходят на вашу карту, а чек о доходе регистрируется в «Мой налог» автоматически.',
  canceled: 'Разрешение отклонено или отозвано, поэтому выплаты ждут. Запросите разрешение снова и подтвердите его.',
  unregistered: 'ФНС не видит у вас статуса самозанятого, поэтому выплаты ждут. Зарегистрируйтесь в «Мой налог» и запросите разрешение снова.',
};

const INDIVIDUAL_ENTREPRENEUR = 'Выплаты приходят на вашу карту как ИП. Доход от Формы вы учитываете и платите с него налог сами.';

export function canReceivePayouts(row: TaxProfileRow | null) {
  if (!row) return false;
  if (row.status === 'individual_entrepreneur') return row.inn !== null;
  if (row.status === 'self_employed') return row.selfEmployedStatus === 'confirmed';
  return false;
}

function message(row: TaxProfileRow | null) {
  if (!row || row.status === 'none') return NO_STATUS;
  if (row.status === 'individual_entrepreneur') return INDIVIDUAL_ENTREPRENEUR;
  return SELF_EMPLOYED[row.selfEmployedStatus ?? 'not_asked'];
}

/** GET /api/tax-profile/: no row yet reads as «без статуса». */
export function toTaxProfileView(row: TaxProfileRow | null) {
  return {
    status: (row?.status ?? 'none') as TaxStatus,
    inn: row?.inn ?? null,
    phone: row?.phone ?? null,
    legal_name: row?.legalName ?? null,
    self_employed:
      row?.selfEmployedStatus != null
        ? {
            status: row.selfEmployedStatus as SelfEmployedStatus,
            confirmation_url: row.confirmationUrl,
          }
        : null,
    can_receive_payouts: canReceivePayouts(row),
    message: message(row),
  };
}

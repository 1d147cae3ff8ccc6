// What the payment page says of a canceled payment, by the reason the provider gave (worker/payments/cancel-reasons.ts:
// YooKassa's cancellation_details.reason, which the sandbox and our own cancellations reuse). A declined card, time
// that ran out and a booking given up are different things to the payer (issue 35): none of them is «you cancelled».

export type CanceledPaymentText = { title: string; text: string; retry: boolean };

const NOT_CHARGED = 'Деньги не списаны.';

/** what the bank or the payment network said, in the payer's words */
const declines: Record<string, string> = {
  insufficient_funds: 'На карте недостаточно средств.',
  card_expired: 'Срок действия карты истёк.',
  invalid_card_number: 'Номер карты введён с ошибкой.',
  invalid_csc: 'Код CVC введён с ошибкой.',
  '3d_secure_failed': 'Платёж не подтверждён кодом из банка.',
  payment_method_limit_exceeded: 'Превышен лимит операций по карте.',
  payment_method_restricted: 'Операции по этой карте ограничены банком.',
  country_forbidden: 'Банк не принимает платежи из этой страны.',
  fraud_suspected: 'Платёж остановлен проверкой безопасности.',
  issuer_unavailable: 'Банк, выпустивший карту, не ответил. Попробуйте чуть позже.',
  internal_timeout: 'Платёжная система не ответила вовремя. Попробуйте чуть позже.',
  permission_revoked: 'Разрешение на списание отозвано.',
  identification_required: 'Кошелёк не идентифицирован: банк не разрешил платёж.',
  call_issuer: 'Банк не объяснил причину: её можно уточнить в банке.',
  general_decline: 'Банк не объяснил причину: её можно уточнить в банке или оплатить другой картой.',
};

export function canceledPaymentText(reason: string | null | undefined): CanceledPaymentText {
  if (reason === 'expired_on_confirmation') {
    return { title: 'Время на оплату истекло', text: `Оплата не была завершена вовремя. ${NOT_CHARGED} Можно оплатить снова, если время или место ещё свободны.`, retry: true };
  }
  if (reason === 'canceled_by_merchant') {
    return { title: 'Платёж отменён', text: `Запись отменена до оплаты: участие отменено или мероприятие отменил наставник. ${NOT_CHARGED}`, retry: false };
  }
  const decline = reason ? declines[reason] : undefined;
  if (decline) return { title: 'Банк отклонил платёж', text: `${decline} ${NOT_CHARGED} Можно попробовать снова, в том числе другой картой.`, retry: true };
  return {
    title: 'Оплата не прошла',
    text: `${NOT_CHARGED} Банк отклонил платёж или оплата была прервана. Можно попробовать снова, в том числе другой картой, пока время или место свободны.`,
    retry: true,
  };
}

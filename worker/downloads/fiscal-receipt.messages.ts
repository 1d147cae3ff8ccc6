// How a fiscal receipt (54-ФЗ; decision 020, «Fiscal receipts») is named to the payer, on /loads and on the printable
// «Квитанция об оплате»: one wording in both places, so the list and the page never disagree.

export type FiscalReceiptKind = 'payment' | 'settlement' | 'refund';
export type FiscalReceiptStatus = 'not_sent' | 'pending' | 'succeeded' | 'canceled';

/** the receipt's «признак расчёта» as the payer reads it */
export const FISCAL_KIND_TEXT: Record<FiscalReceiptKind, string> = {
  payment: 'Кассовый чек: приход',
  settlement: 'Кассовый чек: зачёт предоплаты',
  refund: 'Кассовый чек: возврат прихода',
};

/** not_sent: the provider has not taken it yet and the minute job sends it again */
export const FISCAL_STATUS_TEXT: Record<FiscalReceiptStatus, string> = {
  succeeded: 'Зарегистрирован',
  pending: 'Регистрируется',
  not_sent: 'Не зарегистрирован — повторим',
  canceled: 'Отменён',
};


// How a fiscal receipt (54-ФЗ; decision 020, «Fiscal receipts») is named to the payer, on /loads and on the printable
// «Квитанция об оплате»: one wording in both places, so the list and the page never disagree. The booking's details
// show its buyer the same list (decision 020, «What people see»), so the row's shape and its mapping live here too.

import { kopecksToRubles } from '../escrow/fee.ts';

export type FiscalReceiptKind = 'payment' | 'settlement' | 'refund';
export type FiscalReceiptStatus = 'not_sent' | 'pending' | 'succeeded' | 'canceled';

/** the receipt's «признак расчёта» as the payer reads it */
export const FISCAL_KIND_TEXT: Record<FiscalReceiptKind, string> = {
  payment: 'Кассовый чек: приход',
  settlement: 'Кассовый чек: зачёт предоплаты',
  refund: 'Кассовый чек: возврат прихода',
};

/** not_sent: the provider has not taken it yet and the minute job sends it again */
/** one row of fiscal_receipts as the payer may see it; the ФН/ФД/ФП and time once the provider registered it */
export type FiscalReceiptRow = {
  kind: FiscalReceiptKind;
  status: FiscalReceiptStatus;
  amount_kopecks: number;
  registered_at: string | Date | null;
  fn: string | null;
  fd: string | null;
  fp: string | null;
};

/** our own printable «Квитанция об оплате» of a payment (not a fiscal receipt) */
export const receiptUrl = (paymentId: string) => `/api/downloads/receipts/${paymentId}/`;

/** A fiscal receipt of the payment (decision 020); `fiscal` is ФН/ФД/ФП, null until the provider registered it. */
export function toFiscalReceipt(row: FiscalReceiptRow) {
  return {
    kind: row.kind,
    status: row.status,
    amount: kopecksToRubles(row.amount_kopecks),
    registered_at: row.registered_at == null ? null : new Date(row.registered_at).toISOString(),
    fiscal: row.status === 'succeeded' && row.fn && row.fd && row.fp ? { fn: row.fn, fd: row.fd, fp: row.fp } : null,
  };
}
export type FiscalReceipt = ReturnType<typeof toFiscalReceipt>;

export const FISCAL_STATUS_TEXT: Record<FiscalReceiptStatus, string> = {
  succeeded: 'Зарегистрирован',
  pending: 'Регистрируется',
  not_sent: 'Не зарегистрирован — повторим',
  // the register refused it: the receipts job makes it again, or an admin sees it (decision 020)
  canceled: 'Отклонён кассой — оформим заново',
};


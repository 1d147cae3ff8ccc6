// The fiscal receipts of decision 020's table, built from what was bought: the payment receipt that travels inside
// `POST /payments` (приход, full prepayment), the settlement receipt sent by `POST /receipts` when escrow releases the
// money (зачёт предоплаты, full payment) and the refund receipt inside `POST /refunds` (возврат прихода). Pure:
// sums are integer kopecks and every receipt adds up to its money to the kopeck; receipt-rules.ts accepts them all.
import type { Bindings } from '../../env.ts';
import { CURRENCY, kopecksToValue } from '../amounts.ts';
import {
  ITEM_DESCRIPTION_MAX,
  TAX_SYSTEM_CODE_MAX,
  TAX_SYSTEM_CODE_MIN,
  VAT_CODE_MAX,
  VAT_CODE_MIN,
  type PaymentMode,
  type Receipt,
  type ReceiptItem,
  type SeparateReceipt,
} from './receipt-rules.ts';

export type FiscalSettings = { taxSystemCode: number; vatCode: number };

/** Decision 020: УСН «доходы минус расходы» and «без НДС» until the accountant says otherwise. */
export const DEFAULT_FISCAL_SETTINGS: FiscalSettings = { taxSystemCode: 3, vatCode: 1 };

function code(raw: string | undefined, fallback: number, min: number, max: number, name: string) {
  const text = raw?.trim();
  if (!text) return fallback;
  // A wrong rate on a fiscal receipt is a wrong tax filing: a bad setting stops the receipt instead of guessing.
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new RangeError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return Number(text);
}

/** Форма's tax system and VAT rate for its receipts, from FISCAL_TAX_SYSTEM_CODE and FISCAL_VAT_CODE (worker/env.ts). */
export function fiscalSettings(env: Pick<Bindings, 'FISCAL_TAX_SYSTEM_CODE' | 'FISCAL_VAT_CODE'>): FiscalSettings {
  return {
    taxSystemCode: code(env.FISCAL_TAX_SYSTEM_CODE, DEFAULT_FISCAL_SETTINGS.taxSystemCode, TAX_SYSTEM_CODE_MIN, TAX_SYSTEM_CODE_MAX, 'FISCAL_TAX_SYSTEM_CODE'),
    vatCode: code(env.FISCAL_VAT_CODE, DEFAULT_FISCAL_SETTINGS.vatCode, VAT_CODE_MIN, VAT_CODE_MAX, 'FISCAL_VAT_CODE'),
  };
}

/**
 * What was bought, for the item's description: a consultation, a seat at an event, or a package of sessions (a
 * package's payment has no start; a released package session has its own).
 */
export type Purchase = { kind: 'consultation' | 'event' | 'package'; title: string; startsAt?: Date | null; mentorName: string };

const WHAT: Record<Purchase['kind'], string> = {
  consultation: 'Консультация',
  event: 'Мероприятие',
  package: 'Консультация по пакету',
};

/** «12.03.2026 19:00» in Moscow time: receipts are Форма's, and Форма keeps Moscow time, whoever reads them. */
export function moscowTime(at: Date) {
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

/**
 * What + when + with whom, at most 128 characters: «Консультация «Разбор резюме», 12.03.2026 19:00, Анна Соколова». A long
 * title is shortened with «…» first, so the time, the mentor and a note (e.g. «по условиям отмены») stay readable.
 */
export function itemDescription(p: Purchase, note?: string) {
  const tail = [p.startsAt ? moscowTime(p.startsAt) : null, p.mentorName.trim() || null, note ?? null].filter(Boolean).join(', ');
  const compose = (title: string) => `${WHAT[p.kind]} «${title}»${tail ? `, ${tail}` : ''}`;
  const title = p.title.trim();
  const full = compose(title);
  if (full.length <= ITEM_DESCRIPTION_MAX) return full;
  const room = title.length - (full.length - ITEM_DESCRIPTION_MAX) - 1;
  if (room >= 10) return compose(`${title.slice(0, room).trimEnd()}…`);
  // a name long enough to crowd out the title itself: cut the whole line instead
  return `${full.slice(0, ITEM_DESCRIPTION_MAX - 1).trimEnd()}…`;
}

const amount = (kopecks: number) => ({ value: kopecksToValue(kopecks), currency: CURRENCY as 'RUB' });

function positiveKopecks(kopecks: number, what: string) {
  if (!Number.isSafeInteger(kopecks) || kopecks <= 0) throw new RangeError(`${what} must be a positive whole number of kopecks, got ${kopecks}`);
  return kopecks;
}

function item(description: string, quantity: number, unitKopecks: number, mode: PaymentMode, s: FiscalSettings): ReceiptItem {
  return {
    description,
    quantity,
    measure: 'piece',
    amount: amount(unitKopecks),
    vat_code: s.vatCode,
    payment_subject: 'service',
    payment_mode: mode,
  };
}

type Common = { email: string; purchase: Purchase; settings: FiscalSettings };

const receipt = (c: Common, items: ReceiptItem[]): Receipt => ({
  customer: { email: c.email },
  items,
  tax_system_code: c.settings.taxSystemCode,
});

/**
 * The payment receipt (приход, `full_prepayment`: nothing is delivered until escrow releases it) for `POST /payments`.
 * A consultation or a seat is one item; a package of N is N sessions at the session's price. When the total does not
 * divide by N, N−1 sessions go at the rounded-down price and one at the rest, so the items still add up exactly.
 */
export function paymentReceipt(c: Common & { amountKopecks: number; sessions?: number }): Receipt {
  const total = positiveKopecks(c.amountKopecks, 'amountKopecks');
  const description = itemDescription(c.purchase);
  const sessions = c.purchase.kind === 'package' ? (c.sessions ?? 0) : 1;
  if (!Number.isSafeInteger(sessions) || sessions < 1) throw new RangeError(`a package needs its number of sessions, got ${c.sessions}`);
  if (sessions > total) throw new RangeError(`${total} kopecks cannot pay for ${sessions} sessions`);
  const unit = Math.floor(total / sessions);
  if (unit * sessions === total) return receipt(c, [item(description, sessions, unit, 'full_prepayment', c.settings)]);
  const rest = total - unit * (sessions - 1);
  return receipt(c, [item(description, sessions - 1, unit, 'full_prepayment', c.settings), item(description, 1, rest, 'full_prepayment', c.settings)]);
}

/**
 * The settlement receipt (зачёт предоплаты, `full_payment`) for `POST /receipts`, when escrow releases the money of
 * a held consultation, a seat or one package session; `lateCancellation` marks money released to the mentor without
 * a session, which the description says («по условиям отмены»).
 */
export function settlementReceipt(c: Common & { providerPaymentId: string; amountKopecks: number; lateCancellation?: boolean }): SeparateReceipt {
  const sum = positiveKopecks(c.amountKopecks, 'amountKopecks');
  const description = itemDescription(c.purchase, c.lateCancellation ? 'по условиям отмены' : undefined);
  return {
    type: 'payment',
    payment_id: c.providerPaymentId,
    send: true,
    ...receipt(c, [item(description, 1, sum, 'full_payment', c.settings)]),
    settlements: [{ type: 'prepayment', amount: amount(sum) }],
  };
}

/**
 * The refund receipt (возврат прихода) for `POST /refunds`, full or partial: the refunded sum as one item, still
 * `full_prepayment` because the refunded part was never delivered. Sent with every refund (decision 020).
 */
export function refundReceipt(c: Common & { amountKopecks: number }): Receipt {
  const sum = positiveKopecks(c.amountKopecks, 'amountKopecks');
  return receipt(c, [item(itemDescription(c.purchase), 1, sum, 'full_prepayment', c.settings)]);
}

/**
 * A payment's or refund's receipt made again on its own (`POST /receipts`) after the receipt service refused
 * (canceled) the one that travelled with the money: the same customer and items, settled `cashless` for the same sum,
 * tied to the payment (type `payment`) or the refund (type `refund`) by the provider's id (decision 020).
 */
export function remadeReceipt(
  sent: Receipt,
  link: { type: 'payment'; providerPaymentId: string } | { type: 'refund'; providerRefundId: string },
  amountKopecks: number,
): SeparateReceipt {
  const sum = positiveKopecks(amountKopecks, 'amountKopecks');
  return {
    type: link.type,
    ...(link.type === 'payment' ? { payment_id: link.providerPaymentId } : { refund_id: link.providerRefundId }),
    send: true,
    ...sent,
    settlements: [{ type: 'cashless', amount: amount(sum) }],
  };
}

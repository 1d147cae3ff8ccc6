// The printable «Квитанция об оплате» of one payment: our own summary, not a fiscal receipt (decision 020, «What
// people see»), so it is not called «Чек»; it lists the payment's fiscal receipts below. A self-contained Russian
// page with no scripts and no outside resources (the CSP forbids both); every value from the database is escaped.
import { formatRubles, formatWhen } from '../escrow/notices.ts';
import { PLATFORM_FEE_PERCENT, splitRelease } from '../escrow/fee.ts';
import { escapeHtml } from '../lib/html.ts';
import { discountText, loyaltyReason } from '../lib/loyalty-text.ts';
import { personName } from '../chats/chats.mapper.ts';
import { receiptService } from './downloads.mapper.ts';
import type { FiscalReceiptRow, ReceiptRow } from './downloads.queries.ts';
import { FISCAL_KIND_TEXT, FISCAL_STATUS_TEXT } from './fiscal-receipt.messages.ts';
import { bookingCancellationTerms } from '../escrow/cancellation-terms.messages.ts';

export const RECEIPT_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-disposition': 'inline',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'private, no-store',
};

const STATUS: Record<ReceiptRow['status'], string> = {
  pending: 'Ожидает оплаты',
  succeeded: 'Оплачено, деньги на удержании до завершения',
  released: 'Оплачено, переведено наставнику',
  refunded: 'Возвращено',
  canceled: 'Отменено',
};

/** how the payer paid, as the provider reported it (decision 020) */
const PAYMENT_METHOD: Record<NonNullable<ReceiptRow['payment_method']>, string> = {
  bank_card: 'Банковская карта',
  sbp: 'СБП',
  other: 'Другой способ',
};

const REFUND_STATUS: Record<NonNullable<ReceiptRow['refund_status']>, string> = {
  pending: 'в обработке',
  succeeded: 'выполнен',
  failed: 'не прошёл, повторяем',
};


const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;max-width:640px;margin:32px auto;padding:0 16px}
h1{font-size:24px;margin:0 0 4px}.muted{color:#666}
table{width:100%;border-collapse:collapse;margin:20px 0}th,td{text-align:left;padding:8px 0;border-bottom:1px solid #e5e5e5;vertical-align:top}
th{font-weight:500;color:#555;width:42%;padding-right:12px}.nowrap{white-space:nowrap}.total td,.total th{font-size:18px;font-weight:700;color:#111}
h2{font-size:18px;margin:28px 0 0}.fiscal{margin:12px 0;padding:12px 0;border-bottom:1px solid #e5e5e5}.fiscal p{margin:0}
.fiscal .head{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 16px;font-weight:600}
@media print{body{margin:0}}`;

function row(label: string, value: string, className = '') {
  return `<tr${className ? ` class="${className}"` : ''}><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
}

/** The fee line: what was charged, or what will be when the mentor is paid while the money is held. */
function feeLine(r: ReceiptRow) {
  if (r.fee_kopecks != null) return row(`Комиссия платформы (${PLATFORM_FEE_PERCENT} %)`, `${formatRubles(r.fee_kopecks)}, удержана из выплаты наставнику`);
  if (r.status === 'succeeded') {
    return row(`Комиссия платформы (${PLATFORM_FEE_PERCENT} %)`, `${formatRubles(splitRelease(r.amount_kopecks).feeKopecks)}, будет удержана из выплаты наставнику`);
  }
  return '';
}

/** A loyalty discount (decision 006): the regular price and why less was paid («5-я консультация с Анной: −10 %»). */
function discountLines(r: ReceiptRow) {
  if (!r.discount_percent || r.regular_price == null) return '';
  const why = r.consultation_number ? loyaltyReason(r.consultation_number, r.discount_percent, r.seller_first_name) : discountText(r.discount_percent);
  return `${row('Стоимость без скидки', formatRubles(r.regular_price * 100))}
${row(r.service_type === 'package' ? 'Скидка за пакет' : 'Скидка за долгое сотрудничество', why)}`;
}

/**
 * A paid consultation still ahead: until when it can be cancelled and refunded (decision 022), in the words and times
 * the booking dialog showed before paying, so the receipt keeps the promise the payer paid on.
 */
function cancellationLine(r: ReceiptRow, zone: string) {
  if (r.service_type !== 'consultation' || r.booking_status !== 'paid' || r.booking_created_at === null) return '';
  const startsAt = new Date(r.service_date);
  if (startsAt.getTime() <= Date.now()) return '';
  return row('Условия отмены', bookingCancellationTerms({ startsAt, bookedAt: new Date(r.booking_created_at), cutoffHours: r.cancel_cutoff_hours ?? 0, paid: true, timeZone: zone }));
}

/** One fiscal receipt: its name and sum, its state and, once registered, ФН/ФД/ФП and when. */
function fiscalBlock(f: FiscalReceiptRow, zone: string) {
  const when = f.status === 'succeeded' && f.registered_at ? `, ${formatWhen(new Date(f.registered_at), zone)}` : '';
  // each «ФН …» keeps its number on its line when a narrow page wraps them
  const fiscal =
    f.status === 'succeeded' && f.fn && f.fd && f.fp
      ? `<p>${[`ФН ${f.fn}`, `ФД ${f.fd}`, `ФП ${f.fp}`].map((part) => `<span class="nowrap">${escapeHtml(part)}</span>`).join(' · ')}</p>`
      : '';
  return `<div class="fiscal">
<p class="head"><span>${escapeHtml(FISCAL_KIND_TEXT[f.kind])}</span><span class="nowrap">${escapeHtml(formatRubles(f.amount_kopecks))}</span></p>
<p>${escapeHtml(FISCAL_STATUS_TEXT[f.status] + when)}</p>
${fiscal}
</div>`;
}

/** The payment's fiscal receipts, oldest first, and where the payer gets them (the receipt service mails each one). */
function fiscalSection(r: ReceiptRow, zone: string) {
  // a payment made before decision 020 has none
  if (!r.fiscal_receipts.length) return '<h2>Кассовые чеки</h2>\n<p class="muted">По этому платежу кассовых чеков нет.</p>';
  const mail = r.buyer_email ? `на ${escapeHtml(r.buyer_email)}` : 'на вашу электронную почту';
  return `<h2>Кассовые чеки</h2>
${r.fiscal_receipts.map((f) => fiscalBlock(f, zone)).join('\n')}
<p class="muted">Кассовый чек также приходит ${mail} от сервиса «Чеки от ЮKassa».</p>`;
}

export function receiptHtml(r: ReceiptRow) {
  const zone = r.buyer_time_zone || 'Europe/Moscow';
  const buyer = [personName(r.buyer_first_name, r.buyer_last_name), r.buyer_email].filter(Boolean).join(', ');
  const refund =
    r.refund_kopecks == null
      ? ''
      : row('Возврат', `${formatRubles(r.refund_kopecks)} (${REFUND_STATUS[r.refund_status!]}), ${formatWhen(new Date(r.refund_created_at!), zone)}`);
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Квитанция об оплате № ${escapeHtml(r.id)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Квитанция об оплате</h1>
<p class="muted">Форма — платформа наставничества. Деньги хранятся на платформе до завершения услуги. Это сводка платежа, а не кассовый чек: кассовые чеки — ниже.</p>
<table>
${row('Номер платежа', r.id)}
${row('Дата оплаты', formatWhen(new Date(r.paid_at), zone))}
${r.payment_method ? row('Способ оплаты', PAYMENT_METHOD[r.payment_method]) : ''}
${row('Услуга', receiptService(r))}
${row('Дата услуги', formatWhen(new Date(r.service_date), zone))}
${row('Исполнитель (продавец)', personName(r.seller_first_name, r.seller_last_name))}
${row('Покупатель', buyer)}
${row('Статус', STATUS[r.status])}
${discountLines(r)}
${feeLine(r)}
${cancellationLine(r, zone)}
${refund}
${row('Сумма оплаты', formatRubles(r.amount_kopecks), 'total')}
</table>
${fiscalSection(r, zone)}
<p class="muted">Время указано в часовом поясе ${escapeHtml(zone)}.</p>
</body>
</html>`;
}

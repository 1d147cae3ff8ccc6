import { SUPPORT_NAME } from '../../party/protocol/support-view.ts';
import { attachmentUrl, personName, roomTitle } from '../chats/chats.mapper.ts';
import { kopecksToRubles } from '../escrow/fee.ts';
import { packageDescription } from '../lib/package-price.ts';
import type { ChatFileRow, ReceiptRow, RecordingDownloadRow } from './downloads.queries.ts';
import { receiptUrl, toFiscalReceipt } from './fiscal-receipt.messages.ts';

const iso = (value: string | Date) => new Date(value).toISOString();

export { receiptUrl, toFiscalReceipt, type FiscalReceipt } from './fiscal-receipt.messages.ts';

/** A file the team sent into my own support room: its sender is «Поддержка Формы», not the admin (decision 011). */
const fromSupportTeam = (row: ChatFileRow) => row.kind === 'support' && row.other_id == null && row.sender_id !== row.viewer_id;

/** A file of one of my chats; `url` is the chat's own attachment call, which checks membership again. */
export function toChatFile(row: ChatFileRow) {
  return {
    id: row.id,
    name: row.name,
    size: row.size_bytes,
    type: row.content_type,
    created_at: iso(row.created_at),
    room: { id: row.room_id, name: roomTitle(row) },
    sender: fromSupportTeam(row) ? { id: null, name: SUPPORT_NAME } : row.sender_id == null ? null : { id: row.sender_id, name: personName(row.sender_first_name, row.sender_last_name) },
    url: attachmentUrl(row.room_id, row.id),
  };
}
export type ChatFile = ReturnType<typeof toChatFile>;

const SERVICE: Record<ReceiptRow['service_type'], string> = { consultation: 'Консультация', event: 'Мероприятие', package: 'Пакет' };

/** What was bought, as the receipt's «Услуга» says it: «Консультация «…»», or the package with its size and discount. */
export function receiptService(row: ReceiptRow) {
  if (row.service_type === 'package') return packageDescription({ sessions: Number(row.package_sessions), name: row.title, percent: Number(row.package_percent) });
  return `${SERVICE[row.service_type]} «${row.title}»`;
}

/** A payment of mine with what it paid for; money in rubles (kopecks as a fraction). */
export function toReceipt(row: ReceiptRow) {
  return {
    id: row.id,
    status: row.status,
    amount: kopecksToRubles(row.amount_kopecks),
    paid_at: iso(row.paid_at),
    /** card, СБП or another of the provider's methods; null when not known (paid before decision 020) */
    payment_method: row.payment_method,
    service: {
      type: row.service_type,
      /** the booking's id for a consultation, the event's for an event, the package's for a package */
      id: row.service_type === 'consultation' ? row.booking_id : row.service_type === 'package' ? row.package_id : row.event_id,
      title: row.title,
      date: iso(row.service_date),
    },
    seller: { id: row.seller_id, name: personName(row.seller_first_name, row.seller_last_name) },
    /** the platform's 5 % once it was charged (when the mentor was paid); null before that or after a full refund */
    fee: row.fee_kopecks == null ? null : kopecksToRubles(row.fee_kopecks),
    refund:
      row.refund_kopecks == null
        ? null
        : { amount: kopecksToRubles(row.refund_kopecks), status: row.refund_status!, created_at: iso(row.refund_created_at!) },
    /** a consultation's loyalty discount as booked: the regular price (rubles), the percent and the N-th consultation */
    discount:
      row.discount_percent && row.regular_price != null
        ? { regular_amount: row.regular_price, percent: row.discount_percent, consultation_number: row.consultation_number, mentor_name: row.seller_first_name }
        : null,
    /** a package's payment: «Пакет из 5 консультаций «…» −10 %» and its size (decision 006, «Packages») */
    package:
      row.package_id == null
        ? null
        : { id: row.package_id, sessions: Number(row.package_sessions), percent: Number(row.package_percent), text: receiptService(row) },
    /** the fiscal receipts of this payment, oldest first: приход, зачёт предоплаты, возврат прихода */
    fiscal_receipts: row.fiscal_receipts.map(toFiscalReceipt),
    /** our own printable «Квитанция об оплате» (not a fiscal receipt) */
    receipt_url: receiptUrl(row.id),
  };
}
export type Receipt = ReturnType<typeof toReceipt>;

/** A recording I may watch (decision 019): `url` is the SPA's page with the player, which reads the bytes itself. */
export function toRecordingDownload(row: RecordingDownloadRow) {
  return {
    id: Number(row.id),
    title: row.title,
    content_type: row.content_type,
    object_id: Number(row.object_id),
    duration_ms: Number(row.duration_ms),
    size: Number(row.size_bytes),
    started_at: iso(row.started_at),
    expires_at: iso(row.expires_at),
    mentor: { id: Number(row.mentor_id), name: personName(row.mentor_first_name, row.mentor_last_name) },
    url: `/recording/${Number(row.id)}`,
  };
}
export type RecordingDownload = ReturnType<typeof toRecordingDownload>;

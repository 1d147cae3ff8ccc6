// GET /analytics/earnings/ as the mentor sees it (decision 009 «Earnings»); money in rubles, kopecks as a fraction.
import { personName } from '../chats/chats.mapper.ts';
import { PLATFORM_FEE_PERCENT, kopecksToRubles } from '../escrow/fee.ts';
import { waitingShortForm } from '../escrow/payout-waiting.messages.ts';
import type { EarningRow, EarningsCursor, EarningsTotals } from './earnings.queries.ts';

const iso = (value: string | Date | null) => (value == null ? null : new Date(value).toISOString());

export function toEarnings({
  items,
  totals,
  hasCard,
  waiting,
  nextCursor,
}: {
  items: EarningRow[];
  totals: EarningsTotals;
  hasCard: boolean;
  /** payouts held back for the mentor to act, and the oldest one's reason */
  waiting: { count: number; reason: string } | null;
  nextCursor: EarningsCursor | null;
}) {
  const total = (stage: EarningRow['stage']) => ({ amount: kopecksToRubles(totals[stage].kopecks), count: totals[stage].count });
  return {
    fee_percent: PLATFORM_FEE_PERCENT,
    has_payout_card: hasCard,
    /**
     * payouts that wait for the mentor (a tax status, the «Мой налог» permission; decision 020): how many, and the short
     * form of the oldest one's reason, which the «К выплате» card says instead of «Отправляются на карту»; null when none
     */
    payouts_waiting: waiting && { count: waiting.count, reason: waitingShortForm(waiting.reason) },
    held: total('held'),
    due: total('due'),
    paid_out: total('paid_out'),
    items: items.map((row) => ({
      payment_id: row.payment_id,
      stage: row.stage,
      service: {
        type: row.service_type,
        /** the booking's id for a consultation, the event's for an event; null for a package */
        id: row.service_type === 'consultation' ? row.booking_id : row.service_type === 'event' ? row.event_id : null,
        title: row.title,
        /** null for a package: its sessions have dates of their own */
        date: iso(row.service_date),
      },
      payer: { name: personName(row.payer_first_name, row.payer_last_name) },
      amount: kopecksToRubles(row.gross_kopecks),
      fee: kopecksToRubles(row.fee_kopecks),
      net: kopecksToRubles(row.net_kopecks),
      refund: row.refund_kopecks == null ? null : kopecksToRubles(row.refund_kopecks),
      paid_at: iso(row.paid_at)!,
      release_after: iso(row.release_after),
      dispute_open: row.dispute_open,
      released_at: iso(row.released_at),
      paid_out_at: iso(row.paid_out_at),
      /** released, but nowhere to send it: the mentor has no payout card */
      waits_for_card: row.stage === 'due' && !hasCard,
      /** why a due payout has not gone yet, in plain words (e.g. a самозанятый's missing «Мой налог» permission) */
      waiting_reason: row.stage === 'due' ? row.waiting_reason : null,
      /** a самозанятый's income receipt in «Мой налог» for this payout (decision 020) */
      income_receipt: row.npd_receipt_id ? { id: row.npd_receipt_id, url: row.npd_receipt_url } : null,
    })),
    /** more payments after these: ask again with `?cursor=next_cursor` */
    has_more: nextCursor != null,
    next_cursor: nextCursor && `${nextCursor.sortUs}_${nextCursor.paymentId}`,
  };
}
export type Earnings = ReturnType<typeof toEarnings>;

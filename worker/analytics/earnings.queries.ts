// A mentor's money, payment by payment (GET /analytics/earnings/, decision 009 «Earnings»): what is held in escrow,
// what was released and waits to be sent (due), and what was paid out. Scoped to the caller in the statement.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { DISPUTE_WINDOW_HOURS } from '../escrow/dispute-window.ts';
import { PLATFORM_FEE_PERCENT } from '../escrow/fee.ts';

export type EarningRow = {
  payment_id: string;
  stage: 'held' | 'due' | 'paid_out';
  /** a package (decision 006) is paid as a whole, for sessions that have no one date */
  service_type: 'consultation' | 'event' | 'package';
  booking_id: number | null;
  event_id: number | null;
  title: string;
  service_date: string | null;
  payer_first_name: string;
  payer_last_name: string;
  gross_kopecks: number;
  fee_kopecks: number;
  net_kopecks: number;
  refund_kopecks: number | null;
  paid_at: string;
  /** held: when the scheduler may release it (dispute window closed); null while a dispute is open */
  release_after: string | null;
  dispute_open: boolean;
  released_at: string | null;
  paid_out_at: string | null;
  payout_error: string | null;
  /** due: why the payout waits, in words for the mentor (a self-employed mentor's missing permission, decision 020) */
  waiting_reason: string | null;
  /** paid out to a самозанятый: his income receipt registered in «Мой налог» and where to see it */
  npd_receipt_id: string | null;
  npd_receipt_url: string | null;
  /** the list's order key in microseconds since 1970 (exact, unlike a JS Date): part of the next page's cursor */
  sort_us: string;
};

export type EarningsTotals = Record<EarningRow['stage'], { kopecks: number; count: number }>;

/** Where the next page starts: after this payment, in the list's order (a cursor, not an offset: see below). */
export type EarningsCursor = { sortUs: string; paymentId: string };


/**
 * Every payment to the mentor that brings them money: held (succeeded, in escrow: the net after the 5 % fee is what
 * they will get), due (released, its payout row pending or failed: no card yet, or the provider refused) and paid out
 * (payout succeeded). Refunded payments bring nothing and are left out. Totals over all of them; items newest first
 * (latest of paid out, released, paid), a page at a time. The page starts after a cursor rather than at an offset:
 * a payment released or paid out while the mentor reads moves to the top, and an offset would then show a row twice.
 */
export async function mentorEarnings(db: Db, mentorId: number, page: { limit: number; cursor?: EarningsCursor }) {
  const after = page.cursor
    ? sql`where e.sort_us < ${page.cursor.sortUs}::bigint or (e.sort_us = ${page.cursor.sortUs}::bigint and e.payment_id > ${page.cursor.paymentId}::uuid)`
    : sql``;
  const itemsQuery = db.execute<EarningRow>(sql`
    with e as (
      select p.id as payment_id,
        case when p.status = 'succeeded' then 'held' when po.status = 'succeeded' then 'paid_out' else 'due' end as stage,
        p.service_type, p.booking_id, ev.id as event_id, p.service_title as title,
        coalesce(ev.starts_at, sl.starts_at) as service_date,
        pa.first_name as payer_first_name, pa.last_name as payer_last_name,
        p.amount_kopecks as gross_kopecks,
        coalesce(po.fee_kopecks, round(p.amount_kopecks * ${PLATFORM_FEE_PERCENT} / 100.0)::bigint) as fee_kopecks,
        coalesce(po.amount_kopecks, p.amount_kopecks - round(p.amount_kopecks * ${PLATFORM_FEE_PERCENT} / 100.0)::bigint) as net_kopecks,
        rf.amount_kopecks as refund_kopecks,
        p.paid_at,
        -- the scheduler's rule (maintenance/settle-due): a consultation after its dispute window, an event a day after its end
        case when p.status <> 'succeeded' or d.id is not null then null
             when p.service_type = 'consultation' then sl.ends_at + make_interval(hours => ${DISPUTE_WINDOW_HOURS})
             else ev.starts_at + make_interval(mins => ev.duration_minutes) + interval '24 hours' end as release_after,
        d.id is not null as dispute_open,
        p.released_at,
        case when po.status = 'succeeded' then po.updated_at end as paid_out_at,
        case when po.status <> 'succeeded' then po.last_error end as payout_error,
        po.waiting_reason, po.npd_receipt_id, po.npd_receipt_url,
        (extract(epoch from coalesce(case when po.status = 'succeeded' then po.updated_at end, p.released_at, p.paid_at)) * 1000000)::bigint as sort_us
      from payments p
      join users pa on pa.id = p.payer_id
      left join payouts po on po.payment_id = p.id
      left join consultation_bookings b on b.id = p.booking_id
      left join consultation_slots sl on sl.id = b.slot_id
      left join event_registrations er on er.id = p.registration_id
      left join events ev on ev.id = er.event_id
      left join refunds rf on rf.payment_id = p.id
      left join disputes d on d.booking_id = p.booking_id and d.status = 'open'
      where p.payee_id = ${mentorId}
        and (p.status = 'succeeded' or (p.status = 'released' and po.id is not null))
    )
    select e.* from e
    ${after}
    order by e.sort_us desc, e.payment_id
    limit ${page.limit + 1}`);
  const totalsQuery = db.execute<{ stage: EarningRow['stage']; kopecks: string; count: string; has_card: boolean; waiting_count: string; waiting_reason: string | null }>(sql`
    select s.stage, coalesce(sum(x.net), 0) as kopecks, count(x.net) as count,
      exists (select 1 from payout_card_tokens t where t.user_id = ${mentorId}) as has_card,
      -- payouts held back for the mentor to act (decision 020), and the reason of the oldest, for the «К выплате» card
      (select count(*) from payouts w where w.mentor_id = ${mentorId} and w.status = 'pending' and w.waiting_reason is not null) as waiting_count,
      (select w.waiting_reason from payouts w where w.mentor_id = ${mentorId} and w.status = 'pending' and w.waiting_reason is not null
        order by w.created_at, w.id limit 1) as waiting_reason
    from (values ('held'), ('due'), ('paid_out')) s(stage)
    left join (
      select case when p.status = 'succeeded' then 'held' when po.status = 'succeeded' then 'paid_out' else 'due' end as stage,
        coalesce(po.amount_kopecks, p.amount_kopecks - round(p.amount_kopecks * ${PLATFORM_FEE_PERCENT} / 100.0)::bigint) as net
      from payments p left join payouts po on po.payment_id = p.id
      where p.payee_id = ${mentorId} and (p.status = 'succeeded' or (p.status = 'released' and po.id is not null))
    ) x on x.stage = s.stage
    group by s.stage`);
  const [result, totalsResult] = await Promise.all([itemsQuery, totalsQuery]);
  const num = (v: unknown) => (v == null ? null : Number(v));
  const rows = result.rows.slice(0, page.limit);
  const last = rows.at(-1);
  const nextCursor = result.rows.length > page.limit && last ? { sortUs: String(last.sort_us), paymentId: last.payment_id } : null;
  const items = rows.map((r) => ({
    ...r,
    booking_id: num(r.booking_id),
    event_id: num(r.event_id),
    gross_kopecks: Number(r.gross_kopecks),
    fee_kopecks: Number(r.fee_kopecks),
    net_kopecks: Number(r.net_kopecks),
    refund_kopecks: num(r.refund_kopecks),
  }));
  const totals = Object.fromEntries(
    totalsResult.rows.map((r) => [r.stage, { kopecks: Number(r.kopecks), count: Number(r.count) }]),
  ) as EarningsTotals;
  const first = totalsResult.rows[0];
  const waiting = first && Number(first.waiting_count) > 0 && first.waiting_reason ? { count: Number(first.waiting_count), reason: first.waiting_reason } : null;
  return { items, totals, hasCard: Boolean(first?.has_card), waiting, nextCursor };
}

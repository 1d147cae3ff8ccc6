// What a person can download: the files of their chat rooms and the receipts of what they paid for. Both
// lists are scoped to the caller in the statement itself.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { otherSide } from '../chats/chats.queries.ts';
import type { FiscalReceiptRow } from './fiscal-receipt.messages.ts';

export type ChatFileRow = {
  id: number;
  name: string;
  size_bytes: number;
  content_type: string;
  created_at: string;
  room_id: string;
  kind: 'direct' | 'support';
  sender_id: number | null;
  /** the caller */
  viewer_id: number;
  sender_first_name: string | null;
  sender_last_name: string | null;
  other_id: number | null;
  other_first_name: string | null;
  other_last_name: string | null;
};

/**
 * Attachments of live messages in every room the caller is a member of (a room they hid from their list
 * too: its files still download), newest first, with the room named as the caller's chat list names it.
 */
export async function listChatFiles(db: Db, userId: number, page: { offset: number; limit: number }) {
  const result = await db.execute<ChatFileRow>(sql`
    select a.id, a.name, a.size_bytes, a.content_type, m.created_at, m.room_id, r.kind,
      m.sender_id, me.user_id as viewer_id, s.first_name as sender_first_name, s.last_name as sender_last_name,
      o.id as other_id, o.first_name as other_first_name, o.last_name as other_last_name
    from chat_members me
    join chat_rooms r on r.id = me.room_id
    join chat_messages m on m.room_id = me.room_id and m.deleted_at is null
    join chat_attachments a on a.message_id = m.id
    left join users s on s.id = m.sender_id
    ${otherSide}
    where me.user_id = ${userId}
    order by m.id desc, a.id desc
    limit ${page.limit + 1} offset ${page.offset}`);
  const rows = result.rows.map((r) => ({ ...r, id: Number(r.id) }));
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

export type ReceiptRow = {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled' | 'released' | 'refunded';
  service_type: 'consultation' | 'event' | 'package';
  amount_kopecks: number;
  paid_at: string;
  /** how the payer paid (decision 020); null for payments made before it was kept */
  payment_method: 'bank_card' | 'sbp' | 'other' | null;
  booking_id: number | null;
  /** a package's payment (decision 006, «Packages»): the package, its size and percent */
  package_id: number | null;
  package_sessions: number | null;
  package_percent: number | null;
  event_id: number | null;
  title: string;
  service_date: string;
  seller_id: number;
  seller_first_name: string;
  seller_last_name: string;
  buyer_first_name: string;
  buyer_last_name: string;
  buyer_email: string | null;
  buyer_time_zone: string;
  fee_kopecks: number | null;
  refund_kopecks: number | null;
  refund_status: 'pending' | 'succeeded' | 'failed' | null;
  refund_created_at: string | null;
  /** a consultation's loyalty discount as booked (decision 006): the regular price in rubles, the percent, the N */
  regular_price: number | null;
  discount_percent: number | null;
  consultation_number: number | null;
  /** a consultation's booking as it stands: when it was made, its state and the cancellation cut-off kept on it (decision 022) */
  booking_created_at: string | null;
  booking_status: string | null;
  cancel_cutoff_hours: number | null;
  /** the payment's fiscal receipts (decision 020): its приход, each зачёт предоплаты, each возврат прихода, oldest first */
  fiscal_receipts: FiscalReceiptRow[];
};

export type { FiscalReceiptRow };

/**
 * The caller's payments that went through (paid at some point: held, paid out or refunded), newest first,
 * with what they paid for, the mentor, the platform fee once charged, and the refund if any. With
 * `paymentId`: that one payment, still only the caller's.
 */
export async function listReceipts(db: Db, payerId: number, page: { offset: number; limit: number }, paymentId?: string) {
  const result = await db.execute<ReceiptRow>(sql`
    select p.id, p.status, p.service_type, p.amount_kopecks, p.paid_at, p.payment_method,
      b.id as booking_id, e.id as event_id,
      -- what was bought as it was named when paid (migration 0030), not what the mentor calls it now
      p.service_title as title, coalesce(e.starts_at, sl.starts_at, p.paid_at) as service_date,
      k.id as package_id, k.sessions as package_sessions, k.percent as package_percent,
      pe.id as seller_id, pe.first_name as seller_first_name, pe.last_name as seller_last_name,
      pa.first_name as buyer_first_name, pa.last_name as buyer_last_name, pa.email as buyer_email, pa.time_zone as buyer_time_zone,
      -- summed: a package's payment is charged its fee session by session, and may be refunded more than once
      (select sum(l.amount_kopecks) from ledger_entries l where l.payment_id = p.id and l.kind = 'platform_fee') as fee_kopecks,
      rf.amount_kopecks as refund_kopecks, rf.status as refund_status, rf.created_at as refund_created_at,
      coalesce(b.regular_price, k.regular_price * k.sessions) as regular_price, coalesce(b.discount_percent, k.percent) as discount_percent,
      b.consultation_number, b.created_at as booking_created_at, b.status as booking_status, b.cancel_cutoff_hours,
      -- its fiscal receipts in the order they were made (the приход first; kind breaks a tie within one transaction)
      coalesce((select json_agg(json_build_object('kind', fr.kind, 'status', fr.status, 'amount_kopecks', fr.amount_kopecks,
          'registered_at', fr.registered_at, 'fn', fr.fiscal_storage_number, 'fd', fr.fiscal_document_number, 'fp', fr.fiscal_attribute)
          order by fr.created_at, fr.kind, fr.id)
        from fiscal_receipts fr where fr.payment_id = p.id), '[]'::json) as fiscal_receipts
    from payments p
    join users pe on pe.id = p.payee_id
    join users pa on pa.id = p.payer_id
    left join consultation_bookings b on b.id = p.booking_id
    left join consultation_slots sl on sl.id = b.slot_id
    left join event_registrations er on er.id = p.registration_id
    left join events e on e.id = er.event_id
    left join consultation_packages k on k.id = p.package_id
    -- every refund of the payment as one: their sum, pending while any is, the latest's time
    left join lateral (
      select sum(r.amount_kopecks) as amount_kopecks, max(r.created_at) as created_at,
             case when bool_or(r.status = 'pending') then 'pending' when bool_or(r.status = 'failed') then 'failed' else 'succeeded' end as status
      from refunds r where r.payment_id = p.id having count(*) > 0) rf on true
    where p.payer_id = ${payerId} and p.paid_at is not null
      and (${paymentId ?? null}::uuid is null or p.id = ${paymentId ?? null}::uuid)
    order by p.paid_at desc, p.id
    limit ${page.limit + 1} offset ${page.offset}`);
  const rows = result.rows.map((r) => ({
    ...r,
    amount_kopecks: Number(r.amount_kopecks),
    fee_kopecks: r.fee_kopecks == null ? null : Number(r.fee_kopecks),
    refund_kopecks: r.refund_kopecks == null ? null : Number(r.refund_kopecks),
    fiscal_receipts: r.fiscal_receipts.map((f) => ({ ...f, amount_kopecks: Number(f.amount_kopecks) })),
  }));
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

export type RecordingDownloadRow = {
  id: number;
  content_type: 'events' | 'consultationbooking';
  object_id: number;
  title: string;
  duration_ms: number;
  size_bytes: string | number;
  started_at: string;
  expires_at: string;
  mentor_id: number;
  mentor_first_name: string | null;
  mentor_last_name: string | null;
};

/**
 * Ready recordings of meetings the caller may watch (decision 019; the rule of GET /recordings/{id}/): their mentor,
 * a booking's mentee, a confirmed participant of the event. Newest first.
 */
export async function listRecordings(db: Db, userId: number, page: { offset: number; limit: number }) {
  const result = await db.execute<RecordingDownloadRow>(sql`
    select r.id, r.content_type, r.object_id, coalesce(e.title, b.type_name, '') as title, r.duration_ms, r.size_bytes,
      r.started_at, r.expires_at, m.id as mentor_id, m.first_name as mentor_first_name, m.last_name as mentor_last_name
    from meeting_recordings r
    left join consultation_bookings b on r.content_type = 'consultationbooking' and b.id = r.object_id
    left join events e on r.content_type = 'events' and e.id = r.object_id
    join users m on m.id = coalesce(b.mentor_id, e.mentor_id)
    where r.status = 'ready'
      and (m.id = ${userId} or b.mentee_id = ${userId}
        or exists (select 1 from event_registrations er where er.event_id = e.id and er.user_id = ${userId} and er.status = 'confirmed'))
    order by r.started_at desc, r.id desc
    limit ${page.limit + 1} offset ${page.offset}`);
  const rows = result.rows;
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

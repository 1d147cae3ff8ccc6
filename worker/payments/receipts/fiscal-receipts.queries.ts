// The statements of fiscal receipts (decision 020): what a receipt says about a payment (who paid, what was bought,
// when, with whom) and the receipt rows themselves (fiscal_receipts), one per payment, refund and package session.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../drizzle/db.ts';
import { fiscalReceipts } from '../../../drizzle/schema/payments.ts';

export type ReceiptFacts = {
  email: string | null;
  phone: string | null;
  service_type: 'consultation' | 'event' | 'package';
  title: string;
  /** the consultation's or event's start; for a package, the session's (`sessionId`), else none */
  starts_at: string | null;
  mentor_name: string;
  sessions: number | null;
  /** the booking, seat or package session was canceled: released money then went to the mentor by the cancellation terms */
  canceled: boolean;
  /** the payment's own receipt was made (a payment made before receipts existed has none, nor settlements) */
  has_payment_receipt: boolean;
  provider_payment_id: string | null;
};

/** The payer's contact and what the payment (or one session of a package, `sessionId`) bought, as a receipt names them. */
export async function receiptFacts(db: Db, paymentId: string, sessionId: number | null = null): Promise<ReceiptFacts | null> {
  const result = await db.execute<ReceiptFacts>(sql`
    select pa.email, pa.phone, p.service_type, p.service_title as title,
           -- a top-up pays for the booking as it moves (decision 024): the time it moves to
           case when p.service_type = 'package' then ssl.starts_at else coalesce(tms.starts_at, sl.starts_at, e.starts_at) end as starts_at,
           trim(concat_ws(' ', pe.first_name, pe.last_name)) as mentor_name, k.sessions,
           coalesce(s.status::text, b.status::text, er.status::text) = 'canceled' as canceled,
           exists (select 1 from fiscal_receipts f where f.payment_id = p.id and f.kind = 'payment') as has_payment_receipt,
           p.provider_payment_id
    from payments p
    left join consultation_bookings s on s.id = ${sessionId}
    left join consultation_slots ssl on ssl.id = s.slot_id
    join users pa on pa.id = p.payer_id
    join users pe on pe.id = p.payee_id
    left join consultation_bookings b on b.id = p.booking_id
    left join consultation_slots sl on sl.id = b.slot_id
    left join booking_type_moves tm on tm.id = p.type_move_id
    left join consultation_slots tms on tms.id = tm.to_slot_id
    left join event_registrations er on er.id = p.registration_id
    left join events e on e.id = er.event_id
    left join consultation_packages k on k.id = p.package_id
    where p.id = ${paymentId}`);
  return result.rows[0] ?? null;
}

/** Whether the settlement receipt of a payment (or package session) was made already: one lookup on its unique key. */
export async function settlementKept(db: Db, paymentId: string, bookingId: number | null) {
  const [row] = await db
    .select({ id: fiscalReceipts.id })
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.paymentId, paymentId),
        eq(fiscalReceipts.kind, 'settlement'),
        bookingId === null ? isNull(fiscalReceipts.bookingId) : eq(fiscalReceipts.bookingId, bookingId),
        isNull(fiscalReceipts.refundId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A settlement receipt's row, made once per payment (or package session): the row as it stands. */
export async function keepSettlement(db: Db, values: { paymentId: string; bookingId: number | null; amountKopecks: number; items: Record<string, unknown>[] }) {
  await db.insert(fiscalReceipts).values({ ...values, kind: 'settlement', status: 'not_sent' }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.paymentId, values.paymentId),
        eq(fiscalReceipts.kind, 'settlement'),
        values.bookingId === null ? isNull(fiscalReceipts.bookingId) : eq(fiscalReceipts.bookingId, values.bookingId),
      ),
    );
  return row ?? null;
}

/** The provider's answer to a receipt sent on its own, or the failure, counted. */
export async function recordSentReceipt(
  db: Db,
  id: string,
  outcome: { providerReceiptId: string; status: 'pending' | 'succeeded' | 'canceled'; fiscal: { storageNumber: string; documentNumber: string; attribute: string; registeredAt: string } | null } | { error: string },
) {
  const values =
    'error' in outcome
      ? { lastError: outcome.error.slice(0, 500), attempts: sql`${fiscalReceipts.attempts} + 1`, nextCheckAt: nextCheck }
      : {
          // a pending answer is asked about again after a pause
          nextCheckAt: nextCheck,
          providerReceiptId: outcome.providerReceiptId,
          status: outcome.status,
          lastError: null,
          attempts: sql`${fiscalReceipts.attempts} + 1`,
          fiscalStorageNumber: outcome.fiscal?.storageNumber ?? null,
          fiscalDocumentNumber: outcome.fiscal?.documentNumber ?? null,
          fiscalAttribute: outcome.fiscal?.attribute ?? null,
          registeredAt: outcome.fiscal ? new Date(outcome.fiscal.registeredAt) : null,
        };
  await db
    .update(fiscalReceipts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(fiscalReceipts.id, id), eq(fiscalReceipts.status, 'not_sent')));
}

/**
 * When the minute job may next ask about a receipt: 5 minutes after the first call, doubling with each attempt, at
 * most 6 hours apart (evaluated with the row's attempts before this update). A slow register isn't asked every minute.
 */
const nextCheck = sql`now() + least(interval '5 minutes' * power(2, least(${fiscalReceipts.attempts}, 10)), interval '6 hours')`;

export type ReceiptKind = 'payment' | 'settlement' | 'refund';
export type ReceiptStatus = 'not_sent' | 'pending' | 'succeeded' | 'canceled';
export type DueReceipt = {
  id: string;
  kind: ReceiptKind;
  status: ReceiptStatus;
  payment_id: string;
  refund_id: string | null;
  booking_id: number | null;
  amount_kopecks: number;
  items: Record<string, unknown>[];
  provider_receipt_id: string | null;
  idempotency_key: string;
  provider_payment_id: string;
  provider_refund_id: string | null;
};

/**
 * The minute job's work, due first, bounded: receipts without fiscal data yet (to send, to poll, or refused and to be
 * made again), under the attempt and remake bounds. A payment's receipt counts once the payment was paid (an
 * abandoned payment has none), a refund's once the provider has the refund.
 */
export async function dueReceipts(db: Db, bounds: { limit: number; maxAttempts: number; maxRemakes: number; id?: string }) {
  const result = await db.execute<DueReceipt>(sql`
    select f.id, f.kind, f.status, f.payment_id, f.refund_id, f.booking_id, f.amount_kopecks, f.items, f.provider_receipt_id,
           f.idempotency_key, p.provider_payment_id, r.provider_refund_id
    from fiscal_receipts f
    join payments p on p.id = f.payment_id
    left join refunds r on r.id = f.refund_id
    where f.fiscal_storage_number is null and f.next_check_at <= now() and f.attempts < ${bounds.maxAttempts}
      and (f.status <> 'canceled' or f.remakes < ${bounds.maxRemakes})
      and p.provider_payment_id is not null
      and (f.kind <> 'payment' or p.paid_at is not null)
      and (f.kind <> 'refund' or (r.provider_refund_id is not null and r.status <> 'failed'))
      ${bounds.id === undefined ? sql`` : sql`and f.id = ${bounds.id}`}
    order by f.next_check_at, f.id
    limit ${bounds.limit}`);
  // kopecks are bigint, which a raw statement returns as text
  return result.rows.map((row) => ({ ...row, amount_kopecks: Number(row.amount_kopecks) }));
}

/** The provider ids of a payment's other receipts, so a poll doesn't take a settlement receipt for the payment's own. */
export async function knownReceiptIds(db: Db, paymentId: string, exceptId: string) {
  const rows = await db
    .select({ id: fiscalReceipts.providerReceiptId })
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.paymentId, paymentId), sql`${fiscalReceipts.id} <> ${exceptId}`, sql`${fiscalReceipts.providerReceiptId} is not null`));
  return new Set(rows.map((r) => r.id!));
}

/**
 * What a poll found: the receipt's state and, once registered, its fiscal data; or that the provider doesn't list it
 * yet (`missing`). Either way one attempt is counted and the next poll waits longer.
 */
export async function recordPolledReceipt(
  db: Db,
  id: string,
  seen: { providerReceiptId: string; status: 'pending' | 'succeeded' | 'canceled'; fiscal: { storageNumber: string; documentNumber: string; attribute: string; registeredAt: string } | null } | { missing: string },
) {
  const values =
    'missing' in seen
      ? { lastError: seen.missing }
      : {
          providerReceiptId: seen.providerReceiptId,
          status: seen.status,
          lastError: seen.status === 'canceled' ? 'Сервис чеков не зарегистрировал чек' : null,
          fiscalStorageNumber: seen.fiscal?.storageNumber ?? null,
          fiscalDocumentNumber: seen.fiscal?.documentNumber ?? null,
          fiscalAttribute: seen.fiscal?.attribute ?? null,
          ...(seen.fiscal ? { registeredAt: new Date(seen.fiscal.registeredAt) } : {}),
        };
  await db
    .update(fiscalReceipts)
    .set({ ...values, attempts: sql`${fiscalReceipts.attempts} + 1`, nextCheckAt: nextCheck, updatedAt: sql`now()` })
    .where(and(eq(fiscalReceipts.id, id), inArray(fiscalReceipts.status, ['pending', 'succeeded']), isNull(fiscalReceipts.fiscalStorageNumber)));
}

/**
 * A refused (canceled) receipt is to be made again as a separate receipt: back to not_sent with a new idempotency
 * key, one remake counted, the refused receipt's id left in last_error. One conditional statement: of two runs, one
 * remakes it. The row to send, or null.
 */
export async function reopenRefusedReceipt(db: Db, id: string, maxRemakes: number) {
  const [row] = await db
    .update(fiscalReceipts)
    .set({
      status: 'not_sent',
      idempotencyKey: sql`gen_random_uuid()`,
      providerReceiptId: null,
      registeredAt: null,
      remakes: sql`${fiscalReceipts.remakes} + 1`,
      lastError: sql`'Сервис чеков отклонил чек' || coalesce(' ' || ${fiscalReceipts.providerReceiptId}, '') || ', делаем его заново'`,
      nextCheckAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(fiscalReceipts.id, id), eq(fiscalReceipts.status, 'canceled'), sql`${fiscalReceipts.remakes} < ${maxRemakes}`))
    .returning({ id: fiscalReceipts.id, idempotencyKey: fiscalReceipts.idempotencyKey });
  return row ?? null;
}

/**
 * The receipts an admin must look at (decision 020): refused after every remake, not sent with an error, given up
 * after every attempt, or still pending 3 days after they were made (YooKassa says to call its support then). A
 * payment's receipt counts once the payment was paid, a refund's once the provider has the refund.
 */
const problem = (maxAttempts: number, maxRemakes: number) => sql`
  f.fiscal_storage_number is null
  and (f.kind <> 'payment' or p.paid_at is not null)
  and (f.kind <> 'refund' or (r.provider_refund_id is not null and r.status <> 'failed'))
  and (
    (f.status = 'canceled' and (f.remakes >= ${maxRemakes} or f.attempts >= ${maxAttempts}))
    or (f.status = 'not_sent' and f.last_error is not null)
    or (f.status = 'pending' and (f.created_at < now() - interval '3 days' or f.attempts >= ${maxAttempts}))
  )`;

export type ProblemReceiptRow = {
  id: string;
  kind: ReceiptKind;
  status: ReceiptStatus;
  amount_kopecks: number;
  attempts: number;
  remakes: number;
  last_error: string | null;
  created_at: string;
  problem_at: string;
  next_check_at: string;
  provider_receipt_id: string | null;
  payment_id: string;
  service_title: string;
  payment_kopecks: number;
  paid_at: string | null;
  payer_id: number;
  payer_name: string;
  payer_email: string | null;
};

/** The problem receipts, newest problem first (a pending one's problem began 3 days after it was made), paged. */
export async function listProblemReceipts(db: Db, page: { offset: number; limit: number; maxAttempts: number; maxRemakes: number }) {
  const result = await db.execute<ProblemReceiptRow>(sql`
    select f.id, f.kind, f.status, f.amount_kopecks, f.attempts, f.remakes, f.last_error, f.created_at, f.next_check_at,
           f.provider_receipt_id,
           case when f.status = 'pending' then least(f.created_at + interval '3 days', f.updated_at) else f.updated_at end as problem_at,
           p.id as payment_id, p.service_title, p.amount_kopecks as payment_kopecks, p.paid_at,
           u.id as payer_id, trim(concat_ws(' ', u.first_name, u.last_name)) as payer_name, u.email as payer_email
    from fiscal_receipts f
    join payments p on p.id = f.payment_id
    join users u on u.id = p.payer_id
    left join refunds r on r.id = f.refund_id
    where ${problem(page.maxAttempts, page.maxRemakes)}
    order by problem_at desc, f.id desc
    limit ${page.limit + 1} offset ${page.offset}`);
  return { rows: result.rows.slice(0, page.limit), hasMore: result.rows.length > page.limit };
}

/** How many receipts need an admin: the screen's heading. */
export async function countProblemReceipts(db: Db, bounds: { maxAttempts: number; maxRemakes: number }) {
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count
    from fiscal_receipts f join payments p on p.id = f.payment_id left join refunds r on r.id = f.refund_id
    where ${problem(bounds.maxAttempts, bounds.maxRemakes)}`);
  return Number(result.rows[0].count);
}

/**
 * An admin's «Повторить»: the receipt is due now with its attempts counted afresh, and a refused one may be remade once
 * more. Null when there is no such receipt or it is registered already.
 */
export async function requeueReceipt(db: Db, id: string, maxRemakes: number) {
  const [row] = await db
    .update(fiscalReceipts)
    .set({
      attempts: 0,
      remakes: sql`least(${fiscalReceipts.remakes}, ${maxRemakes - 1})`,
      nextCheckAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(fiscalReceipts.id, id), isNull(fiscalReceipts.fiscalStorageNumber)))
    .returning({ id: fiscalReceipts.id });
  return row ?? null;
}

/** One receipt as the job and the admin screen see it, after a retry. */
export async function receiptState(db: Db, id: string) {
  const [row] = await db
    .select({ status: fiscalReceipts.status, attempts: fiscalReceipts.attempts, remakes: fiscalReceipts.remakes, lastError: fiscalReceipts.lastError, fiscalStorageNumber: fiscalReceipts.fiscalStorageNumber })
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.id, id));
  return row ?? null;
}

/** The receipt row of a payment (kind payment) or of one refund, made once: a retry finds the first. */
export async function keepReceipt(db: Db, values: { kind: 'payment' | 'refund'; paymentId: string; refundId?: string; amountKopecks: number; items: Record<string, unknown>[] }) {
  await db
    .insert(fiscalReceipts)
    .values({ ...values, refundId: values.refundId ?? null, status: 'pending' })
    .onConflictDoNothing();
}

/**
 * The payment's or refund's `receipt_registration` speaks of the receipt that travelled with the money, and only
 * until the receipts job knows better: once it read the receipt's id or fiscal data, or made a refused one again, a
 * late or repeated notification must not overwrite that.
 */
const travelledWithTheMoney = and(isNull(fiscalReceipts.providerReceiptId), isNull(fiscalReceipts.fiscalStorageNumber), eq(fiscalReceipts.remakes, 0));

/** What the provider said of a payment's receipt once the payment was settled. */
export async function recordPaymentReceipt(db: Db, paymentId: string, status: 'pending' | 'succeeded' | 'canceled') {
  await db
    .update(fiscalReceipts)
    .set({ status, registeredAt: status === 'succeeded' ? sql`now()` : null, updatedAt: sql`now()` })
    .where(and(eq(fiscalReceipts.paymentId, paymentId), eq(fiscalReceipts.kind, 'payment'), isNull(fiscalReceipts.bookingId), travelledWithTheMoney));
}

/** What the provider said of a refund's receipt when it took the refund. */
export async function recordRefundReceipt(db: Db, refundId: string, status: 'pending' | 'succeeded' | 'canceled') {
  await db
    .update(fiscalReceipts)
    .set({ status, registeredAt: status === 'succeeded' ? sql`now()` : null, updatedAt: sql`now()` })
    .where(and(eq(fiscalReceipts.refundId, refundId), eq(fiscalReceipts.kind, 'refund'), travelledWithTheMoney));
}

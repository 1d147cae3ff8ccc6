// The statements of fiscal receipts (decision 020): what a receipt says about a payment (who paid, what was bought,
// when, with whom) and the receipt rows themselves (fiscal_receipts), one per payment, refund and package session.
import { and, eq, isNull, sql } from 'drizzle-orm';
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
           case when p.service_type = 'package' then ssl.starts_at else coalesce(sl.starts_at, e.starts_at) end as starts_at,
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
      ? { lastError: outcome.error.slice(0, 500), attempts: sql`${fiscalReceipts.attempts} + 1` }
      : {
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

/** Settlement receipts not sent yet (the provider was away): the minute job's retry, oldest first, bounded. */
export async function unsentSettlements(db: Db, limit: number) {
  return db
    .select({ paymentId: fiscalReceipts.paymentId, bookingId: fiscalReceipts.bookingId, amountKopecks: fiscalReceipts.amountKopecks })
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.kind, 'settlement'), eq(fiscalReceipts.status, 'not_sent'), sql`${fiscalReceipts.attempts} < 50`))
    .orderBy(fiscalReceipts.updatedAt)
    .limit(limit);
}

/** The receipt row of a payment (kind payment) or of one refund, made once: a retry finds the first. */
export async function keepReceipt(db: Db, values: { kind: 'payment' | 'refund'; paymentId: string; refundId?: string; amountKopecks: number; items: Record<string, unknown>[] }) {
  await db
    .insert(fiscalReceipts)
    .values({ ...values, refundId: values.refundId ?? null, status: 'pending' })
    .onConflictDoNothing();
}

/** What the provider said of a payment's receipt once the payment was settled. */
export async function recordPaymentReceipt(db: Db, paymentId: string, status: 'pending' | 'succeeded' | 'canceled') {
  await db
    .update(fiscalReceipts)
    .set({ status, registeredAt: status === 'succeeded' ? sql`now()` : null, updatedAt: sql`now()` })
    .where(and(eq(fiscalReceipts.paymentId, paymentId), eq(fiscalReceipts.kind, 'payment'), isNull(fiscalReceipts.bookingId)));
}

/** What the provider said of a refund's receipt when it took the refund. */
export async function recordRefundReceipt(db: Db, refundId: string, status: 'pending' | 'succeeded' | 'canceled') {
  await db
    .update(fiscalReceipts)
    .set({ status, registeredAt: status === 'succeeded' ? sql`now()` : null, updatedAt: sql`now()` })
    .where(and(eq(fiscalReceipts.refundId, refundId), eq(fiscalReceipts.kind, 'refund')));
}

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
  starts_at: string | null;
  mentor_name: string;
  sessions: number | null;
};

/** The payer's contact and what the payment bought, as a receipt names them. */
export async function receiptFacts(db: Db, paymentId: string): Promise<ReceiptFacts | null> {
  const result = await db.execute<ReceiptFacts>(sql`
    select pa.email, pa.phone, p.service_type, p.service_title as title,
           coalesce(sl.starts_at, e.starts_at) as starts_at,
           trim(concat_ws(' ', pe.first_name, pe.last_name)) as mentor_name, k.sessions
    from payments p
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

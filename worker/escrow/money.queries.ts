// The statements of the money transitions (money.ts): the payment's lock, its conditional status changes, the ledger,
// the payouts and refunds to send. Each runs inside the caller's transaction.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../drizzle/db.ts';
import { ledgerEntries, payments, payouts, refunds } from '../../drizzle/schema/payments.ts';

export type Payment = typeof payments.$inferSelect;

/** Locks the payment row; every transition of held money starts here. */
export async function lockPayment(tx: Tx, paymentId: string): Promise<Payment | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}

/** The registration's payment that is still in escrow, locked; null when there is none. */
export async function lockHeldPayment(tx: Tx, ref: { registrationId: number }): Promise<Payment | null> {
  const [row] = await tx.select().from(payments).where(and(eq(payments.registrationId, ref.registrationId), eq(payments.status, 'succeeded'))).for('update');
  return row ?? null;
}

/**
 * The booking's payments still in escrow, locked: its own and the top-ups of its moves to dearer types (decision 024),
 * the latest top-up first and its own payment last (a partial refund takes from the latest money first).
 */
export async function lockHeldBookingPayments(tx: Tx, bookingId: number): Promise<Payment[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')))
    .orderBy(sql`${payments.typeMoveId} is null`, desc(payments.createdAt))
    .for('update');
}

export async function insertLedgerEntries(tx: Tx, entries: (typeof ledgerEntries.$inferInsert)[]) {
  await tx.insert(ledgerEntries).values(entries);
}

/** Stores a payout to send; its id. */
export async function insertPayout(tx: Tx, values: Omit<typeof payouts.$inferInsert, 'id'>): Promise<string> {
  const [payout] = await tx.insert(payouts).values(values).returning({ id: payouts.id });
  return payout.id;
}

/** succeeded → released, only from succeeded; false when the payment had moved on. */
export async function markReleased(tx: Tx, paymentId: string): Promise<boolean> {
  const [released] = await tx
    .update(payments)
    .set({ status: 'released', releasedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'succeeded')))
    .returning({ id: payments.id });
  return Boolean(released);
}

/** succeeded → refunded, or → released for a partial refund (the rest goes to the mentor); false when it had moved on. */
export async function markRefunded(tx: Tx, paymentId: string, partial: boolean): Promise<boolean> {
  const [changed] = await tx
    .update(payments)
    .set(partial ? { status: 'released', releasedAt: sql`now()`, refundedAt: sql`now()` } : { status: 'refunded', refundedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'succeeded')))
    .returning({ id: payments.id });
  return Boolean(changed);
}

/**
 * A held payment gives `amountKopecks` back and keeps the rest (decision 024), only while it holds at least that much;
 * one that holds nothing afterwards is `refunded`. False when it had moved on.
 */
export async function markReturned(tx: Tx, paymentId: string, amountKopecks: number): Promise<boolean> {
  const [changed] = await tx
    .update(payments)
    .set({
      returnedKopecks: sql`${payments.returnedKopecks} + ${amountKopecks}`,
      status: sql`case when ${payments.returnedKopecks} + ${amountKopecks} = ${payments.amountKopecks} then 'refunded'::payment_status else ${payments.status} end`,
      refundedAt: sql`case when ${payments.returnedKopecks} + ${amountKopecks} = ${payments.amountKopecks} then now() end`,
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'succeeded'), sql`${payments.amountKopecks} - ${payments.returnedKopecks} >= ${amountKopecks}`))
    .returning({ id: payments.id });
  return Boolean(changed);
}

/** Stores a refund to send; its id. */
export async function insertRefund(tx: Tx, values: { paymentId: string; bookingId?: number; typeMoveId?: number; amountKopecks: number; reason: string }): Promise<string> {
  const [refund] = await tx.insert(refunds).values(values).returning({ id: refunds.id });
  return refund.id;
}

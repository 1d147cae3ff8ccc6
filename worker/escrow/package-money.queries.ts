// The statements of a package's money (package-money.ts): its package and payment locked in the order every money path
// takes them (booking, package, payment), the credit given back, the escrow balance of the payment, and its closing.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../drizzle/db.ts';
import { consultationPackages } from '../../drizzle/schema/consultations.ts';
import { ledgerEntries, payments } from '../../drizzle/schema/payments.ts';

export type PackageRow = typeof consultationPackages.$inferSelect;

/** Locks the package row (FOR NO KEY UPDATE: bookings' foreign keys still read it); null for no such package. */
export async function lockPackage(tx: Tx, packageId: number): Promise<PackageRow | null> {
  const [row] = await tx.select().from(consultationPackages).where(eq(consultationPackages.id, packageId)).for('no key update');
  return row ?? null;
}

/** The package's payment while money of it is still in escrow, locked; null when there is none (closed, or never paid). */
export async function lockHeldPackagePayment(tx: Tx, packageId: number) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.packageId, packageId), eq(payments.status, 'succeeded')))
    .for('update');
  return row ?? null;
}

/**
 * A credit comes back (a cancellation within the policy): only to a package still open (active, or used up by this very
 * booking); false when it has expired or been refunded, whose unused credits were already paid back.
 */
export async function returnCredit(tx: Tx, packageId: number): Promise<boolean> {
  const [row] = await tx
    .update(consultationPackages)
    .set({ creditsLeft: sql`${consultationPackages.creditsLeft} + 1`, status: 'active' })
    .where(and(eq(consultationPackages.id, packageId), inArray(consultationPackages.status, ['active', 'used_up'])))
    .returning({ id: consultationPackages.id });
  return Boolean(row);
}

/**
 * Ends an open package (`refunded` by its mentee, `expired` by the scheduler once its time is up): its unused credits
 * become refunded ones. The credits it had left, or null when it was not open (or, for expiry, not yet due).
 */
export async function closePackage(tx: Tx, packageId: number, status: 'refunded' | 'expired'): Promise<number | null> {
  const result = await tx.execute<{ credits: number }>(sql`
    update consultation_packages p
    set status = ${status}::package_status, credits_refunded = p.credits_refunded + p.credits_left, credits_left = 0,
        refunded_at = case when p.credits_left > 0 then now() else p.refunded_at end, updated_at = now()
    from (select id, credits_left from consultation_packages where id = ${packageId}) old
    where p.id = old.id and p.status in ('active', 'used_up')
      ${status === 'expired' ? sql`and p.expires_at <= now()` : sql``}
    returning old.credits_left as credits`);
  const row = result.rows[0];
  return row ? Number(row.credits) : null;
}

/** Whether this package session's money was already settled (paid out, or refunded) under its own key. */
export async function sessionSettled(tx: Tx, paymentId: string, bookingId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.bookingId, bookingId), inArray(ledgerEntries.kind, ['mentor_payout', 'refund'])))
    .limit(1);
  return Boolean(row);
}

/** What is still in escrow of the payment (received less everything that left it), kopecks, and whether any went to the mentor. */
export async function escrowBalance(tx: Tx, paymentId: string) {
  const result = await tx.execute<{ balance: string; paid_out: boolean }>(sql`
    select coalesce(sum(case when credit = 'escrow' then amount_kopecks when debit = 'escrow' then -amount_kopecks else 0 end), 0) as balance,
           bool_or(kind = 'mentor_payout') as paid_out
    from ledger_entries where payment_id = ${paymentId}`);
  const row = result.rows[0];
  return { balance: Number(row.balance), paidOut: row.paid_out === true };
}

/** succeeded → released (some went to the mentor) or refunded (all went back): the whole package's money has left escrow. */
export async function closePackagePayment(tx: Tx, paymentId: string, paidOut: boolean) {
  await tx
    .update(payments)
    .set(paidOut ? { status: 'released', releasedAt: sql`now()` } : { status: 'refunded', refundedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'succeeded')));
}

// The statements of sending payouts and refunds (transfers.ts): the row to send, its provider id or failure, and the
// rows still waiting for the scheduler's retry.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { mentorTaxProfiles, payments, payoutCardTokens, payouts, refunds } from '../../drizzle/schema/payments.ts';

/**
 * A pending payout not yet sent, with its deal, the token of the card it was booked for (if any) and the mentor's tax
 * status with his self-employed permission (decision 020).
 */
export async function unsentPayout(db: Db, payoutId: string) {
  const [row] = await db
    .select({
      payout: payouts,
      dealId: payments.providerDealId,
      token: payoutCardTokens.payoutToken,
      taxStatus: mentorTaxProfiles.status,
      selfEmployedId: mentorTaxProfiles.selfEmployedId,
      selfEmployedStatus: mentorTaxProfiles.selfEmployedStatus,
    })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .leftJoin(payoutCardTokens, eq(payoutCardTokens.id, payouts.cardTokenId))
    .leftJoin(mentorTaxProfiles, eq(mentorTaxProfiles.userId, payouts.mentorId))
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending'), isNull(payouts.providerPayoutId)));
  return row ?? null;
}

export async function setPayoutCard(db: Db, payoutId: string, values: { cardTokenId: number | null; lastError: string | null }) {
  await db.update(payouts).set(values).where(eq(payouts.id, payoutId));
}

/** The provider's answer (its id and status) or the failure, on a payout not yet known to the provider. */
export async function recordPayoutAttempt(
  db: Db,
  payoutId: string,
  values: Pick<Partial<typeof payouts.$inferInsert>, 'providerPayoutId' | 'status' | 'lastError' | 'waitingReason' | 'npdReceiptId' | 'npdReceiptUrl'>,
) {
  await db
    .update(payouts)
    .set(values)
    .where(and(eq(payouts.id, payoutId), isNull(payouts.providerPayoutId)));
}

/**
 * The provider refused a self-employed mentor's payout: it waits with the reason, under a new idempotency key, since the
 * provider keeps its answer to the old key (a resend with it would be refused again even once the mentor fixed it).
 */
export async function holdRefusedPayout(db: Db, payoutId: string, waitingReason: string, lastError: string) {
  await db
    .update(payouts)
    .set({ waitingReason, lastError, idempotencyKey: sql`gen_random_uuid()` })
    .where(and(eq(payouts.id, payoutId), isNull(payouts.providerPayoutId)));
}

/** A pending refund not yet sent, with its payment's provider ids. */
export async function unsentRefund(db: Db, refundId: string) {
  const [row] = await db
    .select({ refund: refunds, providerPaymentId: payments.providerPaymentId, dealId: payments.providerDealId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending'), isNull(refunds.providerRefundId)));
  return row ?? null;
}

/** The provider's answer or the failure, on a refund not yet known to the provider. */
export async function recordRefundAttempt(
  db: Db,
  refundId: string,
  values: Pick<Partial<typeof refunds.$inferInsert>, 'providerRefundId' | 'status' | 'lastError'>,
) {
  await db
    .update(refunds)
    .set(values)
    .where(and(eq(refunds.id, refundId), isNull(refunds.providerRefundId)));
}

/** Payouts and refunds still pending without a provider id, oldest first, at most `limit` of each (read at once). */
export async function unsentTransfers(db: Db, limit: number) {
  const [payoutRows, refundRows] = await Promise.all([
    db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.status, 'pending'), isNull(payouts.providerPayoutId)))
      .orderBy(asc(payouts.createdAt))
      .limit(limit),
    db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.status, 'pending'), isNull(refunds.providerRefundId)))
      .orderBy(asc(refunds.createdAt))
      .limit(limit),
  ]);
  return { payoutRows, refundRows };
}

// The statements over the sandbox provider's own books (sandbox_provider_objects, sandbox-books.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../drizzle/db.ts';
import { sandboxProviderObjects } from '../../../drizzle/schema/payments.ts';

export type SandboxKind = 'payment' | 'payout' | 'refund' | 'self_employed' | 'receipt';
export type SandboxObject = typeof sandboxProviderObjects.$inferSelect;
/** who canceled a payment and why, in YooKassa's words */
export type SandboxCancellation = { party: 'merchant' | 'yoo_money' | 'payment_network'; reason: string };

/** Inserts the object unless one of its kind has its idempotency key already; undefined then. */
export async function insertObjectOnce(db: Executor, values: typeof sandboxProviderObjects.$inferInsert & { kind: SandboxKind }): Promise<SandboxObject | undefined> {
  const [created] = await db
    .insert(sandboxProviderObjects)
    .values(values)
    .onConflictDoNothing({ target: [sandboxProviderObjects.kind, sandboxProviderObjects.idempotencyKey] })
    .returning();
  return created;
}

/** The object of `kind` created with this idempotency key (unique per kind), or null. */
export async function findObjectByKey(db: Executor, kind: SandboxKind, idempotencyKey: string): Promise<SandboxObject | null> {
  const [row] = await db
    .select()
    .from(sandboxProviderObjects)
    .where(and(eq(sandboxProviderObjects.kind, kind), eq(sandboxProviderObjects.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

export async function findObject(db: Executor, kind: SandboxKind, id: string): Promise<SandboxObject | null> {
  const [row] = await db
    .select()
    .from(sandboxProviderObjects)
    .where(and(eq(sandboxProviderObjects.id, id), eq(sandboxProviderObjects.kind, kind)))
    .limit(1);
  return row ?? null;
}

/**
 * pending → succeeded | canceled, once: the row that comes back is the one this call settled. A cancellation keeps its
 * details beside the request, as YooKassa's payment object carries `cancellation_details`, and a success the method
 * the payer used (`payment_method`).
 */
export async function settlePayment(db: Executor, id: string, status: 'succeeded' | 'canceled', cancellation?: SandboxCancellation, method?: 'bank_card' | 'sbp'): Promise<SandboxObject | null> {
  const added = cancellation ? { cancellation_details: cancellation } : method ? { payment_method: { type: method } } : null;
  const [row] = await db
    .update(sandboxProviderObjects)
    .set(added ? { status, request: sql`${sandboxProviderObjects.request} || ${JSON.stringify(added)}::jsonb` } : { status })
    .where(and(eq(sandboxProviderObjects.id, id), eq(sandboxProviderObjects.kind, 'payment'), eq(sandboxProviderObjects.status, 'pending')))
    .returning();
  return row ?? null;
}

/** The payment object, locked while a refund of it is judged; null for no such payment. */
export async function lockPaymentObject(tx: Tx, providerPaymentId: string): Promise<SandboxObject | null> {
  const [payment] = await tx
    .select()
    .from(sandboxProviderObjects)
    .where(and(eq(sandboxProviderObjects.id, providerPaymentId), eq(sandboxProviderObjects.kind, 'payment')))
    .for('update');
  return payment ?? null;
}

/** The kopecks refunded of a payment so far. */
export async function refundedKopecks(tx: Tx, paymentId: string): Promise<number> {
  const [{ refunded }] = await tx
    .select({ refunded: sql<string>`coalesce(sum(${sandboxProviderObjects.amountKopecks}), 0)` })
    .from(sandboxProviderObjects)
    .where(and(eq(sandboxProviderObjects.kind, 'refund'), sql`${sandboxProviderObjects.request}->>'payment_id' = ${paymentId}`));
  return Number(refunded);
}

/** A permission's answer on the sandbox's page: pending → confirmed | canceled, once, with the ИНН the sandbox found. */
export async function settleSelfEmployed(db: Executor, id: string, status: 'confirmed' | 'canceled', itn: string): Promise<SandboxObject | null> {
  const [row] = await db
    .update(sandboxProviderObjects)
    .set({ status, request: sql`${sandboxProviderObjects.request} || ${JSON.stringify({ itn })}::jsonb` })
    .where(and(eq(sandboxProviderObjects.id, id), eq(sandboxProviderObjects.kind, 'self_employed'), eq(sandboxProviderObjects.status, 'pending')))
    .returning();
  return row ?? null;
}

/** The separate receipts (`POST /receipts`) sent for a payment or a refund, oldest first. */
export async function separateReceiptsOf(db: Executor, link: 'payment_id' | 'refund_id', id: string): Promise<SandboxObject[]> {
  return db
    .select()
    .from(sandboxProviderObjects)
    .where(and(eq(sandboxProviderObjects.kind, 'receipt'), sql`${sandboxProviderObjects.request}->>${link} = ${id}`))
    .orderBy(sandboxProviderObjects.createdAt);
}

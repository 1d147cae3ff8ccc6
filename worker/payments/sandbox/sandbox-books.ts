// The sandbox provider's own books (sandbox_provider_objects): what a real provider keeps on its side.
// Only the sandbox provider and its checkout read or write this table.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../drizzle/db.ts';
import { sandboxProviderObjects } from '../../../drizzle/schema/payments.ts';

export type SandboxKind = 'payment' | 'payout' | 'refund';
export type SandboxObject = typeof sandboxProviderObjects.$inferSelect;

const ID_PREFIX: Record<SandboxKind, string> = { payment: 'sbx_pay_', payout: 'sbx_po_', refund: 'sbx_rf_' };

/**
 * Creates the object, or returns the one created earlier with the same idempotency key: the unique index
 * (kind, idempotency_key) decides, so two concurrent retries still make one object.
 */
export async function createOnce(
  db: Executor,
  values: { kind: SandboxKind; status: string; amountKopecks: number; idempotencyKey: string; request: Record<string, unknown> },
): Promise<SandboxObject> {
  const [created] = await db
    .insert(sandboxProviderObjects)
    .values({ id: ID_PREFIX[values.kind] + crypto.randomUUID(), ...values })
    .onConflictDoNothing({ target: [sandboxProviderObjects.kind, sandboxProviderObjects.idempotencyKey] })
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(sandboxProviderObjects)
    .where(and(eq(sandboxProviderObjects.kind, values.kind), eq(sandboxProviderObjects.idempotencyKey, values.idempotencyKey)));
  return existing;
}

export async function findObject(db: Executor, kind: SandboxKind, id: string): Promise<SandboxObject | null> {
  const [row] = await db
    .select()
    .from(sandboxProviderObjects)
    .where(and(eq(sandboxProviderObjects.id, id), eq(sandboxProviderObjects.kind, kind)))
    .limit(1);
  return row ?? null;
}

/** pending → succeeded | canceled, once: the row that comes back is the one this call settled. */
export async function settlePayment(db: Executor, id: string, status: 'succeeded' | 'canceled'): Promise<SandboxObject | null> {
  const [row] = await db
    .update(sandboxProviderObjects)
    .set({ status })
    .where(and(eq(sandboxProviderObjects.id, id), eq(sandboxProviderObjects.kind, 'payment'), eq(sandboxProviderObjects.status, 'pending')))
    .returning();
  return row ?? null;
}

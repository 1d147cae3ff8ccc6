// The sandbox provider's own books (sandbox_provider_objects): what a real provider keeps on its side.
// Only the sandbox provider and its checkout read or write this table; the statements are sandbox-books.queries.ts.
import type { Executor } from '../../../drizzle/db.ts';
import { findObjectByKey, insertObjectOnce, type SandboxKind, type SandboxObject } from './sandbox-books.queries.ts';

// the tests settle a sandbox payment by hand, as the checkout page does, and import it from here
export { settlePayment } from './sandbox-books.queries.ts';

const ID_PREFIX: Record<SandboxKind, string> = { payment: 'sbx_pay_', payout: 'sbx_po_', refund: 'sbx_rf_', self_employed: 'sbx_se_', receipt: 'sbx_rc_' };

/**
 * Creates the object, or returns the one created earlier with the same idempotency key: the unique index
 * (kind, idempotency_key) decides, so two concurrent retries still make one object.
 */
export async function createOnce(
  db: Executor,
  values: { kind: SandboxKind; status: string; amountKopecks: number; idempotencyKey: string; request: Record<string, unknown> },
): Promise<SandboxObject> {
  const created = await insertObjectOnce(db, { id: ID_PREFIX[values.kind] + crypto.randomUUID(), ...values });
  if (created) return created;
  return (await findObjectByKey(db, values.kind, values.idempotencyKey))!;
}

// The statements of applying a provider notification once (webhook-events.ts): the claim in webhook_events, and the
// payment the notification names.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { payments, webhookEvents } from '../../drizzle/schema/payments.ts';

/** Claims the notification (provider, event key); its claim's id, or null when it was claimed before. */
export async function claimWebhookEvent(db: Db, values: { provider: 'sandbox' | 'yookassa'; eventKey: string; payload: unknown }) {
  const [claim] = await db
    .insert(webhookEvents)
    .values(values)
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventKey] })
    .returning({ id: webhookEvents.id });
  return claim?.id ?? null;
}

/** Gives a claim back, so the provider's redelivery is applied. */
export async function releaseWebhookClaim(db: Db, claimId: number) {
  await db.delete(webhookEvents).where(eq(webhookEvents.id, claimId));
}

/** Our payment with that provider's payment id: its id and amount. */
export async function findPaymentByProviderId(db: Db, provider: 'sandbox' | 'yookassa', providerPaymentId: string) {
  const [payment] = await db
    .select({ id: payments.id, amountKopecks: payments.amountKopecks })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1);
  return payment ?? null;
}

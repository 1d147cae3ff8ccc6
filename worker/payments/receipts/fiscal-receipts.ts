// The fiscal receipts that travel with a payment or a refund (decision 020): built from what was bought, kept as a row
// before the provider is asked (so the receipt exists whatever the provider answers), and sent inside the provider's
// own request, as YooKassa's receipt service takes them.
import type { Bindings } from '../../env.ts';
import type { Db } from '../../../drizzle/db.ts';
import type { ProviderContext } from '../payment-provider.ts';
import { paymentProvider } from '../provider-choice.ts';
import { fiscalSettings, paymentReceipt, refundReceipt, settlementReceipt, type Purchase } from './receipt-builder.ts';
import type { Receipt } from './receipt-rules.ts';
import { keepReceipt, keepSettlement, receiptFacts, recordRefundReceipt, recordSentReceipt, settlementKept, unsentSettlements, type ReceiptFacts } from './fiscal-receipts.queries.ts';

export { recordRefundReceipt };

function common(env: Bindings, facts: ReceiptFacts) {
  const purchase: Purchase = {
    kind: facts.service_type,
    title: facts.title,
    // a package's payment buys sessions still to be booked: no start; one settled session has its own
    startsAt: facts.starts_at ? new Date(facts.starts_at) : null,
    mentorName: facts.mentor_name,
  };
  return { purchase, settings: fiscalSettings(env) };
}

/** The payer's contact for the receipt service: the e-mail, or the phone of an account that has none. */
function customer(receipt: Receipt, facts: ReceiptFacts): Receipt {
  if (facts.email) return receipt;
  return { ...receipt, customer: { phone: (facts.phone ?? '').replace(/\D/g, '') } };
}

/** The payment receipt (приход) of a payment, kept and returned for `POST /payments`; null when the payment is gone. */
export async function paymentReceiptFor(db: Db, env: Bindings, paymentId: string, amountKopecks: number): Promise<Receipt | null> {
  const facts = await receiptFacts(db, paymentId);
  if (!facts) return null;
  const built = customer(paymentReceipt({ email: facts.email ?? '', ...common(env, facts), amountKopecks, sessions: facts.sessions ?? undefined }), facts);
  await keepReceipt(db, { kind: 'payment', paymentId, amountKopecks, items: built.items });
  return built;
}

/** The refund receipt (возврат прихода) of one refund, kept and returned for `POST /refunds`. */
export async function refundReceiptFor(db: Db, env: Bindings, paymentId: string, refundId: string, amountKopecks: number): Promise<Receipt | null> {
  const facts = await receiptFacts(db, paymentId);
  if (!facts) return null;
  const built = customer(refundReceipt({ email: facts.email ?? '', ...common(env, facts), amountKopecks }), facts);
  await keepReceipt(db, { kind: 'refund', paymentId, refundId, amountKopecks, items: built.items });
  return built;
}

/**
 * The settlement receipt (зачёт предоплаты) of money escrow released: the service counts as delivered (decision 020).
 * Made once per payment, or per package session (`sessionId`), for `grossKopecks` (the mentor's share and our fee);
 * sent at once and, if the provider is away, by the minute job. A payment made before receipts existed gets none.
 */
export async function sendSettlementReceipt(ctx: ProviderContext, paymentId: string, sessionId: number | null, grossKopecks: number) {
  const facts = await receiptFacts(ctx.db, paymentId, sessionId);
  if (!facts || !facts.has_payment_receipt || !facts.provider_payment_id) return;
  const body = settlementReceipt({
    email: facts.email ?? '',
    ...common(ctx.env, facts),
    providerPaymentId: facts.provider_payment_id,
    amountKopecks: grossKopecks,
    lateCancellation: facts.canceled,
  });
  const sent = facts.email ? body : { ...body, customer: { phone: (facts.phone ?? '').replace(/\D/g, '') } };
  const row = await keepSettlement(ctx.db, { paymentId, bookingId: sessionId, amountKopecks: grossKopecks, items: sent.items });
  if (!row || row.status !== 'not_sent') return;
  try {
    const answer = await paymentProvider(ctx).createReceipt(sent, row.idempotencyKey);
    await recordSentReceipt(ctx.db, row.id, { providerReceiptId: answer.id, status: answer.status, fiscal: answer.fiscal });
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', msg: 'settlement receipt failed', paymentId, sessionId, error: String(e) }));
    await recordSentReceipt(ctx.db, row.id, { error: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * A released payout's settlement receipt, made on its first send only: a payout waiting for a card or a tax status is
 * tried every minute, and a receipt the provider did not take is the minute job's (retrySettlementReceipts) to resend.
 */
export async function settleOnFirstSend(ctx: ProviderContext, paymentId: string, sessionId: number | null, grossKopecks: number) {
  if (await settlementKept(ctx.db, paymentId, sessionId)) return;
  await sendSettlementReceipt(ctx, paymentId, sessionId, grossKopecks);
}

/** The minute job: settlement receipts the provider did not take yet. */
export async function retrySettlementReceipts(ctx: ProviderContext, limit = 100) {
  const rows = await unsentSettlements(ctx.db, limit);
  for (const row of rows) await sendSettlementReceipt(ctx, row.paymentId, row.bookingId, row.amountKopecks);
  return { receipts: rows.length };
}

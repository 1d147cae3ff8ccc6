// The fiscal receipts that travel with a payment or a refund (decision 020): built from what was bought, kept as a row
// before the provider is asked (so the receipt exists whatever the provider answers), and sent inside the provider's
// own request, as YooKassa's receipt service takes them.
import type { Bindings } from '../../env.ts';
import type { Db } from '../../../drizzle/db.ts';
import type { ProviderContext } from '../payment-provider.ts';
import { paymentProvider } from '../provider-choice.ts';
import { fiscalSettings, paymentReceipt, refundReceipt, remadeReceipt, settlementReceipt, type Purchase } from './receipt-builder.ts';
import type { Receipt } from './receipt-rules.ts';
import {
  dueReceipts,
  keepReceipt,
  keepSettlement,
  knownReceiptIds,
  receiptFacts,
  recordPolledReceipt,
  recordRefundReceipt,
  recordSentReceipt,
  reopenRefusedReceipt,
  settlementKept,
  type DueReceipt,
  type ReceiptFacts,
} from './fiscal-receipts.queries.ts';

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
 * tried every minute, and a receipt the provider did not take is the minute job's (checkFiscalReceipts) to resend.
 */
export async function settleOnFirstSend(ctx: ProviderContext, paymentId: string, sessionId: number | null, grossKopecks: number) {
  if (await settlementKept(ctx.db, paymentId, sessionId)) return;
  await sendSettlementReceipt(ctx, paymentId, sessionId, grossKopecks);
}

/**
 * How many times the job asks about one receipt (sends and polls, 5 minutes to 6 hours apart: about 3½ days) before
 * it leaves it to an admin, and how many times it makes a refused receipt again.
 */
export const RECEIPT_ATTEMPTS_MAX = 20;
export const RECEIPT_REMAKES_MAX = 3;

/**
 * The minute job (decision 020): receipts without fiscal data yet, due first, bounded. Not sent: sent again. Pending
 * (or registered by the payment's notification, without ФН/ФД/ФП): read back from the provider, which sends no
 * notification for receipts. Refused (canceled): made again as a separate receipt. Each call is counted and the next
 * waits longer (recordSentReceipt, recordPolledReceipt); past the bounds an admin sees the receipt.
 */
export async function checkFiscalReceipts(ctx: ProviderContext, limit = 50) {
  const rows = await dueReceipts(ctx.db, { limit, maxAttempts: RECEIPT_ATTEMPTS_MAX, maxRemakes: RECEIPT_REMAKES_MAX });
  for (const row of rows) await checkReceipt(ctx, row);
  return { receipts: rows.length };
}

/** One receipt's turn; a provider failure is kept on the row, never thrown, so one receipt doesn't stop the rest. */
export async function checkReceipt(ctx: ProviderContext, row: DueReceipt) {
  try {
    if (row.status === 'not_sent') return await sendAgain(ctx, row);
    if (row.status === 'canceled') return await remake(ctx, row);
    const seen = await pollReceipt(ctx, row);
    await recordPolledReceipt(ctx.db, row.id, seen);
    if (!('missing' in seen) && seen.status === 'canceled') await remake(ctx, row);
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', msg: 'fiscal receipt check failed', receiptId: row.id, error: String(e) }));
    await recordPolledReceipt(ctx.db, row.id, { missing: e instanceof Error ? e.message : String(e) });
  }
}

/** The provider's receipt for this row: by its id once known, else the payment's or refund's own among those listed. */
async function pollReceipt(ctx: ProviderContext, row: DueReceipt) {
  const provider = paymentProvider(ctx);
  const listed = row.kind === 'refund' ? await provider.listReceipts({ providerRefundId: row.provider_refund_id! }) : await provider.listReceipts({ providerPaymentId: row.provider_payment_id });
  let found = row.provider_receipt_id ? listed.find((r) => r.id === row.provider_receipt_id) : undefined;
  if (!row.provider_receipt_id) {
    // the receipt that travelled with the money: the payment's is settled cashless (a settlement receipt, prepayment)
    const known = await knownReceiptIds(ctx.db, row.payment_id, row.id);
    found = listed.find((r) => r.type === (row.kind === 'refund' ? 'refund' : 'payment') && !known.has(r.id) && !r.settlementTypes.includes('prepayment'));
  }
  if (!found) return { missing: 'Сервис чеков ещё не показывает этот чек' };
  return { providerReceiptId: found.id, status: found.status, fiscal: found.fiscal };
}

/** A refused receipt, made again on its own with a new idempotency key, while remakes remain. */
async function remake(ctx: ProviderContext, row: DueReceipt) {
  const reopened = await reopenRefusedReceipt(ctx.db, row.id, RECEIPT_REMAKES_MAX);
  if (reopened) await sendAgain(ctx, { ...row, status: 'not_sent', provider_receipt_id: null, idempotency_key: reopened.idempotencyKey });
}

/**
 * A receipt not taken yet, sent on its own: a settlement rebuilt as at release; a payment's or refund's with the
 * items it was first sent with, for the same customer, as a `POST /receipts` of type payment or refund.
 */
async function sendAgain(ctx: ProviderContext, row: DueReceipt) {
  if (row.kind === 'settlement') return sendSettlementReceipt(ctx, row.payment_id, row.booking_id, row.amount_kopecks);
  const facts = await receiptFacts(ctx.db, row.payment_id);
  if (!facts) return;
  const sent = customer({ customer: { email: facts.email ?? '' }, items: row.items as Receipt['items'], tax_system_code: fiscalSettings(ctx.env).taxSystemCode }, facts);
  const link = row.kind === 'refund' ? { type: 'refund' as const, providerRefundId: row.provider_refund_id! } : { type: 'payment' as const, providerPaymentId: row.provider_payment_id };
  try {
    const answer = await paymentProvider(ctx).createReceipt(remadeReceipt(sent, link, row.amount_kopecks), row.idempotency_key);
    await recordSentReceipt(ctx.db, row.id, { providerReceiptId: answer.id, status: answer.status, fiscal: answer.fiscal });
  } catch (e) {
    console.error(JSON.stringify({ level: 'error', msg: 'fiscal receipt resend failed', receiptId: row.id, error: String(e) }));
    await recordSentReceipt(ctx.db, row.id, { error: e instanceof Error ? e.message : String(e) });
  }
}

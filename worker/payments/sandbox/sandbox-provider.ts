// The offline payment provider for development and tests. It follows YooKassa's flow of ordinary payments: a
// payment is created `pending` and the payer pays it on the provider's own page (/sandbox/checkout/{id}) by card
// or СБП, after which the provider sends a signed notification to our webhook (sandbox-checkout.ts).
//
// Payouts and refunds succeed at once and the answer says so (status 'succeeded'); unlike YooKassa the
// sandbox sends no payout.* / refund.* notification for them, since the caller already has the final
// status in hand and a provider call cannot outlive the request that made it (no waitUntil here).
import { CURRENCY, kopecksToValue, valueToKopecks } from '../amounts.ts';
import { storedCancelReason } from '../cancel-reasons.ts';
import { PaymentProviderError } from '../provider-error.ts';
import { paymentMethodKind, type ListedReceipt, type PaymentProvider, type ProviderContext, type ProviderPayment, type ProviderPaymentStatus } from '../payment-provider.ts';
import { readSandboxCardToken } from '../sandbox-card.ts';
import { receiptProblem, separateReceiptProblem, type Receipt } from '../receipts/receipt-rules.ts';
import { createOnce } from './sandbox-books.ts';
import { createSandboxSelfEmployed, getSandboxSelfEmployed } from './sandbox-self-employed.ts';
import { findObject, findObjectByKey, lockPaymentObject, refundedKopecks, separateReceiptsOf, type SandboxCancellation, type SandboxObject } from './sandbox-books.queries.ts';

export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout/';

/** The sandbox's stand-in for the «Мой налог» receipt page YooKassa links a self-employed payout's receipt to. */
export const sandboxIncomeReceiptUrl = (origin: string, providerPayoutId: string) => `${origin}/sandbox/income-receipts/${encodeURIComponent(providerPayoutId)}`;

export const sandboxCheckoutUrl = (origin: string, providerPaymentId: string) => `${origin}${SANDBOX_CHECKOUT_PATH}${encodeURIComponent(providerPaymentId)}`;

/** What the sandbox stored about a payment when it was created. */
export type SandboxPaymentRequest = {
  description: string;
  return_url: string;
  metadata: Record<string, string>;
  /** only on payments made before decision 020, inside a safe deal */
  deal?: { id: string; settlements: Array<{ type: 'payout'; amount: { value: string; currency: string } }> };
  /** set when the payer paid: YooKassa's payment_method.type */
  payment_method?: { type: 'bank_card' | 'sbp' };
  /** the payment's fiscal receipt, as YooKassa's receipt service takes it (decision 020) */
  receipt?: Receipt;
  /** set when the payment was canceled (sandbox-books.queries.ts settlePayment) */
  cancellation_details?: SandboxCancellation;
};

/**
 * The fiscal data the sandbox's register «prints»: made up, but the same every time a receipt is read (ФН 16 digits
 * starting 9999, ФД, ФП 10 digits), taken from the receipt's id.
 */
function madeUpFiscal(id: string, registeredAt: string) {
  const digits = id.replace(/[^0-9a-f]/gi, '').replace(/[a-f]/gi, (c) => String(parseInt(c, 16) % 10)).padEnd(24, '7');
  return { storageNumber: `9999${digits.slice(0, 12)}`, documentNumber: String(1 + (Number(digits.slice(12, 17)) % 99_999)), attribute: `1${digits.slice(17, 26).padEnd(9, '3')}`, registeredAt };
}

const refused = (code: string, description: string) => new PaymentProviderError('sandbox', code, description, { httpStatus: 400 });

export function toProviderPayment(row: SandboxObject): ProviderPayment {
  const request = row.request as SandboxPaymentRequest;
  return {
    id: row.id,
    status: row.status as ProviderPaymentStatus,
    amountKopecks: row.amountKopecks,
    currency: CURRENCY,
    dealId: request.deal?.id ?? null,
    metadata: request.metadata ?? {},
    cancelReason: row.status === 'canceled' ? storedCancelReason(request.cancellation_details?.reason) : null,
    method: paymentMethodKind(request.payment_method?.type),
    // the sandbox's receipt service registers a payment's receipt the moment the payment succeeds
    receiptRegistration: request.receipt ? (row.status === 'succeeded' ? 'succeeded' : row.status === 'canceled' ? 'canceled' : 'pending') : null,
  };
}

export function sandboxProvider(ctx: ProviderContext): PaymentProvider {
  const { db } = ctx;
  return {
    name: 'sandbox',

    async createPayment(input) {
      const request: SandboxPaymentRequest = {
        description: input.description,
        return_url: input.returnUrl,
        metadata: { payment_id: input.paymentId },
        ...(input.receipt ? { receipt: input.receipt } : {}),
      };
      // as YooKassa: a malformed receipt refuses the whole payment, naming the field
      const problem = input.receipt ? receiptProblem(input.receipt, input.amountKopecks) : null;
      if (problem) throw new PaymentProviderError('sandbox', problem.code, `${problem.description} (${problem.parameter})`, { httpStatus: 400 });
      const row = await createOnce(db, { kind: 'payment', status: 'pending', amountKopecks: input.amountKopecks, idempotencyKey: input.idempotencyKey, request });
      return { providerPaymentId: row.id, confirmationUrl: sandboxCheckoutUrl(ctx.origin, row.id) };
    },

    async getPayment(providerPaymentId) {
      const row = await findObject(db, 'payment', providerPaymentId);
      if (!row) throw new PaymentProviderError('sandbox', 'not_found', 'Платёж не найден', { httpStatus: 404 });
      return toProviderPayment(row);
    },

    async createPayout(input) {
      // like a real provider, only a token its own widget issued can be paid out to
      const card = await readSandboxCardToken(ctx.env.JWT_SECRET, input.payoutToken);
      if (!card) throw refused('invalid_payout_token', 'Токен карты для выплаты недействителен');
      // as YooKassa: a self-employed person's payout goes through only while his permission holds (decision 020)
      const permission = input.selfEmployed ? await findObject(db, 'self_employed', input.selfEmployed.id) : null;
      if (input.selfEmployed && permission?.status !== 'confirmed') {
        throw refused('invalid_request', 'Самозанятый не выдал разрешение на регистрацию чеков или отозвал его');
      }
      const receipt = input.selfEmployed
        ? { service_name: input.selfEmployed.serviceName, npd_receipt_id: crypto.randomUUID().replace(/-/g, '').slice(0, 10), amount: { value: kopecksToValue(input.amountKopecks), currency: CURRENCY } }
        : null;
      const row = await createOnce(db, {
        kind: 'payout',
        status: 'succeeded',
        amountKopecks: input.amountKopecks,
        idempotencyKey: input.idempotencyKey,
        request: {
          amount: { value: kopecksToValue(input.amountKopecks), currency: CURRENCY },
          card_last4: card.last4,
          description: input.description,
          metadata: { payout_id: input.payoutId },
          deal: input.dealId ? { id: input.dealId } : null,
          ...(input.selfEmployed ? { self_employed: { id: input.selfEmployed.id }, receipt } : {}),
        },
      });
      const stored = (row.request as { receipt?: { npd_receipt_id: string } }).receipt;
      return {
        providerPayoutId: row.id,
        status: 'succeeded',
        incomeReceipt: stored ? { npdReceiptId: stored.npd_receipt_id, url: sandboxIncomeReceiptUrl(ctx.origin, row.id) } : null,
      };
    },

    async createRefund(input) {
      // A refund names a succeeded payment and never returns more than was paid: the payment's row is
      // locked while the refunds made so far are added up.
      const row = await db.transaction(async (tx) => {
        const payment = await lockPaymentObject(tx, input.providerPaymentId);
        if (!payment) throw refused('not_found', 'Платёж не найден');
        const earlier = await findObjectByKey(tx, 'refund', input.idempotencyKey);
        if (earlier) return earlier;
        if (payment.status !== 'succeeded') throw refused('invalid_request', 'Вернуть можно только успешный платёж');
        const refunded = await refundedKopecks(tx, payment.id);
        if (refunded + input.amountKopecks > payment.amountKopecks) throw refused('invalid_request', 'Сумма возврата больше суммы платежа');
        const problem = input.receipt ? receiptProblem(input.receipt, input.amountKopecks) : null;
        if (problem) throw refused(problem.code, `${problem.description} (${problem.parameter})`);
        return createOnce(tx, {
          kind: 'refund',
          status: 'succeeded',
          amountKopecks: input.amountKopecks,
          idempotencyKey: input.idempotencyKey,
          request: {
            payment_id: payment.id,
            amount: { value: kopecksToValue(input.amountKopecks), currency: CURRENCY },
            description: input.description,
            metadata: { refund_id: input.refundId },
            deal: input.dealId ? { id: input.dealId } : null,
            ...(input.receipt ? { receipt: input.receipt, receipt_registration: 'succeeded' } : {}),
          },
        });
      });
      return { providerRefundId: row.id, status: 'succeeded', receiptRegistration: (row.request as { receipt?: unknown }).receipt ? 'succeeded' : null };
    },

    // the sandbox's receipt service: checks a receipt as YooKassa does and registers it at once, with made-up fiscal
    // data; it keeps the receipt (one per idempotency key) so that GET /receipts lists it as YooKassa would
    async createReceipt(receipt, idempotencyKey) {
      const problem = separateReceiptProblem(receipt);
      if (problem) throw refused(problem.code, `${problem.description} (${problem.parameter})`);
      const amountKopecks = receipt.settlements.reduce((n, s) => n + (valueToKopecks(s.amount.value) ?? 0), 0);
      const row = await createOnce(db, {
        kind: 'receipt',
        status: 'succeeded',
        amountKopecks,
        idempotencyKey,
        request: { ...receipt, registered_at: new Date().toISOString() },
      });
      return { id: row.id, status: 'succeeded' as const, fiscal: madeUpFiscal(row.id, (row.request as { registered_at: string }).registered_at) };
    },

    // a payment's or refund's own receipt registers with it (the payment's when it succeeds); separate ones at once
    async listReceipts(of) {
      const own = 'providerPaymentId' in of ? await findObject(db, 'payment', of.providerPaymentId) : await findObject(db, 'refund', of.providerRefundId);
      const separate = 'providerPaymentId' in of ? await separateReceiptsOf(db, 'payment_id', of.providerPaymentId) : await separateReceiptsOf(db, 'refund_id', of.providerRefundId);
      const listed: ListedReceipt[] = [];
      if (own && (own.request as { receipt?: unknown }).receipt) {
        const status = own.kind === 'refund' ? 'succeeded' : (toProviderPayment(own).receiptRegistration ?? 'pending');
        listed.push({
          id: `sbx_rc_${own.id}`,
          type: own.kind === 'refund' ? 'refund' : 'payment',
          status,
          fiscal: status === 'succeeded' ? madeUpFiscal(own.id, own.updatedAt.toISOString()) : null,
          settlementTypes: ['cashless'],
        });
      }
      for (const row of separate) {
        const request = row.request as { type: 'payment' | 'refund'; settlements: Array<{ type: string }>; registered_at: string };
        listed.push({ id: row.id, type: request.type, status: 'succeeded', fiscal: madeUpFiscal(row.id, request.registered_at), settlementTypes: request.settlements.map((s) => s.type) });
      }
      return listed;
    },
    createSelfEmployed: (input) => createSandboxSelfEmployed(db, ctx.origin, input),
    getSelfEmployed: (id) => getSandboxSelfEmployed(db, id),
  };
}

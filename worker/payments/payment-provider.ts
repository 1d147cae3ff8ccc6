import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import type { Receipt, SeparateReceipt } from './receipts/receipt-rules.ts';

/**
 * What we need from a payment provider: take the payer's money (an ordinary one-stage payment: Форма sells the
 * service and keeps the money in its own escrow, decision 020), tell us its state, pay the mentor out to a card
 * token, and refund the payer. Payments made earlier inside a YooKassa safe deal keep their deal id, and their
 * payouts and refunds still name it until they are settled. Implementations:
 * the sandbox (worker/payments/sandbox/, offline, development/test) and YooKassa (worker/payments/yookassa/).
 * Every call carries our idempotency key, so a retry never moves money twice. Amounts are integer kopecks.
 */
export type ProviderPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type ProviderTransferStatus = 'pending' | 'succeeded' | 'canceled';
/** a fiscal receipt sent inside a payment or a refund, as the provider's receipt service has it */
export type ReceiptRegistration = 'pending' | 'succeeded' | 'canceled';
/** a receipt sent on its own, as the provider's receipt service answers */
export type ProviderReceipt = {
  id: string;
  status: ReceiptRegistration;
  fiscal: { storageNumber: string; documentNumber: string; attribute: string; registeredAt: string } | null;
};
/**
 * A receipt as the provider's receipt service lists it for a payment or a refund (`GET /receipts?payment_id=…`): the
 * one sent inside the payment or refund and any sent on their own. `settlementTypes` tells a payment's own receipt
 * (cashless) from a settlement receipt (prepayment) when we don't know the id yet.
 */
export type ListedReceipt = ProviderReceipt & { type: 'payment' | 'refund'; settlementTypes: string[] };
/** How the payer paid, as we store it (payments.payment_method); the provider may know more methods than we name. */
export type PaymentMethodKind = 'bank_card' | 'sbp' | 'other';

/** A provider's `payment_method.type` as we store it: card, СБП, or another of its methods; null when it names none. */
export function paymentMethodKind(type: string | null | undefined): PaymentMethodKind | null {
  if (!type) return null;
  return type === 'bank_card' || type === 'sbp' ? type : 'other';
}

export type ProviderPayment = {
  id: string;
  status: ProviderPaymentStatus;
  amountKopecks: number;
  currency: string;
  dealId: string | null;
  /** what we sent as metadata; `payment_id` is our payments.id */
  metadata: Record<string, string>;
  /** a canceled payment's reason (YooKassa's cancellation_details.reason, see cancel-reasons.ts); null otherwise */
  cancelReason: string | null;
  /** how the payer paid (the payer picks a card or СБП on the provider's page); null before they chose */
  method: PaymentMethodKind | null;
  /** the payment receipt's registration (YooKassa's `receipt_registration`); null for a payment sent without one */
  receiptRegistration: ReceiptRegistration | null;
};

export type CreatePaymentInput = {
  /** our payments.id, sent as metadata.payment_id */
  paymentId: string;
  amountKopecks: number;
  description: string;
  /** absolute URL the payer's browser comes back to */
  returnUrl: string;
  idempotencyKey: string;
  /** the payment's fiscal receipt (decision 020), registered by the provider's receipt service */
  receipt?: Receipt | null;
};

export type CreatePayoutInput = {
  payoutId: string;
  amountKopecks: number;
  payoutToken: string;
  dealId: string | null;
  description: string;
  idempotencyKey: string;
  /**
   * a self-employed mentor's payout (decision 020): his permission's id and what his income receipt in «Мой налог» says
   * he did (`receipt_data.service_name`, ≤ 50 characters); the provider registers the receipt with the payout
   */
  selfEmployed?: { id: string; serviceName: string };
};

/** The income receipt the provider registered in «Мой налог» with a self-employed mentor's payout. */
export type IncomeReceipt = { npdReceiptId: string; url: string | null };

export type CreateRefundInput = {
  refundId: string;
  providerPaymentId: string;
  amountKopecks: number;
  dealId: string | null;
  description: string;
  idempotencyKey: string;
  /** the refund's fiscal receipt (возврат прихода, decision 020) */
  receipt?: Receipt | null;
};

/**
 * YooKassa's `self_employed` object: a self-employed mentor's permission for ЮMoney to register his income receipts in
 * «Мой налог» (decision 020). `itn` is known once YooKassa found it (it finds it from the phone when asked by phone).
 */
export type ProviderSelfEmployed = { id: string; status: 'pending' | 'confirmed' | 'canceled' | 'unregistered'; itn: string | null };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'yookassa';
  createPayment(input: CreatePaymentInput): Promise<{ providerPaymentId: string; confirmationUrl: string }>;
  /** The provider's own view of a payment: webhooks are trusted only through this. */
  getPayment(providerPaymentId: string): Promise<ProviderPayment>;
  createPayout(input: CreatePayoutInput): Promise<{ providerPayoutId: string; status: ProviderTransferStatus; incomeReceipt: IncomeReceipt | null }>;
  createRefund(input: CreateRefundInput): Promise<{ providerRefundId: string; status: ProviderTransferStatus; receiptRegistration: ReceiptRegistration | null }>;
  /**
   * A receipt of its own (`POST /receipts`): the settlement receipt (зачёт предоплаты) once escrow releases the money
   * (decision 020). `fiscal` once registered: ФН, ФД, ФП.
   */
  createReceipt(receipt: SeparateReceipt, idempotencyKey: string): Promise<ProviderReceipt>;
  /** The receipts of a payment or of a refund, as registered now: there is no notification for receipts. */
  listReceipts(of: { providerPaymentId: string } | { providerRefundId: string }): Promise<ListedReceipt[]>;
  /** Asks the permission (`POST /self_employed`); the person grants it on the provider's page at `confirmationUrl`. */
  createSelfEmployed(input: { itn?: string; phone?: string; idempotencyKey: string }): Promise<ProviderSelfEmployed & { confirmationUrl: string | null }>;
  /** The permission's state now (`GET /self_employed/{id}`): there is no notification for it. */
  getSelfEmployed(id: string): Promise<ProviderSelfEmployed>;
}

/** Where the provider needs to know about us: the database (sandbox books) and our public origin. */
export type ProviderContext = { env: Bindings; db: Db; origin: string };

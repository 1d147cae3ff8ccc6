import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';

/**
 * What we need from a payment provider for a "safe deal": take the payer's money into a deal, tell us its
 * state, pay the mentor out of the deal to a card token, and refund the payer. Implementations:
 * the sandbox (worker/payments/sandbox/, offline, development/test) and YooKassa (worker/payments/yookassa/).
 * Every call carries our idempotency key, so a retry never moves money twice. Amounts are integer kopecks.
 */
export type ProviderPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type ProviderTransferStatus = 'pending' | 'succeeded' | 'canceled';

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
};

export type CreatePaymentInput = {
  /** our payments.id, sent as metadata.payment_id */
  paymentId: string;
  amountKopecks: number;
  /** the part of the amount that will go to the mentor (amount minus the platform fee) */
  payoutKopecks: number;
  description: string;
  /** absolute URL the payer's browser comes back to */
  returnUrl: string;
  idempotencyKey: string;
};

export type CreatePayoutInput = {
  payoutId: string;
  amountKopecks: number;
  payoutToken: string;
  dealId: string | null;
  description: string;
  idempotencyKey: string;
};

export type CreateRefundInput = {
  refundId: string;
  providerPaymentId: string;
  amountKopecks: number;
  dealId: string | null;
  description: string;
  idempotencyKey: string;
};

export interface PaymentProvider {
  readonly name: 'sandbox' | 'yookassa';
  createPayment(input: CreatePaymentInput): Promise<{ providerPaymentId: string; providerDealId: string | null; confirmationUrl: string }>;
  /** The provider's own view of a payment: webhooks are trusted only through this. */
  getPayment(providerPaymentId: string): Promise<ProviderPayment>;
  createPayout(input: CreatePayoutInput): Promise<{ providerPayoutId: string; status: ProviderTransferStatus }>;
  createRefund(input: CreateRefundInput): Promise<{ providerRefundId: string; status: ProviderTransferStatus }>;
}

/** Where the provider needs to know about us: the database (sandbox books) and our public origin. */
export type ProviderContext = { env: Bindings; db: Db; origin: string };

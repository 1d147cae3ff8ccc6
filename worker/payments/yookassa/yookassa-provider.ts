// YooKassa's "safe deal" (Безопасная сделка) behind the PaymentProvider interface. Per payment: a deal
// (fee_moment deal_closed: the platform's fee is taken when the deal closes, so the payer can get the whole
// amount back), then a payment in that deal with a redirect confirmation; later a payout to the mentor's
// card token or a refund, both inside the deal. Amounts on the wire are strings of rubles ("1500.00").
import { CURRENCY, kopecksToValue, valueToKopecks } from '../amounts.ts';
import { storedCancelReason } from '../cancel-reasons.ts';
import { PaymentProviderError } from '../provider-error.ts';
import type { PaymentProvider, ProviderPayment, ProviderPaymentStatus, ProviderTransferStatus } from '../payment-provider.ts';
import { yookassaClient, type YookassaConfig } from './yookassa-client.ts';

type Amount = { value: string; currency: string };
type YkDeal = { id: string; type: string; status: string };
type YkPayment = {
  id: string;
  status: ProviderPaymentStatus;
  amount: Amount;
  confirmation?: { type: string; confirmation_url?: string };
  deal?: { id: string };
  metadata?: Record<string, string>;
  /** on a canceled payment: who canceled it and why */
  cancellation_details?: { party?: string; reason?: string };
};
type YkTransfer = { id: string; status: ProviderTransferStatus; amount: Amount };

const PAYMENT_STATUSES = new Set<string>(['pending', 'waiting_for_capture', 'succeeded', 'canceled']);
const TRANSFER_STATUSES = new Set<string>(['pending', 'succeeded', 'canceled']);

const money = (kopecks: number): Amount => ({ value: kopecksToValue(kopecks), currency: CURRENCY });
// YooKassa takes descriptions up to 128 characters
const short = (text: string) => (text.length > 128 ? `${text.slice(0, 127)}…` : text);
// a deal and its payment are two requests made for one of our keys; each needs a key of its own (≤ 64 chars)
const dealKey = (idempotencyKey: string) => `deal-${idempotencyKey}`;

const badResponse = (what: string) => new PaymentProviderError('yookassa', 'invalid_response', what);

function amountOf(object: { amount?: Amount }) {
  const kopecks = valueToKopecks(object.amount?.value);
  if (kopecks === null) throw badResponse(`unreadable amount ${JSON.stringify(object.amount)}`);
  return kopecks;
}

function transfer(object: YkTransfer) {
  if (!object.id || !TRANSFER_STATUSES.has(object.status)) throw badResponse(`unexpected transfer ${JSON.stringify(object).slice(0, 200)}`);
  return { id: object.id, status: object.status, amountKopecks: amountOf(object) };
}

export type YookassaProvider = PaymentProvider & {
  readonly name: 'yookassa';
  /** for webhooks: YooKassa's own view of a payout or refund, trusted instead of the notification body */
  getPayout(providerPayoutId: string): Promise<{ id: string; status: ProviderTransferStatus; amountKopecks: number }>;
  getRefund(providerRefundId: string): Promise<{ id: string; status: ProviderTransferStatus; amountKopecks: number }>;
};

export function yookassaProvider(config: YookassaConfig): YookassaProvider {
  const api = yookassaClient(config);
  const path = (collection: string, id: string) => `/${collection}/${encodeURIComponent(id)}`;

  return {
    name: 'yookassa',

    async createPayment(input) {
      const metadata = { payment_id: input.paymentId };
      const deal = await api.post<YkDeal>('/deals', { type: 'safe_deal', fee_moment: 'deal_closed', description: short(input.description), metadata }, dealKey(input.idempotencyKey));
      const payment = await api.post<YkPayment>(
        '/payments',
        {
          amount: money(input.amountKopecks),
          capture: true,
          confirmation: { type: 'redirect', return_url: input.returnUrl },
          description: short(input.description),
          metadata,
          deal: { id: deal.id, settlements: [{ type: 'payout', amount: money(input.payoutKopecks) }] },
        },
        input.idempotencyKey,
      );
      const confirmationUrl = payment.confirmation?.confirmation_url;
      if (!payment.id || !confirmationUrl) throw badResponse('payment without a confirmation_url');
      return { providerPaymentId: payment.id, providerDealId: payment.deal?.id ?? deal.id, confirmationUrl };
    },

    async getPayment(providerPaymentId): Promise<ProviderPayment> {
      const payment = await api.get<YkPayment>(path('payments', providerPaymentId));
      if (!PAYMENT_STATUSES.has(payment.status)) throw badResponse(`unexpected payment status ${payment.status}`);
      return {
        id: payment.id,
        status: payment.status,
        amountKopecks: amountOf(payment),
        currency: payment.amount.currency,
        dealId: payment.deal?.id ?? null,
        metadata: payment.metadata ?? {},
        cancelReason: payment.status === 'canceled' ? storedCancelReason(payment.cancellation_details?.reason) : null,
      };
    },

    async createPayout(input) {
      const payout = transfer(
        await api.post<YkTransfer>(
          '/payouts',
          {
            amount: money(input.amountKopecks),
            payout_token: input.payoutToken,
            description: short(input.description),
            metadata: { payout_id: input.payoutId },
            ...(input.dealId ? { deal: { id: input.dealId } } : {}),
          },
          input.idempotencyKey,
        ),
      );
      return { providerPayoutId: payout.id, status: payout.status };
    },

    async createRefund(input) {
      const refund = transfer(
        await api.post<YkTransfer>(
          '/refunds',
          {
            payment_id: input.providerPaymentId,
            amount: money(input.amountKopecks),
            description: short(input.description),
            // inside a deal: the refunded money comes out of what was set aside for the mentor
            ...(input.dealId ? { deal: { refund_settlements: [{ type: 'payout', amount: money(input.amountKopecks) }] } } : {}),
          },
          input.idempotencyKey,
        ),
      );
      return { providerRefundId: refund.id, status: refund.status };
    },

    getPayout: async (id) => transfer(await api.get<YkTransfer>(path('payouts', id))),
    getRefund: async (id) => transfer(await api.get<YkTransfer>(path('refunds', id))),
  };
}

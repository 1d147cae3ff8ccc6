// YooKassa behind the PaymentProvider interface (decision 020). A payment is an ordinary one-stage payment with a
// redirect confirmation: YooKassa's page lets the payer pick a card or СБП (not available inside a safe deal), and
// our own escrow holds the money. A payout to the mentor's card token goes through the payouts gateway (its own
// agentId and secret key); a refund names the payment. Payments made before decision 020 inside a safe deal keep
// their deal: their payouts and refunds still name it. Amounts on the wire are strings of rubles ("1500.00").
import { CURRENCY, kopecksToValue, valueToKopecks } from '../amounts.ts';
import { storedCancelReason } from '../cancel-reasons.ts';
import { PaymentProviderError } from '../provider-error.ts';
import { paymentMethodKind, type IncomeReceipt, type PaymentProvider, type ProviderPayment, type ProviderPaymentStatus, type ProviderSelfEmployed, type ProviderTransferStatus } from '../payment-provider.ts';
import { yookassaClient, type YookassaConfig } from './yookassa-client.ts';

type Amount = { value: string; currency: string };
type YkPayment = {
  id: string;
  status: ProviderPaymentStatus;
  amount: Amount;
  confirmation?: { type: string; confirmation_url?: string };
  deal?: { id: string };
  metadata?: Record<string, string>;
  /** on a canceled payment: who canceled it and why */
  cancellation_details?: { party?: string; reason?: string };
  /** the method the payer chose on YooKassa's page (bank_card, sbp, …) */
  payment_method?: { type?: string };
  /** the payment receipt's registration, when the payment carried one */
  receipt_registration?: string;
};
type YkTransfer = { id: string; status: ProviderTransferStatus; amount: Amount };
/** a self-employed person's payout answers with the income receipt registered in «Мой налог» */
type YkPayout = YkTransfer & { receipt?: { npd_receipt_id?: string; url?: string }; self_employed?: { id?: string } };

/** a self-employed payee's payout (decision 020): the permission it was made under and the income receipt registered with it */
export type PayoutSelfEmployment = { selfEmployedId: string | null; incomeReceipt: IncomeReceipt | null };

/** a payout's income receipt and its payee's permission, as a created or re-fetched payout object carries them */
function selfEmployedPayout(answer: YkPayout): PayoutSelfEmployment {
  const npdReceiptId = answer.receipt?.npd_receipt_id;
  return { selfEmployedId: answer.self_employed?.id ?? null, incomeReceipt: npdReceiptId ? { npdReceiptId, url: answer.receipt?.url ?? null } : null };
}
type YkReceipt = {
  id: string;
  type?: string;
  status: string;
  fiscal_storage_number?: string;
  fiscal_document_number?: string;
  fiscal_attribute?: string;
  registered_at?: string;
  settlements?: Array<{ type?: string }>;
};
/** a page of a list (`GET /receipts?…`); `next_cursor` while more remain */
type YkList<T> = { type: 'list'; items: T[]; next_cursor?: string };
/** a payment has its own receipt, one settlement per package session and refunds: a few pages at most */
const RECEIPT_LIST_PAGES = 5;
type YkSelfEmployed = { id: string; status: string; itn?: string; confirmation?: { type: string; confirmation_url?: string } };
const SELF_EMPLOYED_STATUSES = new Set<string>(['pending', 'confirmed', 'canceled', 'unregistered']);

function selfEmployed(object: YkSelfEmployed): ProviderSelfEmployed {
  if (!object.id || !SELF_EMPLOYED_STATUSES.has(object.status)) throw badResponse(`unexpected self_employed ${JSON.stringify(object).slice(0, 200)}`);
  return { id: object.id, status: object.status as ProviderSelfEmployed['status'], itn: object.itn ?? null };
}

const PAYMENT_STATUSES = new Set<string>(['pending', 'waiting_for_capture', 'succeeded', 'canceled']);
const TRANSFER_STATUSES = new Set<string>(['pending', 'succeeded', 'canceled']);

const money = (kopecks: number): Amount => ({ value: kopecksToValue(kopecks), currency: CURRENCY });
// YooKassa takes descriptions up to 128 characters
const short = (text: string) => (text.length > 128 ? `${text.slice(0, 127)}…` : text);

const RECEIPT_REGISTRATIONS = new Set(['pending', 'succeeded', 'canceled']);
const receiptRegistration = (value: string | undefined) => (value && RECEIPT_REGISTRATIONS.has(value) ? (value as 'pending' | 'succeeded' | 'canceled') : null);

const badResponse = (what: string) => new PaymentProviderError('yookassa', 'invalid_response', what);

/** A receipt object; its fiscal data (ФН, ФД, ФП) once the register has it. */
function providerReceipt(answer: YkReceipt) {
  const status = receiptRegistration(answer.status);
  if (!answer.id || !status) throw badResponse(`unexpected receipt ${JSON.stringify(answer).slice(0, 200)}`);
  const fiscal =
    answer.fiscal_storage_number && answer.fiscal_document_number && answer.fiscal_attribute
      ? { storageNumber: answer.fiscal_storage_number, documentNumber: answer.fiscal_document_number, attribute: answer.fiscal_attribute, registeredAt: answer.registered_at ?? new Date().toISOString() }
      : null;
  return { id: answer.id, status, fiscal };
}

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
  getPayout(providerPayoutId: string): Promise<{ id: string; status: ProviderTransferStatus; amountKopecks: number } & PayoutSelfEmployment>;
  getRefund(providerRefundId: string): Promise<{ id: string; status: ProviderTransferStatus; amountKopecks: number }>;
};

/** The payouts gateway (YooKassa's agentId and its own secret key): ordinary payouts are made with it, not the shop's. */
export type YookassaPayoutConfig = { agentId: string; secretKey: string };

const payoutsNotConfigured = () =>
  new PaymentProviderError('yookassa', 'payouts_not_configured', 'YOOKASSA_PAYOUT_AGENT_ID and YOOKASSA_PAYOUT_SECRET_KEY are needed for payouts');

export function yookassaProvider(config: YookassaConfig, payoutConfig: YookassaPayoutConfig | null = null): YookassaProvider {
  const api = yookassaClient(config);
  const payoutApi = payoutConfig ? yookassaClient({ ...config, shopId: payoutConfig.agentId, secretKey: payoutConfig.secretKey }) : null;
  const path = (collection: string, id: string) => `/${collection}/${encodeURIComponent(id)}`;

  return {
    name: 'yookassa',

    async createPayment(input) {
      const metadata = { payment_id: input.paymentId };
      // no payment_method_data: YooKassa's page offers the shop's methods, a card and СБП
      const payment = await api.post<YkPayment>(
        '/payments',
        {
          amount: money(input.amountKopecks),
          capture: true,
          confirmation: { type: 'redirect', return_url: input.returnUrl },
          description: short(input.description),
          metadata,
          ...(input.receipt ? { receipt: input.receipt } : {}),
        },
        input.idempotencyKey,
      );
      const confirmationUrl = payment.confirmation?.confirmation_url;
      if (!payment.id || !confirmationUrl) throw badResponse('payment without a confirmation_url');
      return { providerPaymentId: payment.id, confirmationUrl };
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
        method: paymentMethodKind(payment.payment_method?.type),
        receiptRegistration: receiptRegistration(payment.receipt_registration),
      };
    },

    async createPayout(input) {
      // a payout inside a safe deal is the shop's; an ordinary one is the payouts gateway's
      const client = input.dealId ? api : payoutApi;
      if (!client) throw payoutsNotConfigured();
      const answer = await client.post<YkPayout>(
        '/payouts',
        {
          amount: money(input.amountKopecks),
          payout_token: input.payoutToken,
          description: short(input.description),
          metadata: { payout_id: input.payoutId },
          ...(input.dealId ? { deal: { id: input.dealId } } : {}),
          ...(input.selfEmployed
            ? { self_employed: { id: input.selfEmployed.id }, receipt_data: { service_name: input.selfEmployed.serviceName.slice(0, 50), amount: money(input.amountKopecks) } }
            : {}),
        },
        input.idempotencyKey,
      );
      const payout = transfer(answer);
      return { providerPayoutId: payout.id, status: payout.status, incomeReceipt: selfEmployedPayout(answer).incomeReceipt };
    },

    async createRefund(input) {
      const answer = await api.post<YkTransfer & { receipt_registration?: string }>(
        '/refunds',
        {
          payment_id: input.providerPaymentId,
          amount: money(input.amountKopecks),
          description: short(input.description),
          // inside a deal: the refunded money comes out of what was set aside for the mentor
          ...(input.dealId ? { deal: { refund_settlements: [{ type: 'payout', amount: money(input.amountKopecks) }] } } : {}),
          ...(input.receipt ? { receipt: input.receipt } : {}),
        },
        input.idempotencyKey,
      );
      const refund = transfer(answer);
      return { providerRefundId: refund.id, status: refund.status, receiptRegistration: receiptRegistration(answer.receipt_registration) };
    },

    // an ordinary payout is the payouts gateway's; one made inside a safe deal (before decision 020) is the shop's
    async getPayout(id) {
      const read = (answer: YkPayout) => ({ ...transfer(answer), ...selfEmployedPayout(answer) });
      if (payoutApi) {
        try {
          return read(await payoutApi.get<YkPayout>(path('payouts', id)));
        } catch (e) {
          if (!(e instanceof PaymentProviderError && e.httpStatus === 404)) throw e;
        }
      }
      return read(await api.get<YkPayout>(path('payouts', id)));
    },
    getRefund: async (id) => transfer(await api.get<YkTransfer>(path('refunds', id))),

    createReceipt: async (receipt, idempotencyKey) => providerReceipt(await api.post<YkReceipt>('/receipts', receipt, idempotencyKey)),

    async listReceipts(of) {
      const filter = 'providerPaymentId' in of ? `payment_id=${encodeURIComponent(of.providerPaymentId)}` : `refund_id=${encodeURIComponent(of.providerRefundId)}`;
      const listed: YkReceipt[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < RECEIPT_LIST_PAGES; page++) {
        const answer = await api.get<YkList<YkReceipt>>(`/receipts?${filter}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        if (!Array.isArray(answer.items)) throw badResponse(`unexpected receipt list ${JSON.stringify(answer).slice(0, 200)}`);
        listed.push(...answer.items);
        cursor = answer.next_cursor;
        if (!cursor) break;
      }
      return listed.map((item) => {
        if (item.type !== 'payment' && item.type !== 'refund') throw badResponse(`unexpected receipt type ${JSON.stringify(item).slice(0, 200)}`);
        return { ...providerReceipt(item), type: item.type, settlementTypes: (item.settlements ?? []).map((s) => String(s.type)) };
      });
    },

    // the permission belongs to payouts: the payouts gateway asks it (decision 020)
    async createSelfEmployed(input) {
      if (!payoutApi) throw payoutsNotConfigured();
      const body = { ...(input.itn ? { itn: input.itn } : { phone: input.phone }), confirmation: { type: 'redirect' } };
      const answer = await payoutApi.post<YkSelfEmployed>('/self_employed', body, input.idempotencyKey);
      return { ...selfEmployed(answer), confirmationUrl: answer.confirmation?.confirmation_url ?? null };
    },
    async getSelfEmployed(id) {
      if (!payoutApi) throw payoutsNotConfigured();
      return selfEmployed(await payoutApi.get<YkSelfEmployed>(path('self_employed', id)));
    },
  };
}

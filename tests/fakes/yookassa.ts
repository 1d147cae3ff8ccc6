// A local stand-in for YooKassa's API v3 (safe deal), following its documented protocol closely enough to
// catch mistakes: Basic auth with shop id and secret key (401 otherwise), an Idempotence-Key on every POST
// (400 without; the same key answers the stored object again, the same key with another body is refused),
// amounts as strings of rubles, errors as {type: 'error', id, code, description, parameter}. It keeps its
// objects, and the test plays the payer and the bank: succeed() / cancel() a payment, settlePayout().
// Fiscal receipts (decision 020): a `receipt` in `POST /payments` or `POST /refunds` and the body of `POST /receipts`
// pass the validator the sandbox uses too (receipt-rules.ts), or are refused 400 `invalid_request` naming the field;
// every receipt (the one inside a payment or a refund too) is kept as a receipt object that `GET /receipts?payment_id=`
// / `?refund_id=` lists; it registers with made-up fiscal data at once (a payment's when the payment succeeds), unless
// holdReceipts() keeps it pending until settleReceipt(id, 'succeeded' | 'canceled').
// Self-employed payees (research 037 §3.5-3.7): `POST /self_employed` asks a person's permission (the test answers
// for him with setSelfEmployed()); a payout to him carries `self_employed` and `receipt_data` and, once succeeded,
// the income receipt «Мой налог» registered; without a confirmed permission or over the yearly НПД limit it is
// refused, as a canceled payout by default or as a 400 (YooKassa's documents leave open which; both are to be handled).
import { Hono, type Context } from 'hono';
import { receiptProblem, separateReceiptProblem, type YookassaErrorEnvelope } from '../../worker/payments/receipts/receipt-rules.ts';

export const FAKE_YOOKASSA_URL = 'https://yookassa.fake/v3';

type Amount = { value: string; currency: string };
type Deal = { type: 'safe_deal'; id: string; fee_moment: string; status: 'opened' | 'closed'; description?: string; metadata: Record<string, string> };
type Payment = {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Amount;
  description?: string;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  metadata: Record<string, string>;
  /** only for a payment inside a safe deal; ordinary payments (decision 020) have none */
  deal?: { id: string; settlements: Array<{ type: string; amount: Amount }> };
  created_at: string;
  /** how the payer paid: set when the payer pays (succeed()), or at once when the shop chose (payment_method_data) */
  payment_method?: { type: string; id: string; saved: false; sbp_operation_id?: string; card?: { first6: string; last4: string; card_type: string } };
  /** the receipt as sent (kept here for tests; YooKassa does not echo it) and its registration */
  receipt?: unknown;
  receipt_registration?: 'pending' | 'succeeded' | 'canceled';
  /** a canceled payment's initiator and reason, as YooKassa reports them */
  cancellation_details?: { party: 'merchant' | 'yoo_money' | 'payment_network'; reason: string };
};
type Payout = {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: Amount;
  description?: string;
  metadata: Record<string, string>;
  deal?: { id: string };
  self_employed?: { id: string };
  /** the income receipt, present once the payout succeeded (receipt_data as sent, plus its id and print link) */
  receipt?: { service_name: string; npd_receipt_id: string; url: string; amount?: Amount };
  cancellation_details?: { party: 'yoo_money' | 'payout_network'; reason: string };
};
type SelfEmployedStatus = 'pending' | 'confirmed' | 'canceled' | 'unregistered';
type SelfEmployed = {
  id: string;
  status: SelfEmployedStatus;
  created_at: string;
  itn?: string;
  phone?: string;
  confirmation?: { type: 'redirect'; confirmation_url: string };
  test: boolean;
};
/** who is calling: the shop (payments, refunds, receipts, safe-deal payouts) or the payouts gateway (ordinary payouts) */
type Caller = 'shop' | 'gateway';
type Refund = {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: Amount;
  deal?: { id: string; refund_settlements: unknown[] };
  receipt?: unknown;
  receipt_registration?: 'pending' | 'succeeded' | 'canceled';
};
/** A separate receipt (`POST /receipts`) as YooKassa answers it, plus what was sent. */
type FiscalReceipt = {
  id: string;
  type: 'payment' | 'refund';
  payment_id?: string;
  refund_id?: string;
  status: 'pending' | 'succeeded' | 'canceled';
  items: unknown[];
  settlements: unknown[];
  tax_system_code?: number;
  fiscal_document_number?: string;
  fiscal_storage_number?: string;
  fiscal_attribute?: string;
  registered_at?: string;
  fiscal_provider_id?: string;
  /** kept for tests; YooKassa's answer has no customer */
  customer?: unknown;
};

const error = (c: Context<any>, status: 400 | 401 | 403 | 404, code: string, description: string, parameter?: string) =>
  c.json({ type: 'error', id: crypto.randomUUID(), code, description, ...(parameter ? { parameter } : {}) }, status);

/** the methods a shop may name in payment_method_data (a card and СБП are what Форма offers) */
const PAYMENT_METHODS: unknown[] = ['bank_card', 'sbp', 'yoo_money', 'sberbank', 'tinkoff_bank', 'sber_loan'];

const refusal = (c: Context<any>, problem: YookassaErrorEnvelope) => c.json(problem, 400);
/** what YooKassa answers for a payment or refund: the receipt itself is not echoed */
const wire = <T extends { receipt?: unknown }>({ receipt: _receipt, ...rest }: T) => rest;
const receiptWire = ({ customer: _customer, ...rest }: FiscalReceipt) => rest;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** НПД: at most 2.4 M ₽ of income a calendar year */
const NPD_YEARLY_LIMIT_KOPECKS = 240_000_000;

const kopecks = (amount: unknown) => {
  const a = amount as Amount | undefined;
  const m = a && typeof a.value === 'string' ? /^(\d+)\.(\d{2})$/.exec(a.value) : null;
  return m && a!.currency === 'RUB' ? Number(m[1]) * 100 + Number(m[2]) : null;
};

/**
 * `payoutGateway`: the payouts gateway's own credentials (agentId and its secret key). When given, payouts and
 * self-employed calls need them and refuse the shop's, as YooKassa keeps the two gateways apart; without it the shop's
 * credentials reach every path.
 */
export function fakeYookassa(shopId: string, secretKey: string, payoutGateway?: { agentId: string; secretKey: string }) {
  const deals = new Map<string, Deal>();
  const payments = new Map<string, Payment>();
  const payouts = new Map<string, Payout>();
  const refunds = new Map<string, Refund>();
  const receipts = new Map<string, FiscalReceipt>();
  const selfEmployed = new Map<string, SelfEmployed>();
  /** the receipt_data a payout asked for, registered when it succeeds */
  const receiptData = new Map<string, { service_name: string; amount?: Amount }>();
  let selfEmployedRefusal: 'canceled' | 'error' = 'canceled';
  let payoutsAtOnce = false;
  let receiptsHeld = false;
  /** (path, Idempotence-Key) → the body it was first sent with and the answer */
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const requests: Array<{ method: string; path: string; idempotenceKey: string | null; body: unknown }> = [];

  /** which caller made each payout: a payout is visible only to the credentials it was made with */
  const payoutOwners = new Map<string, Caller>();
  /** the year each payout was made in, for the НПД limit */
  const payoutYears = new Map<string, number>();

  const app = new Hono<{ Variables: { body: Record<string, any>; caller: Caller } }>().basePath('/v3');

  app.use('*', async (c, next) => {
    const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;
    const authorization = c.req.header('authorization');
    const caller: Caller | null =
      authorization === basic(shopId, secretKey) ? 'shop' : payoutGateway && authorization === basic(payoutGateway.agentId, payoutGateway.secretKey) ? 'gateway' : null;
    // the payouts gateway's key opens payouts (and the self-employed and СБП-bank lists) only
    const payoutPath = /^\/v3\/(payouts|self_employed|sbp_banks)(\/|$)/.test(c.req.path);
    if (!caller || (caller === 'gateway' && !payoutPath)) return error(c, 401, 'invalid_credentials', 'Login or password is incorrect');
    c.set('caller', caller);
    const key = c.req.header('idempotence-key') ?? null;
    const raw = c.req.method === 'POST' ? await c.req.text() : '';
    let parsed: Record<string, any> = {};
    try {
      parsed = raw ? JSON.parse(raw) : {};
    } catch {
      return error(c, 400, 'invalid_request', 'Request body is not a valid JSON');
    }
    requests.push({ method: c.req.method, path: c.req.path, idempotenceKey: key, body: raw ? parsed : undefined });
    c.set('body', parsed);
    if (c.req.method !== 'POST') return next();
    if (!key) return error(c, 400, 'invalid_request', "Idempotence key isn't specified", 'Idempotence-Key');
    const slot = `${c.req.path}|${key}`;
    const seen = idempotent.get(slot);
    if (seen) {
      if (seen.body !== raw) return error(c, 400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
      return c.json(seen.answer, seen.status as 200);
    }
    await next();
    if (c.res.status < 500) idempotent.set(slot, { body: raw, status: c.res.status, answer: await c.res.clone().json() });
  });

  app.post('/deals', (c) => {
    const b = c.get('body');
    if (b.type !== 'safe_deal') return error(c, 400, 'invalid_request', 'Invalid deal type', 'type');
    if (!['payment_succeeded', 'deal_closed'].includes(b.fee_moment)) return error(c, 400, 'invalid_request', 'Invalid fee_moment', 'fee_moment');
    const deal: Deal = { type: 'safe_deal', id: `dl-${crypto.randomUUID()}`, fee_moment: b.fee_moment, status: 'opened', description: b.description, metadata: b.metadata ?? {} };
    deals.set(deal.id, deal);
    return c.json(deal);
  });

  app.post('/payments', (c) => {
    const b = c.get('body');
    const amount = kopecks(b.amount);
    if (amount === null || amount <= 0) return error(c, 400, 'invalid_request', 'Invalid amount', 'amount');
    if (b.confirmation?.type !== 'redirect' || typeof b.confirmation.return_url !== 'string') return error(c, 400, 'invalid_request', 'Invalid confirmation', 'confirmation');
    if (b.description && String(b.description).length > 128) return error(c, 400, 'invalid_request', 'Description is too long', 'description');
    let deal: Payment['deal'];
    if (b.deal !== undefined) {
      if (!deals.has(b.deal?.id)) return error(c, 400, 'invalid_request', 'Deal not found', 'deal.id');
      const settlements = b.deal.settlements as Array<{ type: string; amount: Amount }> | undefined;
      if (!settlements?.length || settlements.some((s) => s.type !== 'payout' || kopecks(s.amount) === null || kopecks(s.amount)! > amount)) {
        return error(c, 400, 'invalid_request', 'Invalid settlements', 'deal.settlements');
      }
      deal = { id: b.deal.id, settlements };
    }
    const method = b.payment_method_data?.type;
    if (b.payment_method_data !== undefined && !PAYMENT_METHODS.includes(method)) return error(c, 400, 'invalid_request', 'Invalid payment method type', 'payment_method_data.type');
    if (method === 'sbp' && b.capture !== true) return error(c, 400, 'invalid_request', 'Two-stage payments are not available for sbp', 'capture');
    const problem = b.receipt !== undefined && receiptProblem(b.receipt, amount);
    if (problem) return refusal(c, problem);
    const id = crypto.randomUUID();
    if (b.receipt !== undefined) keepOwnReceipt({ type: 'payment', payment_id: id }, b.receipt, b.amount);
    const payment: Payment = {
      id,
      status: 'pending',
      paid: false,
      amount: b.amount,
      description: b.description,
      confirmation: { type: 'redirect', confirmation_url: `https://yoomoney.fake/checkout/payments/v2/contract?orderId=${id}`, return_url: b.confirmation.return_url },
      metadata: b.metadata ?? {},
      ...(deal ? { deal } : {}),
      ...(method ? { payment_method: { type: method, id, saved: false as const } } : {}),
      created_at: new Date().toISOString(),
      ...(b.receipt !== undefined ? { receipt: b.receipt, receipt_registration: 'pending' as const } : {}),
    };
    payments.set(id, payment);
    return c.json(wire(payment));
  });

  app.get('/payments/:id', (c) => {
    const payment = payments.get(c.req.param('id'));
    return payment ? c.json(wire(payment)) : error(c, 404, 'not_found', 'Payment not found');
  });

  app.post('/payouts', (c) => {
    const b = c.get('body');
    const amount = kopecks(b.amount);
    if (amount === null || amount <= 0) return error(c, 400, 'invalid_request', 'Invalid amount', 'amount');
    if (typeof b.payout_token !== 'string' || !b.payout_token) return error(c, 400, 'invalid_request', 'Payout destination is not specified', 'payout_token');
    if (b.deal && !deals.has(b.deal.id)) return error(c, 400, 'invalid_request', 'Deal not found', 'deal.id');
    // with a payouts gateway, a safe deal's payout is the shop's and an ordinary payout the gateway's
    if (payoutGateway && c.get('caller') === 'shop' && !b.deal) return error(c, 403, 'forbidden', 'Ordinary payouts are made through the payouts gateway');
    if (c.get('caller') === 'gateway' && b.deal) return error(c, 400, 'invalid_request', 'Deal payouts are made by the shop', 'deal');
    if (b.receipt_data !== undefined && b.self_employed === undefined) return error(c, 400, 'invalid_request', 'receipt_data is allowed only with self_employed', 'receipt_data');
    let refusedFor: string | null = null;
    if (b.self_employed !== undefined) {
      if (b.deal) return error(c, 400, 'invalid_request', 'Self-employed payouts are ordinary payouts only', 'self_employed');
      const person = selfEmployed.get(b.self_employed?.id);
      if (!person) return error(c, 400, 'invalid_request', 'Self-employed not found', 'self_employed.id');
      const name = b.receipt_data?.service_name;
      if (typeof name !== 'string' || name.length < 1 || name.length > 50) return error(c, 400, 'invalid_request', 'service_name must be 1 to 50 characters', 'receipt_data.service_name');
      if (b.receipt_data.amount !== undefined && kopecks(b.receipt_data.amount) !== amount) return error(c, 400, 'invalid_request', 'receipt_data amount must equal the payout amount', 'receipt_data.amount');
      // YooKassa checks the status, the permission and the yearly НПД limit (2.4 M ₽, this payout included)
      const year = new Date().getUTCFullYear();
      const paid = [...payouts.values()]
        .filter((p) => p.self_employed?.id === person.id && p.status !== 'canceled' && payoutYears.get(p.id) === year)
        .reduce((n, p) => n + kopecks(p.amount)!, 0);
      if (person.status !== 'confirmed') refusedFor = `Self-employed status is ${person.status}`;
      else if (paid + amount > NPD_YEARLY_LIMIT_KOPECKS) refusedFor = 'The self-employed yearly income limit would be exceeded';
      if (refusedFor && selfEmployedRefusal === 'error') return error(c, 400, 'invalid_request', refusedFor, 'self_employed');
    }
    const payout: Payout = {
      id: `po-${crypto.randomUUID()}`,
      status: refusedFor ? 'canceled' : 'pending',
      amount: b.amount,
      description: b.description,
      metadata: b.metadata ?? {},
      deal: b.deal,
      ...(b.self_employed ? { self_employed: { id: b.self_employed.id } } : {}),
      ...(refusedFor ? { cancellation_details: { party: 'yoo_money' as const, reason: 'general_decline' } } : {}),
    };
    payouts.set(payout.id, payout);
    payoutOwners.set(payout.id, c.get('caller'));
    payoutYears.set(payout.id, new Date().getUTCFullYear());
    if (b.receipt_data) receiptData.set(payout.id, { service_name: b.receipt_data.service_name, ...(b.receipt_data.amount ? { amount: b.receipt_data.amount } : {}) });
    if (payoutsAtOnce && payout.status === 'pending') settlePayout(payout.id, 'succeeded');
    return c.json(payout);
  });

  app.post('/self_employed', (c) => {
    const b = c.get('body');
    if (payoutGateway && c.get('caller') !== 'gateway') return error(c, 403, 'forbidden', 'Self-employed are registered through the payouts gateway');
    if (b.itn === undefined && b.phone === undefined) return error(c, 400, 'invalid_request', 'Either itn or phone is required', 'itn');
    if (b.itn !== undefined && (typeof b.itn !== 'string' || !/^\d{12}$/.test(b.itn))) return error(c, 400, 'invalid_request', 'itn must be 12 digits', 'itn');
    if (b.phone !== undefined && (typeof b.phone !== 'string' || !/^\d{4,15}$/.test(b.phone))) return error(c, 400, 'invalid_request', 'phone must be 4 to 15 digits', 'phone');
    if (b.confirmation !== undefined && b.confirmation?.type !== 'redirect') return error(c, 400, 'invalid_request', 'Invalid confirmation type', 'confirmation.type');
    const id = `se-${crypto.randomUUID()}`;
    const person: SelfEmployed = {
      id,
      status: 'pending',
      created_at: new Date().toISOString(),
      ...(b.itn ? { itn: b.itn } : {}),
      ...(b.phone ? { phone: b.phone } : {}),
      ...(b.confirmation ? { confirmation: { type: 'redirect' as const, confirmation_url: `https://yoomoney.fake/self-employed/confirm?id=${id}` } } : {}),
      test: true,
    };
    selfEmployed.set(id, person);
    return c.json(person);
  });

  app.get('/self_employed/:id', (c) => {
    const person = selfEmployed.get(c.req.param('id'));
    return person ? c.json(person) : error(c, 404, 'not_found', 'Self-employed not found');
  });

  app.get('/payouts/:id', (c) => {
    const payout = payouts.get(c.req.param('id'));
    return payout && payoutOwners.get(payout.id) === c.get('caller') ? c.json(payout) : error(c, 404, 'not_found', 'Payout not found');
  });

  app.post('/refunds', (c) => {
    const b = c.get('body');
    const payment = payments.get(b.payment_id);
    if (!payment) return error(c, 400, 'invalid_request', 'Payment not found', 'payment_id');
    const amount = kopecks(b.amount);
    if (amount === null || amount <= 0) return error(c, 400, 'invalid_request', 'Invalid amount', 'amount');
    if (payment.status !== 'succeeded') return error(c, 400, 'invalid_request', 'Payment is not succeeded', 'payment_id');
    const refunded = [...refunds.values()].filter((r) => r.payment_id === payment.id && r.status !== 'canceled').reduce((n, r) => n + kopecks(r.amount)!, 0);
    if (refunded + amount > kopecks(payment.amount)!) return error(c, 400, 'invalid_request', 'Refund amount exceeds payment amount', 'amount');
    if (b.deal && !payment.deal) return error(c, 400, 'invalid_request', 'Payment is not in a deal', 'deal');
    const problem = b.receipt !== undefined && receiptProblem(b.receipt, amount);
    if (problem) return refusal(c, problem);
    const refundId = crypto.randomUUID();
    const ownReceipt = b.receipt !== undefined ? keepOwnReceipt({ type: 'refund', refund_id: refundId }, b.receipt, b.amount) : null;
    if (ownReceipt && !receiptsHeld) register(ownReceipt, 'succeeded');
    const refund: Refund = {
      id: refundId,
      payment_id: payment.id,
      status: 'succeeded',
      amount: b.amount,
      deal: b.deal && { id: payment.deal!.id, ...b.deal },
      ...(ownReceipt ? { receipt: b.receipt, receipt_registration: ownReceipt.status } : {}),
    };
    refunds.set(refund.id, refund);
    return c.json(wire(refund));
  });

  app.get('/refunds/:id', (c) => {
    const refund = refunds.get(c.req.param('id'));
    return refund ? c.json(wire(refund)) : error(c, 404, 'not_found', 'Refund not found');
  });

  app.post('/receipts', (c) => {
    const b = c.get('body');
    const problem = separateReceiptProblem(b);
    if (problem) return refusal(c, problem);
    const settled = (b.settlements as Array<{ amount: Amount }>).reduce((n, s) => n + kopecks(s.amount)!, 0);
    if (b.type === 'payment') {
      const payment = payments.get(b.payment_id);
      if (!payment) return error(c, 400, 'invalid_request', 'Payment not found', 'payment_id');
      if (payment.status !== 'succeeded') return error(c, 400, 'invalid_request', 'Payment is not succeeded', 'payment_id');
      if (settled > kopecks(payment.amount)!) return error(c, 400, 'invalid_request', 'Settlements amount exceeds payment amount', 'settlements');
    } else {
      const refund = refunds.get(b.refund_id);
      if (!refund) return error(c, 400, 'invalid_request', 'Refund not found', 'refund_id');
      if (settled > kopecks(refund.amount)!) return error(c, 400, 'invalid_request', 'Settlements amount exceeds refund amount', 'settlements');
    }
    // YooKassa's receipt ids are 39 characters (its SDK checks the length)
    const receipt: FiscalReceipt = {
      id: `rt-${crypto.randomUUID()}`,
      type: b.type,
      ...(b.type === 'payment' ? { payment_id: b.payment_id } : { refund_id: b.refund_id }),
      status: 'pending',
      items: b.items,
      settlements: b.settlements,
      ...(b.tax_system_code !== undefined ? { tax_system_code: b.tax_system_code } : {}),
      customer: b.customer,
    };
    receipts.set(receipt.id, receipt);
    if (!receiptsHeld) register(receipt, 'succeeded');
    return c.json(receiptWire(receipt));
  });

  app.get('/receipts/:id', (c) => {
    const receipt = receipts.get(c.req.param('id'));
    return receipt ? c.json(receiptWire(receipt)) : error(c, 404, 'not_found', 'Receipt not found');
  });

  app.get('/receipts', (c) => {
    const paymentId = c.req.query('payment_id');
    const refundId = c.req.query('refund_id');
    const items = [...receipts.values()].filter((r) => (!paymentId || r.payment_id === paymentId) && (!refundId || r.refund_id === refundId));
    return c.json({ type: 'list', items: items.map(receiptWire) });
  });

  /** the receipt sent inside a payment or a refund, kept as the receipt object YooKassa lists (pending until registered) */
  function keepOwnReceipt(link: { type: 'payment'; payment_id: string } | { type: 'refund'; refund_id: string }, sent: any, amount: Amount) {
    const receipt: FiscalReceipt = {
      id: `rt-${crypto.randomUUID()}`,
      ...link,
      status: 'pending',
      items: sent.items,
      settlements: [{ type: 'cashless', amount }],
      ...(sent.tax_system_code !== undefined ? { tax_system_code: sent.tax_system_code } : {}),
      customer: sent.customer,
    };
    receipts.set(receipt.id, receipt);
    return receipt;
  }

  /** the receipt a payment or a refund carried, as its `receipt_registration` reports it */
  function ownReceiptOf(link: { payment_id: string } | { refund_id: string }) {
    return [...receipts.values()].find((r) =>
      'payment_id' in link ? r.type === 'payment' && r.payment_id === link.payment_id && (r.settlements as Array<{ type: string }>)[0]?.type === 'cashless' : r.type === 'refund' && r.refund_id === link.refund_id,
    );
  }

  /** the cash register answered: registered with made-up fiscal data (ФН 16 digits, ФД, ФП 10 digits), or not */
  function register(receipt: FiscalReceipt, status: 'succeeded' | 'canceled') {
    receipt.status = status;
    // a payment's or refund's own receipt: its receipt_registration says the same
    const owner = receipt.payment_id ? payments.get(receipt.payment_id) : receipt.refund_id ? refunds.get(receipt.refund_id) : undefined;
    if (owner?.receipt_registration && ownReceiptOf(receipt.payment_id ? { payment_id: receipt.payment_id } : { refund_id: receipt.refund_id! }) === receipt) owner.receipt_registration = status;
    if (status !== 'succeeded') return;
    Object.assign(receipt, {
      fiscal_document_number: String(1 + Math.floor(Math.random() * 99_999)),
      fiscal_storage_number: `9960${digits(12)}`,
      fiscal_attribute: `${1 + Math.floor(Math.random() * 9)}${digits(9)}`,
      registered_at: new Date().toISOString(),
      fiscal_provider_id: crypto.randomUUID(),
    });
  }

  /** the payout network answered; a self-employed payee's income receipt is registered with the money */
  function settlePayout(id: string, status: 'succeeded' | 'canceled') {
    const payout = payouts.get(id);
    if (!payout) throw new Error(`fake YooKassa has no payout ${id}`);
    payout.status = status;
    const asked = receiptData.get(id);
    if (status === 'succeeded' && asked && payout.self_employed) {
      const itn = selfEmployed.get(payout.self_employed.id)?.itn ?? '000000000000';
      const npdReceiptId = crypto.randomUUID().replace(/-/g, '').slice(0, 10);
      payout.receipt = { ...asked, npd_receipt_id: npdReceiptId, url: `https://www.nalog.gov.ru/api/v1/${itn}/${npdReceiptId}/print` };
    }
  }

  function settle(id: string, status: 'succeeded' | 'canceled', cancellation?: Payment['cancellation_details'], method?: 'bank_card' | 'sbp') {
    const payment = payments.get(id);
    if (!payment) throw new Error(`fake YooKassa has no payment ${id}`);
    if (method && payment.payment_method && payment.payment_method.type !== method) throw new Error(`payment ${id} is to be paid by ${payment.payment_method.type}`);
    if (status === 'succeeded') {
      const type = method ?? payment.payment_method?.type ?? 'bank_card';
      payment.payment_method = {
        type,
        id,
        saved: false,
        ...(type === 'sbp' ? { sbp_operation_id: crypto.randomUUID().replace(/-/g, '').toUpperCase() } : type === 'bank_card' ? { card: { first6: '220220', last4: '4242', card_type: 'Mir' } } : {}),
      };
    }
    payment.status = status;
    payment.paid = status === 'succeeded';
    if (cancellation) payment.cancellation_details = cancellation;
    // the payment's receipt goes to the register once the payment succeeds; a canceled payment gets none
    const own = ownReceiptOf({ payment_id: id });
    if (own && status === 'canceled') receipts.delete(own.id);
    if (own && status === 'succeeded' && !receiptsHeld) register(own, 'succeeded');
  }

  return {
    deals,
    payments,
    payouts,
    refunds,
    receipts,
    requests,
    /** the receipt object a payment or a refund carried (YooKassa lists it under the payment or the refund) */
    ownReceiptOf,
    /** from now on new receipts (a paid payment's, a refund's, separate ones) stay `pending` until settleReceipt(); false undoes it */
    holdReceipts(hold = true) {
      receiptsHeld = hold;
    },
    settleReceipt(id: string, status: 'succeeded' | 'canceled') {
      const receipt = receipts.get(id);
      if (!receipt) throw new Error(`fake YooKassa has no receipt ${id}`);
      register(receipt, status);
    },
    /** the payer paid on YooKassa's page: by the method the shop named, else as `method` says (a card by default) */
    succeed: (id: string, method?: 'bank_card' | 'sbp') => settle(id, 'succeeded', undefined, method),
    /** the bank declined the card (by default for lack of money), or `cancellation` says who canceled and why */
    cancel: (id: string, cancellation: Payment['cancellation_details'] = { party: 'payment_network', reason: 'insufficient_funds' }) => settle(id, 'canceled', cancellation),
    settlePayout,
    /** from now on a payout succeeds in the answer to its POST (as card payouts often do), receipt included */
    settlePayoutsAtOnce(atOnce = true) {
      payoutsAtOnce = atOnce;
    },
    selfEmployed,
    /** the person answered in «Мой налог» (confirmed, canceled), revoked later (canceled) or lost the status (unregistered) */
    setSelfEmployed(id: string, status: SelfEmployedStatus) {
      const person = selfEmployed.get(id);
      if (!person) throw new Error(`fake YooKassa has no self-employed ${id}`);
      person.status = status;
      // asked by phone only: YooKassa learns the ИНН from «Мой налог»
      if (status === 'confirmed' && !person.itn) person.itn = '500100732259';
    },
    /** how a self-employed payout YooKassa's checks refuse comes back: a canceled payout (default) or a 400 */
    refuseSelfEmployedPayoutsAs(mode: 'canceled' | 'error') {
      selfEmployedRefusal = mode;
    },
    /** a fetch that reaches the fake: pass it to the adapter, or stand it in for the global fetch */
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => app.request(input instanceof Request ? input : String(input), init)) as typeof fetch,
  };
}

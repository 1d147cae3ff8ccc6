// What YooKassa checks in a fiscal receipt (54-ФЗ, «Чеки от ЮKassa»; decision 020, research 037 §1 rows 4-11 and
// §3.3/§3.7), in one place shared by the offline sandbox and the test fake of YooKassa's API, so that a receipt our
// builder makes is refused locally exactly where the live API would refuse it. Pure: no I/O, no imports of the app.
// A refusal is YooKassa's own error envelope, `parameter` naming the field (`receipt.items[0].vat_code`).

/** ФФД 1.2 subjects of calculation (tag 1212) as YooKassa names them (SDK `PaymentSubject`). */
export const PAYMENT_SUBJECTS = [
  'commodity', 'excise', 'job', 'service', 'gambling_bet', 'gambling_prize', 'lottery', 'lottery_prize',
  'intellectual_activity', 'payment', 'agent_commission', 'property_right', 'non_operating_gain', 'insurance_premium',
  'sales_tax', 'resort_fee', 'composite', 'another', 'fine', 'tax', 'lien', 'cost', 'pension_insurance_without_payouts',
  'pension_insurance_with_payouts', 'health_insurance_without_payouts', 'health_insurance_with_payouts',
  'health_insurance', 'casino', 'agent_withdrawals', 'non_marked_excise', 'marked_excise', 'marked', 'non_marked',
] as const;
export type PaymentSubject = (typeof PAYMENT_SUBJECTS)[number];

/** Methods of calculation (tag 1214, SDK `PaymentMode`). */
export const PAYMENT_MODES = ['full_prepayment', 'partial_prepayment', 'advance', 'full_payment', 'partial_payment', 'credit', 'credit_payment'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Units of measure (tag 2108, required with ФФД 1.2). A consultation is a `piece`. */
export const MEASURES = [
  'piece', 'gram', 'kilogram', 'ton', 'centimeter', 'decimeter', 'meter', 'square_centimeter', 'square_decimeter',
  'square_meter', 'milliliter', 'liter', 'cubic_meter', 'kilowatt_hour', 'gigacalorie', 'day', 'hour', 'minute',
  'second', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'another',
] as const;
export type Measure = (typeof MEASURES)[number];

/** How a separate receipt's money was settled (SDK `SettlementType`); a settlement receipt uses `prepayment`. */
export const SETTLEMENT_TYPES = ['cashless', 'prepayment', 'postpayment', 'consideration'] as const;
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];

export const SEPARATE_RECEIPT_TYPES = ['payment', 'refund'] as const;
export type SeparateReceiptType = (typeof SEPARATE_RECEIPT_TYPES)[number];

/** VAT rates 1 «без НДС» … 12 «22/122» (11 and 12 since 2026-01-01); tax systems 1 ОСН … 6 патент. */
export const VAT_CODE_MIN = 1;
export const VAT_CODE_MAX = 12;
export const TAX_SYSTEM_CODE_MIN = 1;
export const TAX_SYSTEM_CODE_MAX = 6;
export const ITEM_DESCRIPTION_MAX = 128;
export const ITEMS_MAX = 100;

export type Amount = { value: string; currency: 'RUB' };
export type ReceiptCustomer = { email?: string; phone?: string; full_name?: string; inn?: string };
export type ReceiptItem = {
  description: string;
  /** a number (YooKassa also takes a decimal string, up to 3 decimals) */
  quantity: number;
  measure: Measure;
  /** the price of ONE unit: the line's money is amount × quantity */
  amount: Amount;
  vat_code: number;
  payment_subject: PaymentSubject;
  payment_mode: PaymentMode;
};
/** The `receipt` of `POST /payments` and `POST /refunds`. */
export type Receipt = { customer: ReceiptCustomer; items: ReceiptItem[]; tax_system_code?: number };
export type Settlement = { type: SettlementType; amount: Amount };
/** The body of `POST /receipts`: a receipt of its own, tied to a payment or a refund. */
export type SeparateReceipt = Receipt & {
  type: SeparateReceiptType;
  payment_id?: string;
  refund_id?: string;
  send: true;
  settlements: Settlement[];
};

export type YookassaErrorEnvelope = { type: 'error'; id: string; code: 'invalid_request'; description: string; parameter: string };

/** Thrown inside the checks and turned into the envelope at the edge, so each check is one line. */
class Refusal extends Error {
  readonly parameter: string;
  constructor(parameter: string, description: string) {
    super(description);
    this.parameter = parameter;
  }
}

const refuse = (parameter: string, description: string): never => {
  throw new Refusal(parameter, description);
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIntegerIn = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** An `{value: "NNN.NN", currency: "RUB"}` as kopecks, or a refusal naming `at`. Two decimals, as YooKassa wants. */
function amountKopecks(v: unknown, at: string): number {
  if (!isObject(v)) return refuse(at, 'Amount is missing or illegal');
  const m = typeof v.value === 'string' ? /^(\d{1,12})\.(\d{2})$/.exec(v.value) : null;
  if (!m) return refuse(`${at}.value`, 'Amount value must be a string with two decimal places, e.g. "100.00"');
  if (v.currency !== 'RUB') return refuse(`${at}.currency`, 'Currency must be RUB');
  return Number(m[1]) * 100 + Number(m[2]);
}

/** A quantity as thousandths (YooKassa takes up to 3 decimal places), so money × quantity stays integer arithmetic. */
function quantityThousandths(v: unknown, at: string): number {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v : null;
  const m = text === null ? null : /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return refuse(at, 'Quantity must be a positive number with at most 3 decimal places');
  const thousandths = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  if (thousandths <= 0) return refuse(at, 'Quantity must be greater than 0');
  return thousandths;
}

function checkCustomer(v: unknown, at: string) {
  if (!isObject(v)) return refuse(at, 'Customer is missing: specify the customer\'s email or phone');
  const hasEmail = v.email !== undefined;
  const hasPhone = v.phone !== undefined;
  if (!hasEmail && !hasPhone) refuse(at, 'Customer\'s email or phone is required');
  // tag 1008 (the buyer's phone or e-mail) holds at most 64 characters
  if (hasEmail && (typeof v.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(v.email) || v.email.length > 64)) refuse(`${at}.email`, 'Invalid email');
  if (hasPhone && (typeof v.phone !== 'string' || !/^\d{4,15}$/.test(v.phone))) refuse(`${at}.phone`, 'Phone must be 4 to 15 digits (ITU-T E.164)');
  if (v.full_name !== undefined && (typeof v.full_name !== 'string' || !v.full_name || v.full_name.length > 256)) refuse(`${at}.full_name`, 'Invalid full_name');
  if (v.inn !== undefined && (typeof v.inn !== 'string' || !/^(\d{10}|\d{12})$/.test(v.inn))) refuse(`${at}.inn`, 'INN must be 10 or 12 digits');
}

/** One item; returns the line's money in kopecks (unit amount × quantity), refused unless it is a whole kopeck. */
function checkItem(v: unknown, at: string): number {
  if (!isObject(v)) return refuse(at, 'Receipt item is illegal');
  if (typeof v.description !== 'string' || v.description.trim().length === 0) refuse(`${at}.description`, 'Item description is required');
  if ((v.description as string).length > ITEM_DESCRIPTION_MAX) refuse(`${at}.description`, `Item description must be at most ${ITEM_DESCRIPTION_MAX} characters`);
  const quantity = quantityThousandths(v.quantity, `${at}.quantity`);
  const unit = amountKopecks(v.amount, `${at}.amount`);
  if (!isIntegerIn(v.vat_code, VAT_CODE_MIN, VAT_CODE_MAX)) refuse(`${at}.vat_code`, `vat_code must be an integer from ${VAT_CODE_MIN} to ${VAT_CODE_MAX}`);
  if (!PAYMENT_SUBJECTS.includes(v.payment_subject as PaymentSubject)) refuse(`${at}.payment_subject`, 'Invalid payment_subject');
  if (!PAYMENT_MODES.includes(v.payment_mode as PaymentMode)) refuse(`${at}.payment_mode`, 'Invalid payment_mode');
  if (!MEASURES.includes(v.measure as Measure)) refuse(`${at}.measure`, 'Invalid or missing measure');
  const line = unit * quantity;
  if (line % 1000 !== 0) refuse(`${at}.amount`, 'Item amount multiplied by quantity must be a whole number of kopecks');
  return line / 1000;
}

/** The fields a receipt has wherever it travels; returns the items' total in kopecks. `at` is '' or 'receipt.'. */
function checkReceiptFields(r: Record<string, unknown>, at: string): number {
  checkCustomer(r.customer, `${at}customer`);
  if (!Array.isArray(r.items) || r.items.length === 0) return refuse(`${at}items`, 'Receipt must have at least one item');
  if (r.items.length > ITEMS_MAX) refuse(`${at}items`, `Receipt must have at most ${ITEMS_MAX} items`);
  const total = r.items.reduce<number>((sum, item, i) => sum + checkItem(item, `${at}items[${i}]`), 0);
  if (r.tax_system_code !== undefined && !isIntegerIn(r.tax_system_code, TAX_SYSTEM_CODE_MIN, TAX_SYSTEM_CODE_MAX)) {
    refuse(`${at}tax_system_code`, `tax_system_code must be an integer from ${TAX_SYSTEM_CODE_MIN} to ${TAX_SYSTEM_CODE_MAX}`);
  }
  return total;
}

const kopecksText = (k: number) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`;

function envelope(run: () => void): YookassaErrorEnvelope | null {
  try {
    run();
    return null;
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    return { type: 'error', id: crypto.randomUUID(), code: 'invalid_request', description: e.message, parameter: e.parameter };
  }
}

/**
 * The `receipt` of `POST /payments` or `POST /refunds`: null when YooKassa would take it, else its 400 envelope.
 * `amountKopecks` is the money it is for (the payment's or the refund's amount): the items must add up to it exactly.
 */
export function receiptProblem(receipt: unknown, amountKopecks: number): YookassaErrorEnvelope | null {
  return envelope(() => {
    if (!isObject(receipt)) refuse('receipt', 'Receipt is missing or illegal');
    const total = checkReceiptFields(receipt as Record<string, unknown>, 'receipt.');
    if (total !== amountKopecks) {
      refuse('receipt.items', `The sum of the receipt items (${kopecksText(total)}) must equal the amount (${kopecksText(amountKopecks)})`);
    }
  });
}

/**
 * The body of `POST /receipts`: null when valid, else the envelope (fields are named from the body's top, e.g.
 * `items[0].vat_code`). The money it is for is the settlements' sum, which the items must equal. Whether the named
 * payment or refund exists is the caller's to check.
 */
export function separateReceiptProblem(body: unknown): YookassaErrorEnvelope | null {
  return envelope(() => {
    if (!isObject(body)) refuse('type', 'Receipt is missing or illegal');
    const b = body as Record<string, unknown>;
    if (!SEPARATE_RECEIPT_TYPES.includes(b.type as SeparateReceiptType)) refuse('type', 'Receipt type must be payment or refund');
    const link = b.type === 'payment' ? 'payment_id' : 'refund_id';
    const other = b.type === 'payment' ? 'refund_id' : 'payment_id';
    if (typeof b[link] !== 'string' || !b[link]) refuse(link, `${link} is required for a ${b.type as string} receipt`);
    if (b[other] !== undefined) refuse(other, `${other} is not allowed in a ${b.type as string} receipt`);
    if (b.send !== true) refuse('send', 'send must be true');
    const total = checkReceiptFields(b, '');
    if (!Array.isArray(b.settlements) || b.settlements.length === 0) return refuse('settlements', 'Receipt must have at least one settlement');
    const settled = b.settlements.reduce<number>((sum, s: unknown, i) => {
      if (!isObject(s)) return refuse(`settlements[${i}]`, 'Settlement is illegal');
      if (!SETTLEMENT_TYPES.includes(s.type as SettlementType)) refuse(`settlements[${i}].type`, 'Invalid settlement type');
      const amount = amountKopecks(s.amount, `settlements[${i}].amount`);
      if (amount <= 0) refuse(`settlements[${i}].amount`, 'Settlement amount must be greater than 0');
      return sum + amount;
    }, 0);
    if (total !== settled) refuse('items', `The sum of the receipt items (${kopecksText(total)}) must equal the sum of the settlements (${kopecksText(settled)})`);
  });
}

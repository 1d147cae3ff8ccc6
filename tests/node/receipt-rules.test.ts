// The validator of YooKassa receipts (worker/payments/receipts/receipt-rules.ts) that the sandbox and the fake of
// YooKassa's API share: it takes what YooKassa takes and refuses the rest with YooKassa's envelope, `parameter`
// naming the field.
import { describe, expect, it } from 'vitest';
import { receiptProblem, separateReceiptProblem } from '../../worker/payments/receipts/receipt-rules.ts';

const goodItem = () => ({
  description: 'Консультация «Разбор резюме», 12.03.2026 19:00, Анна Соколова',
  quantity: 1,
  measure: 'piece',
  amount: { value: '1500.00', currency: 'RUB' },
  vat_code: 1,
  payment_subject: 'service',
  payment_mode: 'full_prepayment',
});
const goodReceipt = (): Record<string, any> => ({ customer: { email: 'mentee@forma.test' }, items: [goodItem()], tax_system_code: 3 });
const goodSeparate = (): Record<string, any> => ({
  type: 'payment',
  payment_id: '2f3c0000-000f-5000-9000-1b2c3d4e5f60',
  send: true,
  ...goodReceipt(),
  items: [{ ...goodItem(), payment_mode: 'full_payment' }],
  settlements: [{ type: 'prepayment', amount: { value: '1500.00', currency: 'RUB' } }],
});

/** the receipt with one change made by `edit`, refused (or not) for a payment of 1500 ₽ */
function refusedAt(edit: (r: Record<string, any>) => void, amountKopecks = 150_000) {
  const r = goodReceipt();
  edit(r);
  return receiptProblem(r, amountKopecks)?.parameter ?? null;
}

describe('receipt rules: the receipt of a payment or refund', () => {
  it('takes a well-formed receipt, with or without a tax system, by e-mail or by phone', () => {
    expect(receiptProblem(goodReceipt(), 150_000)).toBeNull();
    expect(refusedAt((r) => delete r.tax_system_code)).toBeNull();
    expect(refusedAt((r) => (r.customer = { phone: '79001234567' }))).toBeNull();
    expect(refusedAt((r) => (r.items[0].quantity = '1.000'))).toBeNull();
  });

  it('answers with YooKassa\'s error envelope', () => {
    const problem = receiptProblem({ ...goodReceipt(), items: [{ ...goodItem(), vat_code: 13 }] }, 150_000);
    expect(problem).toEqual({
      type: 'error',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      code: 'invalid_request',
      description: expect.stringMatching(/vat_code/),
      parameter: 'receipt.items[0].vat_code',
    });
  });

  it.each([
    ['no receipt at all', null, 'receipt'],
    ['no customer', (r: any) => delete r.customer, 'receipt.customer'],
    ['a customer with neither e-mail nor phone', (r: any) => (r.customer = { full_name: 'Мария' }), 'receipt.customer'],
    ['a malformed e-mail', (r: any) => (r.customer.email = 'mentee'), 'receipt.customer.email'],
    ['a phone with a plus', (r: any) => (r.customer = { phone: '+79001234567' }), 'receipt.customer.phone'],
    ['no items', (r: any) => (r.items = []), 'receipt.items'],
    ['101 items', (r: any) => (r.items = Array.from({ length: 101 }, () => ({ ...goodItem(), amount: { value: '1.00', currency: 'RUB' } }))), 'receipt.items'],
    ['an empty description', (r: any) => (r.items[0].description = ''), 'receipt.items[0].description'],
    ['a description of 129 characters', (r: any) => (r.items[0].description = 'я'.repeat(129)), 'receipt.items[0].description'],
    ['a quantity of 0', (r: any) => (r.items[0].quantity = 0), 'receipt.items[0].quantity'],
    ['a negative quantity', (r: any) => (r.items[0].quantity = -1), 'receipt.items[0].quantity'],
    ['an amount as a number', (r: any) => (r.items[0].amount = { value: 1500, currency: 'RUB' }), 'receipt.items[0].amount.value'],
    ['an amount with one decimal', (r: any) => (r.items[0].amount.value = '1500.0'), 'receipt.items[0].amount.value'],
    ['an amount without decimals', (r: any) => (r.items[0].amount.value = '1500'), 'receipt.items[0].amount.value'],
    ['an amount in dollars', (r: any) => (r.items[0].amount.currency = 'USD'), 'receipt.items[0].amount.currency'],
    ['no amount', (r: any) => delete r.items[0].amount, 'receipt.items[0].amount'],
    ['vat_code 0', (r: any) => (r.items[0].vat_code = 0), 'receipt.items[0].vat_code'],
    ['vat_code 13', (r: any) => (r.items[0].vat_code = 13), 'receipt.items[0].vat_code'],
    ['vat_code as a string', (r: any) => (r.items[0].vat_code = '1'), 'receipt.items[0].vat_code'],
    ['an unknown payment_subject', (r: any) => (r.items[0].payment_subject = 'consultation'), 'receipt.items[0].payment_subject'],
    ['no payment_mode', (r: any) => delete r.items[0].payment_mode, 'receipt.items[0].payment_mode'],
    ['an unknown payment_mode', (r: any) => (r.items[0].payment_mode = 'prepayment'), 'receipt.items[0].payment_mode'],
    ['no measure', (r: any) => delete r.items[0].measure, 'receipt.items[0].measure'],
    ['an unknown measure', (r: any) => (r.items[0].measure = 'session'), 'receipt.items[0].measure'],
    ['tax_system_code 7', (r: any) => (r.tax_system_code = 7), 'receipt.tax_system_code'],
    ['tax_system_code 0', (r: any) => (r.tax_system_code = 0), 'receipt.tax_system_code'],
    ['the second item bad', (r: any) => r.items.push({ ...goodItem(), vat_code: 99 }), 'receipt.items[1].vat_code'],
  ])('refuses %s', (_what, edit, parameter) => {
    if (edit === null) expect(receiptProblem(undefined, 150_000)?.parameter).toBe(parameter);
    else expect(refusedAt(edit)).toBe(parameter);
  });

  it('wants the items (unit amount × quantity) to add up to the money, kopeck exact', () => {
    // 3 × 333.33 = 999.99 against 1000.00: one kopeck short
    const three = (r: any) => (r.items = [{ ...goodItem(), quantity: 3, amount: { value: '333.33', currency: 'RUB' } }]);
    expect(refusedAt(three, 100_000)).toBe('receipt.items');
    expect(refusedAt(three, 99_999)).toBeNull();
    // 2 × 333.33 + 1 × 333.34 = 1000.00
    const split = (r: any) => (r.items = [{ ...goodItem(), quantity: 2, amount: { value: '333.33', currency: 'RUB' } }, { ...goodItem(), quantity: 1, amount: { value: '333.34', currency: 'RUB' } }]);
    expect(refusedAt(split, 100_000)).toBeNull();
    expect(refusedAt(() => {}, 150_001)).toBe('receipt.items');
    // 1.5 × 0.03 = 0.045 ₽: not a whole kopeck
    expect(refusedAt((r) => (r.items = [{ ...goodItem(), quantity: 1.5, amount: { value: '0.03', currency: 'RUB' } }]), 4)).toBe('receipt.items[0].amount');
  });
});

describe('receipt rules: a separate receipt (POST /receipts)', () => {
  const refused = (edit: (b: Record<string, any>) => void) => {
    const b = goodSeparate();
    edit(b);
    return separateReceiptProblem(b)?.parameter ?? null;
  };

  it('takes a settlement receipt and a refund receipt', () => {
    expect(separateReceiptProblem(goodSeparate())).toBeNull();
    expect(refused((b) => {
      b.type = 'refund';
      delete b.payment_id;
      b.refund_id = '2f3c0000-0015-5000-a000-1b2c3d4e5f60';
      b.settlements[0].type = 'cashless';
    })).toBeNull();
  });

  it.each([
    ['an unknown type', (b: any) => (b.type = 'settlement'), 'type'],
    ['a payment receipt without payment_id', (b: any) => delete b.payment_id, 'payment_id'],
    ['a payment receipt with a refund_id as well', (b: any) => (b.refund_id = 'r-1'), 'refund_id'],
    ['a refund receipt with payment_id', (b: any) => (b.type = 'refund'), 'refund_id'],
    ['a refund receipt with both ids', (b: any) => Object.assign(b, { type: 'refund', refund_id: 'r-1' }), 'payment_id'],
    ['send missing', (b: any) => delete b.send, 'send'],
    ['send false', (b: any) => (b.send = false), 'send'],
    ['no settlements', (b: any) => (b.settlements = []), 'settlements'],
    ['an unknown settlement type', (b: any) => (b.settlements[0].type = 'card'), 'settlements[0].type'],
    ['a settlement without amount', (b: any) => delete b.settlements[0].amount, 'settlements[0].amount'],
    ['a settlement of 0', (b: any) => (b.settlements[0].amount.value = '0.00'), 'settlements[0].amount'],
    ['items and settlements that differ', (b: any) => (b.settlements[0].amount.value = '1499.99'), 'items'],
    ['a bad item', (b: any) => (b.items[0].vat_code = 0), 'items[0].vat_code'],
    ['no customer', (b: any) => delete b.customer, 'customer'],
  ])('refuses %s', (_what, edit, parameter) => {
    expect(refused(edit)).toBe(parameter);
  });

  it('adds settlements up: two settlements pay for one item', () => {
    expect(refused((b) => (b.settlements = [
      { type: 'prepayment', amount: { value: '1000.00', currency: 'RUB' } },
      { type: 'cashless', amount: { value: '500.00', currency: 'RUB' } },
    ]))).toBeNull();
  });
});

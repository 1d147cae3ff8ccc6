// The receipts of decision 020's table (worker/payments/receipts/receipt-builder.ts): each one passes the validator
// YooKassa's fake and the sandbox share, adds up to its money to the kopeck, and describes what, when and with whom.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FISCAL_SETTINGS,
  fiscalSettings,
  itemDescription,
  paymentReceipt,
  refundReceipt,
  settlementReceipt,
  type Purchase,
} from '../../worker/payments/receipts/receipt-builder.ts';
import { receiptProblem, separateReceiptProblem, type Receipt } from '../../worker/payments/receipts/receipt-rules.ts';

const settings = DEFAULT_FISCAL_SETTINGS;
const email = 'mentee@forma.test';
// 12.03.2026 16:00 UTC is 19:00 in Moscow
const consultation: Purchase = { kind: 'consultation', title: 'Разбор резюме', startsAt: new Date('2026-03-12T16:00:00Z'), mentorName: 'Анна Соколова' };
const seat: Purchase = { kind: 'event', title: 'Вечер вопросов о собеседованиях', startsAt: new Date('2026-04-01T15:30:00Z'), mentorName: 'Анна Соколова' };
const pack: Purchase = { kind: 'package', title: 'Разбор резюме', mentorName: 'Анна Соколова' };

/** the items' money in kopecks, from the strings sent to YooKassa (no floats) */
const itemsKopecks = (r: Receipt) =>
  r.items.reduce((sum, i) => {
    const [rub, kop] = i.amount.value.split('.');
    return sum + (Number(rub) * 100 + Number(kop)) * i.quantity;
  }, 0);

describe('receipt builder', () => {
  it('describes what, when (Moscow time) and with whom', () => {
    expect(itemDescription(consultation)).toBe('Консультация «Разбор резюме», 12.03.2026 19:00, Анна Соколова');
    expect(itemDescription(seat)).toBe('Мероприятие «Вечер вопросов о собеседованиях», 01.04.2026 18:30, Анна Соколова');
    expect(itemDescription(pack)).toBe('Консультация по пакету «Разбор резюме», Анна Соколова');
    // midnight in Moscow is 00:00 of the next day, not 24:00 of this one
    expect(itemDescription({ ...consultation, startsAt: new Date('2026-03-12T21:00:00Z') })).toBe('Консультация «Разбор резюме», 13.03.2026 00:00, Анна Соколова');
  });

  it('cuts a long description to 128 characters with «…», keeping the time, the mentor and the note', () => {
    const long = { ...consultation, title: 'Очень подробный разбор резюме, сопроводительного письма и профиля на всех площадках для поиска работы в ИТ' };
    const text = itemDescription(long, 'по условиям отмены');
    expect(text).toHaveLength(128);
    expect(text).toMatch(/^Консультация «Очень подробный .*…», 12\.03\.2026 19:00, Анна Соколова, по условиям отмены$/);
    // a mentor's name so long the title has no room: the whole line is cut
    const crowded = itemDescription({ ...consultation, mentorName: 'А'.repeat(200) });
    expect(crowded).toHaveLength(128);
    expect(crowded.endsWith('…')).toBe(true);
    expect(receiptProblem(paymentReceipt({ email, purchase: long, settings, amountKopecks: 150_000 }), 150_000)).toBeNull();
  });

  it('builds the payment receipt of a consultation and of a seat: 1 × price, full prepayment, service', () => {
    const r = paymentReceipt({ email, purchase: consultation, settings, amountKopecks: 150_000 });
    expect(r).toEqual({
      customer: { email },
      items: [{
        description: 'Консультация «Разбор резюме», 12.03.2026 19:00, Анна Соколова',
        quantity: 1,
        measure: 'piece',
        amount: { value: '1500.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'service',
        payment_mode: 'full_prepayment',
      }],
      tax_system_code: 3,
    });
    expect(receiptProblem(r, 150_000)).toBeNull();
    const odd = paymentReceipt({ email, purchase: seat, settings, amountKopecks: 1050 });
    expect(odd.items[0]!.amount.value).toBe('10.50');
    expect(receiptProblem(odd, 1050)).toBeNull();
  });

  it('builds a package of N as N sessions at the session price', () => {
    const r = paymentReceipt({ email, purchase: pack, settings, amountKopecks: 5 * 135_000, sessions: 5 });
    expect(r.items).toEqual([expect.objectContaining({ quantity: 5, amount: { value: '1350.00', currency: 'RUB' }, payment_mode: 'full_prepayment' })]);
    expect(receiptProblem(r, 675_000)).toBeNull();
  });

  it('splits a package whose total does not divide by N, so the items still add up to the kopeck', () => {
    // 1000.00 ₽ for 3 sessions: 2 × 333.33 + 1 × 333.34
    const r = paymentReceipt({ email, purchase: pack, settings, amountKopecks: 100_000, sessions: 3 });
    expect(r.items.map((i) => [i.quantity, i.amount.value])).toEqual([[2, '333.33'], [1, '333.34']]);
    expect(itemsKopecks(r)).toBe(100_000);
    expect(receiptProblem(r, 100_000)).toBeNull();
    for (const [total, n] of [[100_001, 7], [99_999, 20], [5, 2], [1_234_567, 11]] as const) {
      const built = paymentReceipt({ email, purchase: pack, settings, amountKopecks: total, sessions: n });
      expect(itemsKopecks(built)).toBe(total);
      expect(built.items.reduce((q, i) => q + i.quantity, 0)).toBe(n);
      expect(receiptProblem(built, total)).toBeNull();
    }
  });

  it('refuses sums it cannot make a lawful receipt of', () => {
    expect(() => paymentReceipt({ email, purchase: consultation, settings, amountKopecks: 0 })).toThrow(RangeError);
    expect(() => paymentReceipt({ email, purchase: consultation, settings, amountKopecks: 10.5 })).toThrow(RangeError);
    expect(() => paymentReceipt({ email, purchase: pack, settings, amountKopecks: 100_000 })).toThrow(RangeError);
  });

  it('builds the settlement receipt of a release: prepayment settled, full payment, for POST /receipts', () => {
    const r = settlementReceipt({ email, purchase: consultation, settings, providerPaymentId: 'pay-1', amountKopecks: 150_050 });
    expect(r).toMatchObject({
      type: 'payment',
      payment_id: 'pay-1',
      send: true,
      customer: { email },
      tax_system_code: 3,
      items: [{ quantity: 1, amount: { value: '1500.50', currency: 'RUB' }, payment_mode: 'full_payment', payment_subject: 'service', measure: 'piece', vat_code: 1 }],
      settlements: [{ type: 'prepayment', amount: { value: '1500.50', currency: 'RUB' } }],
    });
    expect(r).not.toHaveProperty('refund_id');
    expect(separateReceiptProblem(r)).toBeNull();
    // one package session, released with its own time
    const session = settlementReceipt({ email, purchase: { ...pack, startsAt: consultation.startsAt }, settings, providerPaymentId: 'pay-2', amountKopecks: 33_334 });
    expect(session.items[0]!.description).toBe('Консультация по пакету «Разбор резюме», 12.03.2026 19:00, Анна Соколова');
    expect(separateReceiptProblem(session)).toBeNull();
  });

  it('says «по условиям отмены» on the settlement receipt of a late cancellation', () => {
    const r = settlementReceipt({ email, purchase: consultation, settings, providerPaymentId: 'pay-1', amountKopecks: 75_000, lateCancellation: true });
    expect(r.items[0]!.description).toBe('Консультация «Разбор резюме», 12.03.2026 19:00, Анна Соколова, по условиям отмены');
    expect(separateReceiptProblem(r)).toBeNull();
  });

  it('builds the refund receipt of the refunded sum, full prepayment, partial or full', () => {
    const partial = refundReceipt({ email, purchase: consultation, settings, amountKopecks: 75_001 });
    expect(partial.items).toEqual([expect.objectContaining({ quantity: 1, amount: { value: '750.01', currency: 'RUB' }, payment_mode: 'full_prepayment' })]);
    expect(receiptProblem(partial, 75_001)).toBeNull();
    expect(receiptProblem(refundReceipt({ email, purchase: seat, settings, amountKopecks: 150_000 }), 150_000)).toBeNull();
  });

  it('reads the fiscal settings from the two vars, with the defaults of decision 020', () => {
    expect(fiscalSettings({})).toEqual({ taxSystemCode: 3, vatCode: 1 });
    expect(fiscalSettings({ FISCAL_TAX_SYSTEM_CODE: '2', FISCAL_VAT_CODE: '11' })).toEqual({ taxSystemCode: 2, vatCode: 11 });
    expect(fiscalSettings({ FISCAL_TAX_SYSTEM_CODE: ' ', FISCAL_VAT_CODE: '' })).toEqual({ taxSystemCode: 3, vatCode: 1 });
    expect(() => fiscalSettings({ FISCAL_VAT_CODE: '13' })).toThrow(/FISCAL_VAT_CODE/);
    expect(() => fiscalSettings({ FISCAL_TAX_SYSTEM_CODE: '2.5' })).toThrow(/FISCAL_TAX_SYSTEM_CODE/);
    const custom = fiscalSettings({ FISCAL_TAX_SYSTEM_CODE: '6', FISCAL_VAT_CODE: '12' });
    const r = paymentReceipt({ email, purchase: consultation, settings: custom, amountKopecks: 100 });
    expect([r.tax_system_code, r.items[0]!.vat_code]).toEqual([6, 12]);
    expect(receiptProblem(r, 100)).toBeNull();
  });
});

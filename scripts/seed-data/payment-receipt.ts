// The fiscal receipt (приход) a seeded payment carried (decision 020), as the sandbox's receipt service would have
// registered it when the payment succeeded: our fiscal_receipts row with its fiscal data, and the receipt as sent, for
// the provider's own record of the payment. The items come from the product's own receipt builder.
import { DEFAULT_FISCAL_SETTINGS, paymentReceipt, type Purchase } from '../../worker/payments/receipts/receipt-builder.ts';
import type { Receipt } from '../../worker/payments/receipts/receipt-rules.ts';
import type { SeedContext } from './context.ts';
import type { Ref } from './plan.ts';

/** Digits drawn from the payment's seed key, not from the random stream, so the rest of the demo data stays as it was. */
function digitsOf(key: string, length: number) {
  let h = 2166136261;
  let out = '';
  while (out.length < length) {
    for (const ch of `${key}:${out.length}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    out += String(h).padStart(10, '0');
  }
  return out.slice(0, length);
}

export type SeedPurchase = { purchase: Purchase; payerEmail: string; amountKopecks: number; sessions?: number };

/** Plans the payment's receipt row, registered at `paidAt`; returns the receipt as it travelled with the payment. */
export function addPaymentReceipt(ctx: SeedContext, payment: Ref, what: SeedPurchase, key: string, paidAt: Date): Receipt {
  const receipt = paymentReceipt({ email: what.payerEmail, purchase: what.purchase, settings: DEFAULT_FISCAL_SETTINGS, amountKopecks: what.amountKopecks, sessions: what.sessions });
  const digits = digitsOf(key, 30);
  ctx.plan.add('fiscalReceipts', {
    kind: 'payment',
    paymentId: payment,
    amountKopecks: what.amountKopecks,
    items: receipt.items,
    status: 'succeeded',
    // ФН 16 digits (the sandbox's start with 9999), ФД, ФП 10 digits
    fiscalStorageNumber: `9999${digits.slice(0, 12)}`,
    fiscalDocumentNumber: String(1 + (Number(digits.slice(12, 17)) % 99_999)),
    fiscalAttribute: `1${digits.slice(17, 26)}`,
    registeredAt: paidAt,
    attempts: 1,
    createdAt: paidAt,
    updatedAt: paidAt,
  });
  return receipt;
}

// The fiscal receipts that travel with a payment or a refund (decision 020): built from what was bought, kept as a row
// before the provider is asked (so the receipt exists whatever the provider answers), and sent inside the provider's
// own request, as YooKassa's receipt service takes them.
import type { Bindings } from '../../env.ts';
import type { Db } from '../../../drizzle/db.ts';
import { fiscalSettings, paymentReceipt, refundReceipt, type Purchase } from './receipt-builder.ts';
import type { Receipt } from './receipt-rules.ts';
import { keepReceipt, receiptFacts, recordRefundReceipt, type ReceiptFacts } from './fiscal-receipts.queries.ts';

export { recordRefundReceipt };

function common(env: Bindings, facts: ReceiptFacts) {
  const purchase: Purchase = {
    kind: facts.service_type,
    title: facts.title,
    // a package's payment buys sessions still to be booked: no start
    startsAt: facts.service_type !== 'package' && facts.starts_at ? new Date(facts.starts_at) : null,
    mentorName: facts.mentor_name,
  };
  return { purchase, settings: fiscalSettings(env) };
}

/** The payer's contact for the receipt service: the e-mail, or the phone of an account that has none. */
function customer(receipt: Receipt, facts: ReceiptFacts): Receipt {
  if (facts.email) return receipt;
  return { ...receipt, customer: { phone: (facts.phone ?? '').replace(/\D/g, '') } };
}

/** The payment receipt (приход) of a payment, kept and returned for `POST /payments`; null when the payment is gone. */
export async function paymentReceiptFor(db: Db, env: Bindings, paymentId: string, amountKopecks: number): Promise<Receipt | null> {
  const facts = await receiptFacts(db, paymentId);
  if (!facts) return null;
  const built = customer(paymentReceipt({ email: facts.email ?? '', ...common(env, facts), amountKopecks, sessions: facts.sessions ?? undefined }), facts);
  await keepReceipt(db, { kind: 'payment', paymentId, amountKopecks, items: built.items });
  return built;
}

/** The refund receipt (возврат прихода) of one refund, kept and returned for `POST /refunds`. */
export async function refundReceiptFor(db: Db, env: Bindings, paymentId: string, refundId: string, amountKopecks: number): Promise<Receipt | null> {
  const facts = await receiptFacts(db, paymentId);
  if (!facts) return null;
  const built = customer(refundReceipt({ email: facts.email ?? '', ...common(env, facts), amountKopecks }), facts);
  await keepReceipt(db, { kind: 'refund', paymentId, refundId, amountKopecks, items: built.items });
  return built;
}

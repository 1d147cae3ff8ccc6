// A consultation's payment held in escrow, as the sandbox provider would have it on both sides: our payments row
// with its ledger entry, and the provider's own record (so a refund or payout goes through the sandbox like any other).
import type { SeedContext } from './context.ts';
import { Computed, type Ref } from './plan.ts';
import type { Booking } from './schedule.ts';
import { addMinutes } from './time.ts';

export function addHeldPayment(ctx: SeedContext, booking: Booking, key: string, paidAt: Date): Ref {
  const { plan } = ctx;
  const amountKopecks = booking.slot.type.costs * 100;
  const providerPaymentId = `sbx_pay_${key}`;
  const dealId = `sbx_deal_${key}`;
  const payment: Ref = plan.add('payments', {
    provider: 'sandbox',
    serviceType: 'consultation',
    bookingId: booking.ref,
    payerId: booking.mentee.ref,
    payeeId: booking.slot.mentor.ref,
    amountKopecks,
    status: 'succeeded',
    paymentMethod: 'bank_card',
    providerDealId: dealId,
    providerPaymentId,
    returnUrl: '/payment-return',
    paidAt,
    createdAt: addMinutes(paidAt, -3),
    updatedAt: paidAt,
  });
  plan.add('sandboxProviderObjects', {
    id: providerPaymentId,
    kind: 'payment',
    status: 'succeeded',
    amountKopecks,
    idempotencyKey: key,
    request: new Computed([payment], ([paymentId]) => ({
      description: `Консультация «${booking.slot.type.name}»`,
      return_url: '/payment-return',
      metadata: { payment_id: String(paymentId) },
      deal: { id: dealId, settlements: [] },
      payment_method: { type: 'bank_card' },
    })),
    createdAt: addMinutes(paidAt, -3),
    updatedAt: paidAt,
  });
  plan.add('ledgerEntries', { paymentId: payment, kind: 'payment_received', debit: 'payer', credit: 'escrow', amountKopecks, createdAt: paidAt });
  return payment;
}

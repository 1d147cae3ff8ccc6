// A consultation's payment held in escrow, as the sandbox provider would have it on both sides: our payments row
// with its ledger entry and fiscal receipt, and the provider's own record (so a refund or payout goes through the
// sandbox like any other). An ordinary one-stage payment in our own escrow, as every payment since decision 020.
// A top-up (decision 024) is one more such payment of the booking: the difference paid when it moved to a dearer type.
import type { SeedContext } from './context.ts';
import { Computed, type Ref } from './plan.ts';
import type { Booking } from './schedule.ts';
import { addMinutes } from './time.ts';
import { addPaymentReceipt } from './payment-receipt.ts';

/**
 * The top-up of a move to a dearer type: the move it pays for, the difference, and the new type's name (what the top-up
 * buys, as the server names it: the payment's service_title and its receipt; the receipt's time is the booking's when paid).
 */
export type TopUp = { move: Ref; amountKopecks: number; typeName: string };

export function addHeldPayment(ctx: SeedContext, booking: Booking, key: string, paidAt: Date, topUp?: TopUp): Ref {
  const { plan } = ctx;
  const amountKopecks = topUp?.amountKopecks ?? booking.slot.type.costs * 100;
  const title = topUp?.typeName ?? booking.slot.type.name;
  const providerPaymentId = `sbx_pay_${key}`;
  const payment: Ref = plan.add('payments', {
    provider: 'sandbox',
    serviceType: 'consultation',
    bookingId: booking.ref,
    ...(topUp && { typeMoveId: topUp.move }),
    payerId: booking.mentee.ref,
    payeeId: booking.slot.mentor.ref,
    amountKopecks,
    status: 'succeeded',
    paymentMethod: 'bank_card',
    providerPaymentId,
    returnUrl: '/payment-return',
    paidAt,
    createdAt: addMinutes(paidAt, -3),
    updatedAt: paidAt,
  });
  const { mentor, startsAt } = booking.slot;
  const purchase = { kind: 'consultation' as const, title, startsAt, mentorName: `${mentor.firstName} ${mentor.lastName}` };
  const receipt = addPaymentReceipt(ctx, payment, { purchase, payerEmail: booking.mentee.email, amountKopecks }, key, paidAt);
  plan.add('sandboxProviderObjects', {
    id: providerPaymentId,
    kind: 'payment',
    status: 'succeeded',
    amountKopecks,
    idempotencyKey: key,
    request: new Computed([payment], ([paymentId]) => ({
      // as the server describes each to the provider (payments/deals.ts, bookings/type-move.ts)
      description: topUp ? `Доплата за перенос консультации «${title}»` : `Консультация «${title}»`,
      return_url: '/payment-return',
      metadata: { payment_id: String(paymentId) },
      payment_method: { type: 'bank_card' },
      receipt,
    })),
    createdAt: addMinutes(paidAt, -3),
    updatedAt: paidAt,
  });
  plan.add('ledgerEntries', { paymentId: payment, kind: 'payment_received', debit: 'payer', credit: 'escrow', amountKopecks, createdAt: paidAt });
  return payment;
}

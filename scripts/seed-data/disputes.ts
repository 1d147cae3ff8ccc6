// One open dispute for the admin's disputes screen: a finished consultation whose buyer complained, so its
// payment is still held in escrow. The payment exists on both sides, as the sandbox provider would have it:
// our payments row with its ledger entry, and the provider's own record (so a refund decided by the admin
// goes through the sandbox like any other).
import type { SeedContext } from './context.ts';
import { Computed, type Ref } from './plan.ts';
import type { Booking } from './schedule.ts';
import { addMinutes, HOUR } from './time.ts';

const complaint =
  'Наставник подключился на 25 минут позже и закончил раньше времени, половину встречи мы не успели. Прошу вернуть деньги хотя бы частично.';

export function planDisputes(ctx: SeedContext, finished: Booking[]) {
  const { plan } = ctx;
  // the demo mentor's most recent session with another mentee
  const booking = finished
    .filter((b) => b.slot.mentor.isDemo && !b.mentee.isDemo)
    .sort((a, b) => b.slot.startsAt.getTime() - a.slot.startsAt.getTime())[0];
  if (!booking) throw new Error('seed: the demo mentor has no finished session to dispute');
  const amountKopecks = booking.slot.type.costs * 100;
  const paidAt = new Date(booking.slot.startsAt.getTime() - 3 * 24 * HOUR);
  const providerPaymentId = 'sbx_pay_seed-dispute-1';
  const payment: Ref = plan.add('payments', {
    provider: 'sandbox',
    serviceType: 'consultation',
    bookingId: booking.ref,
    payerId: booking.mentee.ref,
    payeeId: booking.slot.mentor.ref,
    amountKopecks,
    status: 'succeeded',
    providerDealId: 'sbx_deal_seed-dispute-1',
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
    idempotencyKey: 'seed-dispute-1',
    request: new Computed([payment], ([paymentId]) => ({
      description: `Консультация «${booking.slot.type.name}»`,
      return_url: '/payment-return',
      metadata: { payment_id: String(paymentId) },
      deal: { id: 'sbx_deal_seed-dispute-1', settlements: [] },
    })),
    createdAt: addMinutes(paidAt, -3),
    updatedAt: paidAt,
  });
  plan.add('ledgerEntries', { paymentId: payment, kind: 'payment_received', debit: 'payer', credit: 'escrow', amountKopecks, createdAt: paidAt });
  plan.add('disputes', {
    bookingId: booking.ref,
    openedBy: booking.mentee.ref,
    source: 'buyer',
    text: complaint,
    status: 'open',
    createdAt: addMinutes(booking.slot.endsAt, 40),
  });
}

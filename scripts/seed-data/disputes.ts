// One open dispute for the admin's disputes screen: a finished consultation whose buyer complained, so its
// payment is still held in escrow (held-payment.ts), and a refund decided by the admin goes through the sandbox.
import type { SeedContext } from './context.ts';
import { addHeldPayment } from './held-payment.ts';
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
  addHeldPayment(ctx, booking, 'seed-dispute-1', new Date(booking.slot.startsAt.getTime() - 3 * 24 * HOUR));
  plan.add('disputes', {
    bookingId: booking.ref,
    openedBy: booking.mentee.ref,
    source: 'buyer',
    text: complaint,
    status: 'open',
    createdAt: addMinutes(booking.slot.endsAt, 40),
  });
}

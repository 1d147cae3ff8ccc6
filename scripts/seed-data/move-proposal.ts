// A mentor's proposal waiting for the demo mentee's answer (issue 38 §1, decision 024, «The mentor proposes a new
// time»): the mentor she has met asks, an hour before the data's moment, to move her upcoming paid consultation to a
// later free slot of the same type. As the server stores it (worker/bookings/move-proposals.queries.ts): pending,
// holding that slot for 24 hours at most and never past the booking's start; she is told (booking_move_proposed) and
// the mentor's line is in their chat, in reschedule.notices.ts' words. Without the random source.
import { proposedChatLine, proposedNotice } from '../../worker/bookings/reschedule.notices.ts';
import { PROPOSAL_HOURS } from '../../worker/bookings/move-proposals.queries.ts';
import type { SeedContext } from './context.ts';
import { addChatLine, addNotices, seedSides } from './move-telling.ts';
import type { People } from './people.ts';
import { Ref } from './plan.ts';
import type { Booking, Schedule } from './schedule.ts';
import { addDays, addMinutes, atLocal, HOUR, localDateOf, minDate } from './time.ts';

/** The first slot of the booking's mentor and type after its own that nobody has booked; else one made at 07:00. */
function laterFreeSlot(ctx: SeedContext, booking: Booking): { ref: Ref; startsAt: Date } {
  const { plan } = ctx;
  const { mentor, type } = booking.slot;
  const taken = new Set(plan.rows.consultationBookings.filter((b) => b.status !== 'canceled').map((b) => (b.slotId as Ref).index));
  const own = plan.rows.consultationSlots.map((row, index) => ({ row, ref: new Ref('consultationSlots', index) })).filter(({ row }) => row.mentorId === mentor.ref);
  const free = own
    .filter(({ row, ref }) => row.consultationTypeId === type.ref && !taken.has(ref.index) && (row.startsAt as Date) > booking.slot.startsAt)
    .sort((a, b) => (a.row.startsAt as Date).getTime() - (b.row.startsAt as Date).getTime())[0];
  if (free) return { ref: free.ref, startsAt: free.row.startsAt as Date };
  // none published: the mentor adds one at 07:00 (before their mornings) on the first later day it overlaps nothing
  for (let day = localDateOf(booking.slot.startsAt, mentor.zone); ; ) {
    day = addDays(day, 1);
    const startsAt = atLocal(day, 7 * 60, mentor.zone);
    const endsAt = addMinutes(startsAt, type.durationMinutes);
    if (own.some(({ row }) => (row.startsAt as Date) < endsAt && (row.endsAt as Date) > startsAt)) continue;
    const ref = plan.add('consultationSlots', { mentorId: mentor.ref, consultationTypeId: type.ref, startsAt, endsAt, createdAt: new Date(ctx.now.getTime() - 2 * HOUR) });
    return { ref, startsAt };
  }
}

export function planMoveProposal(ctx: SeedContext, people: People, schedule: Schedule) {
  const { plan, now } = ctx;
  const booking = schedule.upcoming.find((b) => b.mentee.isDemo && !b.slot.mentor.isDemo && b.slot.type.costs > 0)!;
  const { mentor } = booking.slot;
  const slot = laterFreeSlot(ctx, booking);
  const proposedAt = new Date(now.getTime() - HOUR);
  const expiresAt = minDate(new Date(proposedAt.getTime() + PROPOSAL_HOURS * HOUR), booking.slot.startsAt);
  const proposal = plan.add('bookingMoveProposals', {
    bookingId: booking.ref,
    slotId: slot.ref,
    proposedBy: mentor.ref,
    status: 'pending',
    expiresAt,
    createdAt: proposedAt,
  });
  const who = seedSides(mentor, people.demoMentee, booking.slot.type.name, booking.slot.startsAt);
  const proposed = { slotStartsAt: slot.startsAt, expiresAt };
  addNotices(ctx, who, [booking.ref, proposal], (sides, [, proposalId]) => [proposedNotice({ sides, ...proposed }, proposalId!)], proposedAt, null);
  addChatLine(ctx, who, mentor.ref, proposedChatLine({ sides: who.sides, ...proposed }), proposedAt);
  return proposal;
}

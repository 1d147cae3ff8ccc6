// A moved consultation (issue 38 §1, decision 024): the demo mentee booked and paid a consultation with the mentor she
// has met for a morning six days ahead, then moved it to three days later. The booking stands on the new slot with
// its payment held as it was paid (the receipt names the time it was bought for), its calendar revision raised once,
// both people told and a line in their chat (in the server's words, move-telling.ts); the old slot is free again.
// Another mentor than the demo one: a paid consultation with the demo mentor would move the demo mentee's loyalty step
// (decision 006). Written without the random source, so the rest of the demo data draws the same as before.
import type { BookingSides } from '../../worker/bookings/bookings.queries.ts';
import { movedChatLine, movedNotices, type Move } from '../../worker/bookings/reschedule.notices.ts';
import type { SeedContext } from './context.ts';
import { addHeldPayment } from './held-payment.ts';
import { addChatLine, addNotices, seedSides } from './move-telling.ts';
import type { People } from './people.ts';
import type { Schedule, Slot } from './schedule.ts';
import { addDays, addMinutes, atLocal, DAY, HOUR } from './time.ts';

export const RESCHEDULED_QUESTION = 'Хочу разобрать, как рассказывать о проектах на собеседовании.';

/** the mentor she has met and has an upcoming consultation with (the first chat room of hers with a mentor not the demo one) */
export const rescheduledMentor = (schedule: Schedule) => schedule.upcoming.find((b) => b.mentee.isDemo && !b.slot.mentor.isDemo)!.slot.mentor;

export function planRescheduledBooking(ctx: SeedContext, people: People, schedule: Schedule) {
  const { plan, now, today } = ctx;
  const mentee = people.demoMentee;
  const mentor = rescheduledMentor(schedule);
  const type = schedule.types.find((t) => t.mentor === mentor && t.costs > 0)!;
  // 07:00 in the mentor's zone: before every slot the schedule gives a mentor (mornings start at 9), so nothing overlaps
  const slotOn = (days: number): Slot => {
    const startsAt = atLocal(addDays(today, days), 7 * 60, mentor.zone);
    const endsAt = addMinutes(startsAt, type.durationMinutes);
    const ref = plan.add('consultationSlots', { mentorId: mentor.ref, consultationTypeId: type.ref, startsAt, endsAt, createdAt: new Date(now.getTime() - 7 * DAY) });
    return { ref, mentor, type, startsAt, endsAt };
  };
  const was = slotOn(6);
  const moved = slotOn(9);
  const createdAt = new Date(now.getTime() - 4 * DAY);
  const paidAt = addMinutes(createdAt, 6);
  const movedAt = new Date(now.getTime() - 5 * HOUR);
  const booking = plan.add('consultationBookings', {
    slotId: moved.ref,
    menteeId: mentee.ref,
    mentorId: mentor.ref,
    consultationTypeId: type.ref,
    status: 'paid',
    questions: RESCHEDULED_QUESTION,
    price: type.costs,
    paidAt,
    // the calendar's SEQUENCE: raised by the move
    revision: 1,
    createdAt,
    updatedAt: movedAt,
  });
  // paid for the first time; the payment stayed with the booking when it moved
  addHeldPayment(ctx, { ref: booking, slot: was, mentee, paidAt }, 'seed-rescheduled', paidAt);

  // told as the server tells a move (reschedule.notices.ts), the mentee's own confirmation read
  const who = seedSides(mentor, mentee, type.name, moved.startsAt);
  const moveOf = (sides: BookingSides): Move => ({ sides, oldStartsAt: was.startsAt, revision: 1, by: 'mentee' });
  addNotices(ctx, who, [booking], (sides) => movedNotices(moveOf(sides)), movedAt, mentee.ref);
  addChatLine(ctx, who, mentee.ref, movedChatLine(moveOf(who.sides)), movedAt);
  return booking;
}

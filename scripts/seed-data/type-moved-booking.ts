// A consultation moved onto a dearer format of its mentor (issue 38 §1, decision 024, «Moving to another type»): the
// demo mentee booked and paid the cheapest consultation of the other mentor she has met, then moved it three days later
// onto a longer, dearer type of theirs and paid the difference. Rows as the server leaves them once the top-up succeeded
// (worker/bookings/type-move.ts, payment-events.ts topUpMovesBooking): the booking on the new slot with the new type, its
// name, price and cut-off, its revision raised; the old slot free; the move `done`; two payments held, the booking's own
// and the top-up, each with its ledger entry, receipt and sandbox object; both told and, if they have a room, a line in
// their chat. Not with the demo mentor (the loyalty step, as rescheduled-booking.ts says). Without the random source.
import type { BookingSides } from '../../worker/bookings/bookings.queries.ts';
import { movedChatLine, movedNotices, type Move } from '../../worker/bookings/reschedule.notices.ts';
import { catalog } from './catalog.ts';
import type { SeedContext } from './context.ts';
import { addHeldPayment } from './held-payment.ts';
import { addChatLine, addNotices, seedSides } from './move-telling.ts';
import type { Mentor, People } from './people.ts';
import { roundTo } from './random.ts';
import { rescheduledMentor } from './rescheduled-booking.ts';
import type { ConsultationType, Schedule, Slot } from './schedule.ts';
import { addDays, addMinutes, atLocal, DAY, HOUR } from './time.ts';

export const TYPE_MOVED_QUESTION = 'После пробной встречи хочу разобрать мой план подробно: нужен формат подлиннее.';

/** The mentor's dearest type above `from`, or, if they have none, one more type of their category, longer and dearer. */
function dearerType(ctx: SeedContext, schedule: Schedule, mentor: Mentor, from: ConsultationType): ConsultationType {
  const own = schedule.types.filter((t) => t.mentor === mentor);
  const dearer = own.filter((t) => t.costs > from.costs).sort((a, b) => b.costs - a.costs)[0];
  if (dearer) return dearer;
  const template = catalog[mentor.category].consultations.find((t) => !own.some((o) => o.name === t.name));
  if (!template) throw new Error('seed: no consultation type left to give the type-moved booking\'s mentor');
  // at most 90 minutes, so its 07:00 slot ends before the mentor's mornings (from 9)
  const durationMinutes = Math.min(90, Math.max(...template.durations));
  const costs = Math.max(from.costs + 500, roundTo((mentor.price * durationMinutes) / 60, 500));
  const ref = ctx.plan.add('consultationTypes', {
    mentorId: mentor.ref,
    name: template.name,
    description: template.description,
    durationMinutes,
    costs,
    createdAt: new Date(ctx.now.getTime() - 10 * DAY),
  });
  return { ref, mentor, name: template.name, durationMinutes, costs };
}

export function planTypeMovedBooking(ctx: SeedContext, people: People, schedule: Schedule) {
  const { plan, now, today } = ctx;
  const mentee = people.demoMentee;
  const taken = rescheduledMentor(schedule);
  const met = schedule.finished.filter((b) => b.mentee.isDemo).map((b) => b.slot.mentor);
  const mentor = met.find((m) => !m.isDemo && m !== taken) ?? people.mentors.find((m) => !m.isDemo && m !== taken)!;
  const from = schedule.types.filter((t) => t.mentor === mentor && t.costs > 0).sort((a, b) => a.costs - b.costs)[0]!;
  const to = dearerType(ctx, schedule, mentor, from);
  // 07:00 in the mentor's zone: before every slot the schedule gives a mentor (mornings start at 9), so nothing overlaps
  const slotOn = (days: number, type: ConsultationType): Slot => {
    const startsAt = atLocal(addDays(today, days), 7 * 60, mentor.zone);
    const endsAt = addMinutes(startsAt, type.durationMinutes);
    const ref = plan.add('consultationSlots', { mentorId: mentor.ref, consultationTypeId: type.ref, startsAt, endsAt, createdAt: new Date(now.getTime() - 8 * DAY) });
    return { ref, mentor, type, startsAt, endsAt };
  };
  const was = slotOn(5, from);
  const moved = slotOn(8, to);
  const createdAt = new Date(now.getTime() - 3 * DAY);
  const paidAt = addMinutes(createdAt, 5);
  // the quote and the move, the top-up paid on the provider's page, the webhook moving the booking
  const quotedAt = new Date(now.getTime() - 3 * HOUR);
  const topUpPaidAt = addMinutes(quotedAt, 4);
  const booking = plan.add('consultationBookings', {
    slotId: moved.ref,
    menteeId: mentee.ref,
    mentorId: mentor.ref,
    // its type_name and cancel_cutoff_hours are the new type's: the insert's triggers copy them from it
    consultationTypeId: to.ref,
    status: 'paid',
    questions: TYPE_MOVED_QUESTION,
    price: to.costs,
    regularPrice: to.costs,
    paidAt,
    // the calendar's SEQUENCE: raised by the move
    revision: 1,
    createdAt,
    updatedAt: topUpPaidAt,
  });
  const move = plan.add('bookingTypeMoves', {
    bookingId: booking,
    fromSlotId: was.ref,
    toSlotId: moved.ref,
    fromTypeId: from.ref,
    toTypeId: to.ref,
    priceBefore: from.costs,
    priceAfter: to.costs,
    regularPriceAfter: to.costs,
    typeNameAfter: to.name,
    cancelCutoffHoursAfter: (to as { bookingRules?: { cancelCutoffHours?: number } }).bookingRules?.cancelCutoffHours ?? 0,
    status: 'done',
    holdExpiresAt: null,
    doneAt: topUpPaidAt,
    createdAt: quotedAt,
  });
  // its own payment, for the old type, and the top-up, started while the booking still stood on the old slot
  const paid = { ref: booking, slot: was, mentee };
  addHeldPayment(ctx, paid, 'seed-type-moved', paidAt);
  const topUpKopecks = (to.costs - from.costs) * 100;
  addHeldPayment(ctx, paid, 'seed-type-moved-top-up', topUpPaidAt, { move, amountKopecks: topUpKopecks, typeName: to.name });

  const who = seedSides(mentor, mentee, to.name, moved.startsAt);
  const money = { typeNameBefore: from.name, paidKopecks: topUpKopecks, returnedKopecks: 0 };
  const moveOf = (sides: BookingSides): Move => ({ sides, oldStartsAt: was.startsAt, revision: 1, by: 'mentee', money });
  addNotices(ctx, who, [booking], (sides) => movedNotices(moveOf(sides)), topUpPaidAt, mentee.ref);
  addChatLine(ctx, who, mentee.ref, movedChatLine(moveOf(who.sides)), topUpPaidAt);
  return booking;
}

// The meeting rooms of the consultations already held (decision 021, «Demo data»): who came, as the room's Durable
// Object records it, so the reliability figures have something to count. Every mentor came to every held session;
// now and then a mentee did not. Mentors with five or more held sessions show their attendance, those with fewer
// show «Пока мало данных» (schedule.ts gives each two to six past sessions), so a fresh start shows both.
import type { SeedContext } from './context.ts';
import type { People } from './people.ts';
import { Ref } from './plan.ts';
import { addMinutes } from './time.ts';

/** About one held session in ten the mentee missed (the mentor waited); never the demo mentee's. */
const MENTEE_MISSED_ONE_IN = 10;

/** Every consultation of the plan that was paid and has started: finished ones, and those still in escrow. */
export function planMeetingAttendance(ctx: SeedContext, people: People) {
  const { rng, plan, now } = ctx;
  const slots = plan.rows.consultationSlots;
  plan.rows.consultationBookings.forEach((booking, i) => {
    if (booking.status !== 'finished' && booking.status !== 'paid') return;
    if (!(booking.slotId instanceof Ref) || !(booking.mentorId instanceof Ref) || !(booking.menteeId instanceof Ref)) return;
    const slot = slots[booking.slotId.index];
    const startsAt = slot.startsAt as Date;
    const endsAt = slot.endsAt as Date;
    if (startsAt > now) return;
    const leftAt = endsAt < now ? endsAt : now;
    const room = plan.add('conferences', {
      contentType: 'consultationbooking',
      objectId: new Ref('consultationBookings', i),
      login: `seed-room-${i + 1}`,
      password: 'seed',
      status: 'ended',
      createdBy: booking.mentorId,
      startedAt: addMinutes(startsAt, -rng.int(3, 10)),
      endedAt: leftAt,
    });
    plan.add('conferenceAttendance', { conferenceId: room, userId: booking.mentorId, joinedAt: addMinutes(startsAt, -2), leftAt });
    const missed = booking.menteeId !== people.demoMentee.ref && rng.int(1, MENTEE_MISSED_ONE_IN) === 1;
    if (!missed) plan.add('conferenceAttendance', { conferenceId: room, userId: booking.menteeId, joinedAt: addMinutes(startsAt, rng.int(-4, 3)), leftAt });
  });
}

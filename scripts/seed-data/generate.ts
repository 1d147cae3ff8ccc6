// The whole demo data set as a plan of rows: a pure function of `now`, so two runs draw the same data.
import type { SeedContext } from './context.ts';
import { planEvents } from './event-plan.ts';
import { planEventWaitlist } from './event-waitlist.ts';
import { planMeetingAttendance } from './meeting-attendance.ts';
import { planMoveProposal } from './move-proposal.ts';
import { planPeople } from './people.ts';
import { planRescheduledBooking } from './rescheduled-booking.ts';
import { createPlan, type Plan } from './plan.ts';
import { createRng } from './random.ts';
import { planSchedule } from './schedule.ts';
import { planSocial } from './social.ts';
import { planTaxProfile } from './tax-profile.ts';
import { planTypeMovedBooking } from './type-moved-booking.ts';
import { HOUR, localDateOf } from './time.ts';

const SEED = 20_240_917;

/** Every time is relative to `now`, taken to the hour before, so slot and event times are round. */
export function buildPlan(now: Date): Plan {
  const anchor = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  const plan = createPlan();
  const ctx: SeedContext = { rng: createRng(SEED), plan, now: anchor, today: localDateOf(anchor, 'Europe/Moscow') };
  const people = planPeople(ctx);
  const schedule = planSchedule(ctx, people);
  const events = planEvents(ctx, people);
  planSocial(ctx, people, schedule, events);
  planTaxProfile(ctx, people);
  // last, so the draws above stay as they were
  planMeetingAttendance(ctx, people);
  planEventWaitlist(ctx, people);
  planRescheduledBooking(ctx, people, schedule);
  planTypeMovedBooking(ctx, people, schedule);
  planMoveProposal(ctx, people, schedule);
  return plan.rows;
}

// What every generator gets: the random stream, the plan being built and the moment the data is relative to.
import type { PlanBuilder } from './plan.ts';
import type { Rng } from './random.ts';
import type { LocalDate } from './time.ts';

export type SeedContext = {
  rng: Rng;
  plan: PlanBuilder;
  /** every time in the demo data is relative to this instant (past bookings, upcoming slots, …) */
  now: Date;
  /** the calendar date of `now` in Moscow, the platform's home zone */
  today: LocalDate;
};

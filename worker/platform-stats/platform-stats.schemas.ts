// The landings' counts (issue 36): what GET /api/stats/platform/ answers. Pure, so the landings read the same shape.
import { z } from 'zod';

/** GET /api/stats/platform/: how many of each there are now; every number is a count of rows, never an estimate. */
export const platformStats = z.object({
  /** mentors in the catalogue (/AllMentors lists the same people) */
  mentors: z.number().int().min(0),
  /** learners' accounts */
  mentees: z.number().int().min(0),
  /** the directions (categories) at least one mentor teaches in */
  categories: z.number().int().min(0),
  /** paid consultations whose time is over, not cancelled or refunded */
  consultations_held: z.number().int().min(0),
  /** events that took place (over, not cancelled) with at least one participant */
  events_held: z.number().int().min(0),
});
export type PlatformStats = z.infer<typeof platformStats>;

// Query strings of the mentor list (spec 000 sections 2 and 7).
import { z } from 'zod';
import { categoriesParam, limitParam, offsetParam, priceParam, searchParam } from '../lib/list-params.ts';

export const MENTORS_PAGE_SIZE = 24;
export const MENTORS_PAGE_MAX = 60;
export const RANDOM_MENTORS = 3;

/** rating: rating, then number of reviews (the default); reviews: number of reviews; newest: newest accounts */
export const mentorSorts = ['rating', 'reviews', 'price-asc', 'price-desc', 'newest'] as const;
export type MentorSort = (typeof mentorSorts)[number];

export const mentorListQuery = z.object({
  offset: offsetParam,
  limit: limitParam(MENTORS_PAGE_SIZE, MENTORS_PAGE_MAX),
  search: searchParam,
  category: categoriesParam,
  min_price: priceParam,
  max_price: priceParam,
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(mentorSorts, { error: 'Некорректная сортировка' }).default('rating')),
});
export type MentorListFilters = z.output<typeof mentorListQuery>;

/** Round prices the filter offers as bounds; only those inside the data's range are shown (priceSteps). */
const PRICE_LADDER = [500, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10_000, 15_000, 20_000, 30_000, 50_000, 75_000, 100_000, 150_000];

/**
 * The price filter's options for mentors whose card prices run from `min` to `max`: a lower bound at or below the
 * cheapest, or an upper bound at or above the dearest, would filter nothing, so each list keeps only the steps between.
 */
export function priceSteps(range: { min: number | null; max: number | null }) {
  const { min, max } = range;
  if (min === null || max === null) return { from: [], to: [] };
  return { from: PRICE_LADDER.filter((v) => v > min && v <= max), to: PRICE_LADDER.filter((v) => v >= min && v < max) };
}

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

// the filter's steps live without zod, for the list's filter panel on a visitor's first page (decision 014)
export { priceSteps } from './price-filter-rules.ts';

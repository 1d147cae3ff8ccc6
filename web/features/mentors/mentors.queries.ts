import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { mentorQueries as mentorResource } from '../../lib/mentors/mentors.queries.ts';
import { mentorsApi } from './mentors.api.ts';
import { normalizeFilters, type MentorFilters } from './mentor-filters.ts';

/**
 * The mentors resource's query factory (docs/architecture.md, convention 7): its root and shared read
 * (web/lib/mentors/mentors.queries.ts: `all`, `detail`) plus the reads only this feature makes, under the same root.
 */
export const mentorQueries = {
  ...mentorResource,
  list: (filters: MentorFilters) => {
    const normalized = normalizeFilters(filters);
    return infiniteQueryOptions({
      queryKey: [...mentorResource.all(), 'list', normalized] as const,
      queryFn: ({ pageParam }) => mentorsApi.list(normalized, pageParam),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => (last.has_more ? pages.reduce((sum, page) => sum + page.results.length, 0) : undefined),
      staleTime: 30_000,
    });
  },
  /** personal: asked only for a signed-in caller, refetched after their review */
  canReview: (id: number) => queryOptions({ queryKey: [...mentorResource.all(), 'can-review', id] as const, queryFn: () => mentorsApi.canReview(id) }),
  reviews: (id: number) => queryOptions({ queryKey: [...mentorResource.all(), 'reviews', id] as const, queryFn: () => mentorsApi.reviews(id) }),
};

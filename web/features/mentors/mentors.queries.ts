import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { mentorsApi } from './mentors.api.ts';
import { normalizeFilters, type MentorFilters } from './mentor-filters.ts';

export const mentorQueries = {
  all: () => ['mentors'] as const,
  list: (filters: MentorFilters) => {
    const normalized = normalizeFilters(filters);
    return infiniteQueryOptions({
      queryKey: [...mentorQueries.all(), 'list', normalized] as const,
      queryFn: ({ pageParam }) => mentorsApi.list(normalized, pageParam),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => (last.has_more ? pages.reduce((sum, page) => sum + page.results.length, 0) : undefined),
      staleTime: 30_000,
    });
  },
  detail: (id: number) => queryOptions({ queryKey: [...mentorQueries.all(), 'detail', id] as const, queryFn: () => mentorsApi.detail(id), staleTime: 30_000 }),
  reviews: (id: number) => queryOptions({ queryKey: [...mentorQueries.all(), 'reviews', id] as const, queryFn: () => mentorsApi.reviews(id) }),
  events: (id: number) => queryOptions({ queryKey: [...mentorQueries.all(), 'events', id] as const, queryFn: () => mentorsApi.events(id) }),
};

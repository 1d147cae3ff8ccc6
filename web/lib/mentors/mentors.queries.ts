import { queryOptions } from '@tanstack/react-query';
import { fetchMentor, fetchMentorViaGetUser } from './mentors.api.ts';

/**
 * The root of the mentors resource's query keys (docs/architecture.md, convention 7) and the read several features
 * share: a mentor's profile is read under `detail` only (the mentor page, the mentee landing's event cards, the event
 * preview). The mentors feature adds its own reads under the same root (web/features/mentors/mentors.queries.ts).
 */
export const mentorQueries = {
  all: () => ['mentors'] as const,
  detail: (id: number) => queryOptions({ queryKey: [...mentorQueries.all(), 'detail', id] as const, queryFn: () => fetchMentor(id), staleTime: 30_000 }),
  /** The same entry read through the path the mentee landing's spec names (both routes answer the same profile). */
  detailViaGetUser: (id: number) => queryOptions({ ...mentorQueries.detail(id), queryFn: () => fetchMentorViaGetUser(id) }),
};

import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import { eventQueries } from '../../lib/events/events.queries.ts';
import { mentorQueries } from '../../lib/mentors/mentors.queries.ts';

/** One item of GET /api/events/GetTopEvents/ (field names as the API spells them, 'availiable' included). */
export type TopEvent = InferResponseType<typeof api.events.GetTopEvents.$get, 200>[number];

/** Spec 000 §9: the mentee landing shows three master-classes and three random mentors. */
export const LANDING_EVENTS_COUNT = 3;
export const LANDING_MENTORS_COUNT = 3;

/** The landing's reads, under the events' and the mentors' roots; a top event's mentor is `mentorQueries.detail`. */
export const landingQueries = {
  topEvents: () =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'top'] as const,
      queryFn: async () => unwrap(await api.events.GetTopEvents.$get()),
      staleTime: 60_000,
    }),
  randomMentors: () =>
    queryOptions({
      queryKey: [...mentorQueries.all(), 'random'] as const,
      queryFn: async () => unwrap(await api.users.GetRandomUsers.$get()),
      // Random on the server: keep one pick per visit instead of reshuffling on every focus.
      staleTime: Infinity,
    }),
};

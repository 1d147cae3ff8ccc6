import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiFetch, unwrap } from '../../lib/api-client.ts';

/** One item of GET /api/events/GetTopEvents/ (field names as the API spells them, 'availiable' included). */
export type TopEvent = InferResponseType<typeof api.events.GetTopEvents.$get, 200>[number];

/** GET /api/users/GetUser/?id=: the mentor's public profile; the landing reads the name and picture. */
export type LandingMentor = InferResponseType<typeof api.users.GetUser.$get, 200>;

/** Spec 000 §9: the mentee landing shows three master-classes and three random mentors. */
export const LANDING_EVENTS_COUNT = 3;
export const LANDING_MENTORS_COUNT = 3;

export const landingQueries = {
  topEvents: () =>
    queryOptions({
      queryKey: ['events', 'top'] as const,
      queryFn: async () => unwrap(await api.events.GetTopEvents.$get()),
      staleTime: 60_000,
    }),
  /** One GetUser call per top event (spec 000 §7), shared through the ['mentors', id] key. */
  mentor: (id: number) =>
    queryOptions({
      queryKey: ['mentors', id] as const,
      // The route reads ?id= without a declared query schema, so the typed client cannot pass it: build the URL here.
      queryFn: async () => unwrap<LandingMentor>(await apiFetch(`/api/users/GetUser/?id=${encodeURIComponent(id)}`)),
      staleTime: 5 * 60_000,
    }),
  randomMentors: () =>
    queryOptions({
      queryKey: ['mentors', 'random'] as const,
      queryFn: async () => unwrap(await api.users.GetRandomUsers.$get()),
      // Random on the server: keep one pick per visit instead of reshuffling on every focus.
      staleTime: Infinity,
    }),
};

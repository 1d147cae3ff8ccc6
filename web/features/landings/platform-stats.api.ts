import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';

// A file of its own: the '/' route's loader imports it, and what a route's loader imports is on every first page.

/** GET /api/stats/platform/: the landings' counts, from the database (issue 36). */
export type PlatformStats = InferResponseType<typeof api.stats.platform.$get, 200>;

export const platformStatsQueries = {
  /** The server keeps the counts for 5 minutes (worker/platform-stats): asking sooner would bring the same answer. */
  counts: () =>
    queryOptions({
      queryKey: ['stats', 'platform'] as const,
      queryFn: async () => unwrap(await api.stats.platform.$get()),
      staleTime: 5 * 60_000,
    }),
};

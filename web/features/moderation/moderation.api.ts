import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import type { PayloadForView } from '../../components/application-payload-view.tsx';

/* Admin moderation of mentor applications, through the typed client. */

/** the list's ?status= (the server's enum) */
export type ModerationStatus = NonNullable<InferRequestType<typeof route.$get>['query']['status']>;

export type ModerationApplication = {
  id: number;
  status: ModerationStatus | 'draft';
  status_display: string;
  payload: PayloadForView & { mentor_name?: string; mentor_surname?: string; mentor_avatar_url?: string | null };
  rejection_reason: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  user: { id: number; email: string; mentor_name: string | null; mentor_surname: string | null; mentor_avatar_url: string | null };
};

const route = api.admin['mentor-applications'];

// The payload is stored jsonb (`unknown` in the server's types); the cast names the documented shape.
export const moderationApi = {
  list: async (status: ModerationStatus) => (await unwrap(await route.$get({ query: { status } }))) as ModerationApplication[],
  approve: async (id: number) => unwrap(await route[':id'].approve.$post({ param: { id: String(id) } })),
  reject: async (id: number, reason: string) => unwrap(await route[':id'].reject.$post({ param: { id: String(id) }, json: { reason } })),
};

export const moderationQueries = {
  all: () => ['moderation', 'mentor-applications'] as const,
  list: (status: ModerationStatus) =>
    queryOptions({ queryKey: [...moderationQueries.all(), status] as const, queryFn: () => moderationApi.list(status) }),
};

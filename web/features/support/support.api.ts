import { infiniteQueryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import { retryOnce } from '../../lib/query-retry.ts';

/* The support chat and the admins' inbox through the typed client (worker/support/support.routes.ts). */

export type SupportInboxPage = InferResponseType<typeof api.support.rooms.$get, 200>;
export type SupportInboxRoom = SupportInboxPage['results'][number];

export const SUPPORT_INBOX_PAGE = 30;

export const supportApi = {
  /** The caller's support room (made on first use); the chat screen opens it by id. */
  openChat: async (): Promise<{ roomId: string }> => unwrap(await api.support.chat.$post()),
  inbox: async (offset: number): Promise<SupportInboxPage> =>
    unwrap(await api.support.rooms.$get({ query: { offset: String(offset), limit: String(SUPPORT_INBOX_PAGE) } })),
  /** An admin takes the room up: it joins their chat list, where they read and answer it. */
  join: async (roomId: string): Promise<{ roomId: string }> => unwrap(await api.support.rooms[':roomId'].join.$post({ param: { roomId } })),
};

export const supportQueries = {
  all: () => ['support'] as const,
  inbox: () =>
    infiniteQueryOptions({
      queryKey: [...supportQueries.all(), 'inbox'] as const,
      queryFn: ({ pageParam }) => supportApi.inbox(pageParam),
      initialPageParam: 0,
      retry: retryOnce,
      getNextPageParam: (last, pages) => (last.has_more ? pages.reduce((n, page) => n + page.results.length, 0) : undefined),
    }),
};

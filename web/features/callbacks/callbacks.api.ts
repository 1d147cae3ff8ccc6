import { infiniteQueryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import { retryOnce } from '../../lib/query-retry.ts';

/* The admins' call-back inbox through the typed client (worker/callbacks/callbacks.routes.ts). */

export type CallbackInboxPage = InferResponseType<(typeof api)['callback-requests']['$get'], 200>;
export type CallbackRequest = CallbackInboxPage['results'][number];
export type CallbackStatus = 'waiting' | 'done';
/** The livestream landing's e-mail sign-ups (issue 36), listed beside the call-backs. */
export type WaitlistPage = InferResponseType<(typeof api)['waitlist-signups']['$get'], 200>;
export type WaitlistSignup = WaitlistPage['results'][number];

const PAGE = 30;

export const callbacksApi = {
  inbox: async (status: CallbackStatus, offset: number): Promise<CallbackInboxPage> =>
    unwrap(await api['callback-requests'].$get({ query: { status, offset: String(offset), limit: String(PAGE) } })),
  waitlist: async (offset: number): Promise<WaitlistPage> =>
    unwrap(await api['waitlist-signups'].$get({ query: { offset: String(offset), limit: String(PAGE) } })),
  mark: async (id: number, done: boolean): Promise<CallbackRequest> =>
    unwrap(await api['callback-requests'][':id'].done.$post({ param: { id: String(id) }, json: { done } })),
};

export const callbackQueries = {
  all: () => ['callbacks'] as const,
  inbox: (status: CallbackStatus) =>
    infiniteQueryOptions({
      queryKey: [...callbackQueries.all(), 'inbox', status] as const,
      queryFn: ({ pageParam }) => callbacksApi.inbox(status, pageParam),
      initialPageParam: 0,
      retry: retryOnce,
      getNextPageParam: (last, pages) => (last.has_more ? pages.reduce((n, page) => n + page.results.length, 0) : undefined),
    }),
  waitlist: () =>
    infiniteQueryOptions({
      queryKey: [...callbackQueries.all(), 'waitlist'] as const,
      queryFn: ({ pageParam }) => callbacksApi.waitlist(pageParam),
      initialPageParam: 0,
      retry: retryOnce,
      getNextPageParam: (last, pages) => (last.has_more ? pages.reduce((n, page) => n + page.results.length, 0) : undefined),
    }),
};

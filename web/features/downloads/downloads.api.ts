import { infiniteQueryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import { retryOnce } from '../../lib/query-retry.ts';

/* /loads through the typed client (worker/downloads/downloads.routes.ts): my chat files, my receipts and the recordings of my meetings. */

export type ChatFilesPage = InferResponseType<typeof api.downloads['chat-files']['$get'], 200>;
export type ChatFile = ChatFilesPage['results'][number];
export type ReceiptsPage = InferResponseType<typeof api.downloads.receipts.$get, 200>;
export type Receipt = ReceiptsPage['results'][number];
export type RecordingsPage = InferResponseType<typeof api.downloads.recordings.$get, 200>;
export type RecordingDownload = RecordingsPage['results'][number];

export const DOWNLOADS_PAGE = 20;

const page = (offset: number) => ({ query: { offset: String(offset), limit: String(DOWNLOADS_PAGE) } });

export const downloadsApi = {
  chatFiles: async (offset: number): Promise<ChatFilesPage> => unwrap(await api.downloads['chat-files'].$get(page(offset))),
  receipts: async (offset: number): Promise<ReceiptsPage> => unwrap(await api.downloads.receipts.$get(page(offset))),
  recordings: async (offset: number): Promise<RecordingsPage> => unwrap(await api.downloads.recordings.$get(page(offset))),
};

/** The offset of the next page: what is loaded so far, while the server says there is more. */
function nextOffset(last: { has_more: boolean }, pages: { results: unknown[] }[]): number | undefined {
  return last.has_more ? pages.reduce((n, p) => n + p.results.length, 0) : undefined;
}

export const downloadsQueries = {
  all: () => ['downloads'] as const,
  chatFiles: (userId: number) =>
    infiniteQueryOptions({
      queryKey: [...downloadsQueries.all(), 'chat-files', userId] as const,
      queryFn: ({ pageParam }) => downloadsApi.chatFiles(pageParam),
      initialPageParam: 0,
      retry: retryOnce,
      getNextPageParam: (last, pages) => nextOffset(last, pages),
    }),
  receipts: (userId: number) =>
    infiniteQueryOptions({
      queryKey: [...downloadsQueries.all(), 'receipts', userId] as const,
      queryFn: ({ pageParam }) => downloadsApi.receipts(pageParam),
      initialPageParam: 0,
      retry: retryOnce,
      getNextPageParam: (last, pages) => nextOffset(last, pages),
    }),
  recordings: (userId: number) =>
    infiniteQueryOptions({
      queryKey: [...downloadsQueries.all(), 'recordings', userId] as const,
      queryFn: ({ pageParam }) => downloadsApi.recordings(pageParam),
      initialPageParam: 0,
      retry: retryOnce,
      getNextPageParam: (last, pages) => nextOffset(last, pages),
    }),
};

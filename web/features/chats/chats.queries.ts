import { queryOptions } from '@tanstack/react-query';
import { retryOnce } from '../../lib/query-retry.ts';
import { chatsApi } from './chats.api.ts';
import { withNewestPage, type RoomMessages } from './chat-messages.ts';


/** Query factories with hierarchical keys (docs/architecture.md, convention 7). */
export const chatQueries = {
  all: () => ['chats'] as const,
  rooms: () =>
    queryOptions({
      queryKey: [...chatQueries.all(), 'rooms'] as const,
      queryFn: chatsApi.rooms,
      retry: retryOnce,
    }),
  /** One room, for a ?roomId= that is not in my list (a room I hid). */
  room: (roomId: string) =>
    queryOptions({
      queryKey: [...chatQueries.all(), 'room', roomId] as const,
      queryFn: () => chatsApi.room(roomId),
      retry: retryOnce,
    }),
  /**
   * The loaded messages of a room. The socket, sends, edits and catch-ups write into this entry, so it
   * is not refetched on focus or reconnect (that would drop older pages under the reader); opening the
   * room again reloads the newest page.
   */
  messages: (roomId: string) =>
    queryOptions({
      queryKey: [...chatQueries.all(), 'room', roomId, 'messages'] as const,
      queryFn: async ({ client, queryKey }): Promise<RoomMessages> =>
        withNewestPage(client.getQueryData<RoomMessages>(queryKey), await chatsApi.messages(roomId)),
      staleTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: retryOnce,
    }),
};

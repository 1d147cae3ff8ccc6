import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { chatsApi, type ChatMessage } from './chats.api.ts';
import { chatQueries } from './chats.queries.ts';
import { lastMessageId, mergeMessages, withMessage, withOlderPage, withUpdate, type RoomMessages } from './chat-messages.ts';

export const MESSAGE_PAGE = 50;
/** A catch-up this long or longer starts over from the newest page instead of replaying the gap. */
const CATCH_UP_LIMIT = 200;

/**
 * The loaded messages of the open room and the ways they change: older pages when scrolling up, new
 * and updated messages from the socket or our own calls, and the catch-up after a (re)connect.
 */
export function useRoomMessages(roomId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(chatQueries.messages(roomId));
  const queryKey = useMemo(() => chatQueries.messages(roomId).queryKey, [roomId]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadingOlderRef = useRef(false);
  const catchUpRef = useRef<{ running: boolean; again: boolean; waitingForFirstPage: boolean }>({ running: false, again: false, waitingForFirstPage: false });

  const read = useCallback(() => queryClient.getQueryData<RoomMessages>(queryKey), [queryClient, queryKey]);
  const write = useCallback(
    (update: (state: RoomMessages | undefined) => RoomMessages | undefined) => queryClient.setQueryData<RoomMessages>(queryKey, update),
    [queryClient, queryKey],
  );
  const refreshRooms = useCallback(() => void queryClient.invalidateQueries({ queryKey: chatQueries.rooms().queryKey }), [queryClient]);

  const addMessage = useCallback((message: ChatMessage) => write((state) => withMessage(state, message)), [write]);
  const updateMessage = useCallback((message: ChatMessage) => write((state) => withUpdate(state, message)), [write]);

  const loadOlder = useCallback(async () => {
    const oldest = read()?.messages[0]?.id;
    if (!read()?.hasMore || oldest == null || loadingOlderRef.current) return;
    loadingOlderRef.current = true;
    setLoadingOlder(true);
    try {
      const page = await chatsApi.messages(roomId, { before: oldest, limit: MESSAGE_PAGE });
      write((state) => withOlderPage(state, page));
    } catch (error) {
      toast({ title: 'Не удалось загрузить сообщения', description: error instanceof ApiError ? error.detail : undefined, variant: 'destructive' });
    } finally {
      loadingOlderRef.current = false;
      setLoadingOlder(false);
    }
  }, [read, write, roomId]);

  /*
   * What arrived while the socket was down. Runs on every (re)open; if the first page is still loading it
   * runs once that page is in (a message sent between that page's read and the socket's open would
   * otherwise be missed). Overlapping calls collapse into one more run.
   */
  const catchUp = useCallback(async () => {
    const state = catchUpRef.current;
    if (!read()) {
      state.waitingForFirstPage = true;
      return;
    }
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        const after = lastMessageId(read()?.messages ?? []);
        const page = await chatsApi.messages(roomId, { after, limit: CATCH_UP_LIMIT });
        if (page.has_more) {
          await queryClient.refetchQueries({ queryKey, exact: true });
        } else if (page.results.length) {
          write((current) => current && { ...current, messages: mergeMessages(current.messages, page.results) });
        }
        if (page.results.length) refreshRooms();
      } while (state.again);
    } catch (error) {
      // The socket keeps reconnecting and the next open tries again; nothing to show the reader yet.
      console.warn('chats: catch-up failed', error);
    } finally {
      state.running = false;
    }
  }, [read, write, roomId, queryClient, queryKey, refreshRooms]);

  const firstPageLoaded = query.data !== undefined;
  useEffect(() => {
    if (!firstPageLoaded || !catchUpRef.current.waitingForFirstPage) return;
    catchUpRef.current.waitingForFirstPage = false;
    void catchUp();
  }, [firstPageLoaded, catchUp]);

  return {
    messages: query.data?.messages,
    hasMore: query.data?.hasMore ?? false,
    isPending: query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
    loadingOlder,
    loadOlder,
    catchUp,
    addMessage,
    updateMessage,
    refreshRooms,
  };
}

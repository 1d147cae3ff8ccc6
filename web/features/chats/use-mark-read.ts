import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chatsApi, type ChatMessage, type ChatRoom } from './chats.api.ts';
import { chatQueries } from './chats.queries.ts';

function usePageVisible() {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * POST read/ when a newer message from the other person is on screen: the room is open, the tab is
 * visible and the list is scrolled to the newest messages. Opening a room with nothing unread sends
 * nothing; the unread badge in the room list drops at once.
 */
export function useMarkRead({ room, meId, messages, atBottom }: { room: ChatRoom; meId: number; messages: readonly ChatMessage[] | undefined; atBottom: boolean }) {
  const queryClient = useQueryClient();
  const pageVisible = usePageVisible();
  const roomId = room.roomId;
  // What I have read up to as far as this pane knows: unset until the first page is in.
  const readUpTo = useRef<number | null>(null);
  const unreadAtOpen = useRef(room.unreadCount);

  const newestFromOther = messages?.findLast((message) => message.sender_id !== meId && !message.is_deleted)?.id ?? 0;
  const newest = messages?.at(-1)?.id ?? 0;

  useEffect(() => {
    if (!messages) return;
    if (readUpTo.current === null) readUpTo.current = unreadAtOpen.current > 0 ? 0 : newestFromOther;
    if (!pageVisible || !atBottom || newestFromOther <= readUpTo.current) return;
    readUpTo.current = newestFromOther;
    chatsApi.markRead(roomId, newest).then(
      () => {
        queryClient.setQueryData(chatQueries.rooms().queryKey, (rooms) =>
          rooms?.map((item) => (item.roomId === roomId && (item.lastMessage?.id ?? 0) <= newest ? { ...item, unreadCount: 0 } : item)),
        );
        void queryClient.invalidateQueries({ queryKey: chatQueries.rooms().queryKey });
      },
      (error: unknown) => {
        // Not read after all: the next visible message tries again.
        readUpTo.current = 0;
        console.warn('chats: mark read failed', error);
      },
    );
  }, [messages, newestFromOther, newest, pageVisible, atBottom, roomId, queryClient]);
}

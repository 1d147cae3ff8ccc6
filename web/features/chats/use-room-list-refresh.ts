import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chatQueries } from './chats.queries.ts';

/** What the notification socket dispatches when a message comes to a room the user is not looking at. */
export const CHAT_MESSAGE_EVENT = 'forma:chat-message';

/** Refetches the room list on that event, so the room moves up and its unread count rises. */
export function useRoomListRefresh() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: chatQueries.rooms().queryKey });
    window.addEventListener(CHAT_MESSAGE_EVENT, refresh);
    return () => window.removeEventListener(CHAT_MESSAGE_EVENT, refresh);
  }, [queryClient]);
}

import { useMutation } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { chatsApi, type ChatMessage, type NewMessage } from './chats.api.ts';

type MessageActionsOptions = {
  onAdded: (message: ChatMessage) => void;
  onUpdated: (message: ChatMessage) => void;
  /** The room list shows the newest message, so it changes with these. */
  onRoomChanged: () => void;
};

/** The server's reason when it gave one (a 4xx detail), under a title that says what failed. */
export function showActionError(title: string, error: unknown) {
  const detail = error instanceof ApiError ? error.detail : undefined;
  toast({ title, description: detail && detail !== title ? detail : undefined, variant: 'destructive' });
}

/** Send, edit and delete in the open room; each answer goes into the loaded messages at once. */
export function useMessageActions(roomId: string, { onAdded, onUpdated, onRoomChanged }: MessageActionsOptions) {
  const send = useMutation({
    mutationFn: (message: NewMessage) => chatsApi.send(roomId, message),
    onSuccess: (message) => {
      onAdded(message);
      onRoomChanged();
    },
    onError: (error) => showActionError('Не удалось отправить сообщение', error),
  });
  const edit = useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => chatsApi.edit(roomId, id, content),
    onSuccess: (message) => {
      onUpdated(message);
      onRoomChanged();
    },
    onError: (error) => showActionError('Не удалось изменить сообщение', error),
  });
  const remove = useMutation({
    mutationFn: (id: number) => chatsApi.remove(roomId, id),
    onSuccess: (message) => {
      onUpdated(message);
      onRoomChanged();
    },
    onError: (error) => showActionError('Не удалось удалить сообщение', error),
  });
  return { send, edit, remove };
}

import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
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

/** A random UUID (v4); `randomUUID` exists only on secure pages, `getRandomValues` everywhere. */
function newKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What makes two sends the same message: sent again unchanged, it keeps its Idempotency-Key. */
function sameMessage(a: NewMessage, b: NewMessage) {
  const files = (m: NewMessage) => m.files.map((f) => `${f.name}/${f.size}/${f.lastModified}`).join('|');
  return a.content === b.content && (a.replyTo ?? null) === (b.replyTo ?? null) && files(a) === files(b);
}

/** Send, edit and delete in the open room; each answer goes into the loaded messages at once. */
export function useMessageActions(roomId: string, { onAdded, onUpdated, onRoomChanged }: MessageActionsOptions) {
  // The last send that got no answer: sending the same message again reuses its key, so if the first did arrive
  // (only its answer was lost) the server answers that message instead of storing a second one.
  const unanswered = useRef<{ roomId: string; message: NewMessage; key: string } | null>(null);
  const send = useMutation({
    mutationFn: (message: NewMessage) => {
      const last = unanswered.current;
      const key = last && last.roomId === roomId && sameMessage(last.message, message) ? last.key : newKey();
      unanswered.current = { roomId, message, key };
      return chatsApi.send(roomId, { ...message, key });
    },
    onSuccess: (message) => {
      unanswered.current = null;
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

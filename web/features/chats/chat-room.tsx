import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import type { ChatServerMessage } from '../../../party/protocol/chats.ts';
import { chatsApi, type ChatMessage, type ChatRoom } from './chats.api.ts';
import { chatQueries } from './chats.queries.ts';
import { useChatSocketFactory } from './chat-socket-context.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { RoomHeader } from './room-header.tsx';
import { useChatSocket } from './use-chat-socket.ts';
import { useMarkRead } from './use-mark-read.ts';
import { showActionError, useMessageActions } from './use-message-actions.ts';
import { useRoomMessages } from './use-room-messages.ts';
import { useTypingIndicator } from './use-typing-indicator.ts';

type ChatRoomPaneProps = {
  room: ChatRoom;
  meId: number;
  timeZone?: string;
  /** Back to the room list (phones). */
  onBack: () => void;
  /** The room left my list: I deleted it here or in another tab. Resolves once the list is shown. */
  onRoomGone: () => void | Promise<void>;
};

/** The open room: header, messages with their live connection, and the composer. Keyed by room id. */
export function ChatRoomPane({ room, meId, timeZone, onBack, onRoomGone }: ChatRoomPaneProps) {
  const queryClient = useQueryClient();
  const roomId = room.roomId;
  const other = room.users.find((user) => user.id !== meId);
  const messages = useRoomMessages(roomId);
  const typing = useTypingIndicator();
  const [liveReadId, setLiveReadId] = useState<number | null>(null);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [toDelete, setToDelete] = useState<ChatMessage | null>(null);
  const [confirmRoomDelete, setConfirmRoomDelete] = useState(false);
  const [atBottom, setAtBottom] = useState(true);

  const otherReadId = Math.max(room.otherLastReadMessageId ?? 0, liveReadId ?? 0) || null;

  // Leave first, then drop the room from the list: while ?roomId= still names it, a room missing from
  // the list would be fetched by id as a hidden one.
  const forgetRoom = () => {
    void Promise.resolve(onRoomGone()).finally(() => {
      queryClient.setQueryData(chatQueries.rooms().queryKey, (rooms) => rooms?.filter((item) => item.roomId !== roomId));
      void queryClient.invalidateQueries({ queryKey: chatQueries.rooms().queryKey });
    });
  };

  const onSocketMessage = (event: ChatServerMessage) => {
    switch (event.type) {
      case 'message':
        messages.addMessage(event.message);
        messages.refreshRooms();
        if (event.message.sender_id !== meId) typing.stop();
        break;
      case 'message_updated':
        messages.updateMessage(event.message);
        messages.refreshRooms();
        break;
      case 'typing':
        if (event.user_id !== meId) typing.start();
        break;
      case 'read':
        if (event.user_id !== meId) setLiveReadId((current) => Math.max(current ?? 0, event.message_id));
        break;
      case 'room_deleted':
        toast({ title: 'Чат удалён' });
        forgetRoom();
        break;
      case 'pong':
        break;
    }
  };

  const sendTyping = useChatSocket(roomId, useChatSocketFactory(), {
    onMessage: onSocketMessage,
    onOpen: () => void messages.catchUp(),
    // A dropped socket reconnects only with a valid session cookie; a REST call refreshes an expired one
    // (apiFetch), and what was missed meanwhile comes with it.
    onClose: () => void messages.catchUp(),
  });

  const actions = useMessageActions(roomId, { onAdded: messages.addMessage, onUpdated: messages.updateMessage, onRoomChanged: messages.refreshRooms });
  useMarkRead({ room, meId, messages: messages.messages, atBottom });

  const deleteRoom = useMutation({
    mutationFn: () => chatsApi.deleteRoom(roomId),
    onSuccess: () => {
      setConfirmRoomDelete(false);
      toast({ title: 'Чат удалён', variant: 'success' });
      forgetRoom();
    },
    onError: (error) => showActionError('Не удалось удалить чат', error),
  });

  const onSend = async ({ content, files }: { content: string; files: File[] }) => {
    try {
      await actions.send.mutateAsync({ content, files, replyTo: replyTo?.id ?? null });
      setReplyTo(null);
      return true;
    } catch {
      return false;
    }
  };

  const onSaveEdit = async (message: ChatMessage, content: string) => {
    try {
      await actions.edit.mutateAsync({ id: message.id, content });
      setEditing(null);
      return true;
    } catch {
      return false;
    }
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const id = toDelete.id;
    actions.remove.mutate(id, {
      onSuccess: () => {
        if (replyTo?.id === id) setReplyTo(null);
        if (editing?.id === id) setEditing(null);
      },
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <RoomHeader room={room} other={other} typing={typing.typing} onBack={onBack} onDeleteRoom={() => setConfirmRoomDelete(true)} />

      {messages.isPending ? (
        <div className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" label="Загрузка сообщений" />
          Загрузка сообщений…
        </div>
      ) : messages.isError || !messages.messages ? (
        <div className="flex flex-1 items-start justify-center p-4">
          <LoadErrorAlert onRetry={messages.retry} className="w-full max-w-xl">
            Не удалось загрузить сообщения. Попробуйте позже.
          </LoadErrorAlert>
        </div>
      ) : (
        <MessageList
          messages={messages.messages}
          meId={meId}
          otherReadId={otherReadId}
          hasMore={messages.hasMore}
          loadingOlder={messages.loadingOlder}
          onLoadOlder={() => void messages.loadOlder()}
          onAtBottomChange={setAtBottom}
          timeZone={timeZone}
          onReply={(message) => {
            setEditing(null);
            setReplyTo(message);
          }}
          onEdit={(message) => {
            setReplyTo(null);
            setEditing(message);
          }}
          onDelete={setToDelete}
        />
      )}

      <Composer
        replyTo={replyTo}
        editing={editing}
        onCancelReply={() => setReplyTo(null)}
        onCancelEdit={() => setEditing(null)}
        onSend={onSend}
        onSaveEdit={onSaveEdit}
        onTyping={sendTyping}
        busy={actions.send.isPending || actions.edit.isPending}
      />

      <ConfirmDialog
        open={toDelete != null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Удалить сообщение?"
        description="Сообщение удалится у обоих участников чата."
        pending={actions.remove.isPending}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={confirmRoomDelete}
        onOpenChange={setConfirmRoomDelete}
        title="Удалить чат?"
        description="Чат пропадёт из вашего списка. Если собеседник напишет снова, он вернётся."
        pending={deleteRoom.isPending}
        onConfirm={() => deleteRoom.mutate()}
      />
    </div>
  );
}

import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MessageCircle, MessagesSquare } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { chatQueries } from './chats.queries.ts';
import { ChatRoomPane } from './chat-room.tsx';
import { RoomList } from './room-list.tsx';
import { useRoomListRefresh } from './use-room-list-refresh.ts';
import { useTwoPane } from './use-two-pane.ts';

export const ROOMS_LOADING = 'Загрузка чатов…';
export const ROOMS_LOAD_ERROR = 'Не удалось загрузить чаты. Попробуйте позже.';
export const NO_ROOMS = 'У вас пока нет чатов.';

type ChatsScreenProps = {
  /** The open room (?roomId=); none shows the list alone on phones and a hint beside it on wider screens. */
  roomId?: string;
  onRoomChange: (roomId: string | undefined, options?: { replace?: boolean }) => void | Promise<void>;
  meId: number;
  timeZone?: string;
};

/**
 * /ChatsPage (spec 001 "Chats"): the room list and the open room side by side from 768 px (spec 001 §9),
 * one at a time below. The page fills the height between the app header and the bottom bar.
 */
export function ChatsScreen({ roomId, onRoomChange, meId, timeZone }: ChatsScreenProps) {
  const rooms = useQuery(chatQueries.rooms());
  useRoomListRefresh();
  const twoPane = useTwoPane();
  const showList = twoPane || !roomId;
  const showRoom = twoPane || roomId != null;

  const listed = roomId ? rooms.data?.find((room) => room.roomId === roomId) : undefined;
  // A room I hid is not in the list, yet ?roomId= (a notification, 'Написать') must still open it.
  const hidden = useQuery({ ...chatQueries.room(roomId ?? ''), enabled: roomId != null && rooms.isSuccess && !listed });
  const room = listed ?? (hidden.data?.roomId === roomId ? hidden.data : undefined);
  const backToList = () => onRoomChange(undefined, { replace: true });

  let listBody: ReactNode;
  if (rooms.isPending) {
    listBody = (
      <div className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-muted-foreground">
        <Spinner className="size-4" label="Загрузка" />
        {ROOMS_LOADING}
      </div>
    );
  } else if (rooms.isError) {
    listBody = (
      <LoadErrorAlert onRetry={() => void rooms.refetch()} className="m-3">
        {ROOMS_LOAD_ERROR}
      </LoadErrorAlert>
    );
  } else if (!rooms.data.length) {
    listBody = (
      <EmptyState
        className="m-3"
        icon={<MessagesSquare />}
        title={NO_ROOMS}
        description="Найдите наставника и нажмите «Написать» в его профиле."
        action={
          <Button asChild>
            <Link to="/AllMentors">Создать новый чат</Link>
          </Button>
        }
      />
    );
  } else {
    listBody = <RoomList rooms={rooms.data} activeRoomId={roomId} meId={meId} timeZone={timeZone} onSelect={(id) => onRoomChange(id)} />;
  }

  let pane: ReactNode;
  if (!roomId) {
    pane = (
      <div className="m-auto flex max-w-xs flex-col items-center gap-3 p-6 text-center text-muted-foreground">
        <span className="grid size-14 place-content-center rounded-2xl bg-primary/10 text-primary">
          <MessageCircle className="size-7" />
        </span>
        <p className="text-sm">Выберите чат, чтобы начать общение</p>
      </div>
    );
  } else if (room) {
    pane = <ChatRoomPane key={room.roomId} room={room} meId={meId} timeZone={timeZone} onBack={backToList} onRoomGone={backToList} />;
  } else if (rooms.isError || hidden.isError) {
    pane = (
      <div className="m-auto flex flex-col items-center gap-3 p-6 text-center">
        <p className="text-sm text-muted-foreground">{hidden.isError && !rooms.isError ? 'Чат не найден' : ROOMS_LOAD_ERROR}</p>
        <Button variant="outline" onClick={backToList}>
          К списку чатов
        </Button>
      </div>
    );
  } else {
    pane = (
      <div className="m-auto flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" label="Загрузка" />
        Загрузка чата…
      </div>
    );
  }

  return (
    <div className="h-[calc(100dvh_-_7.5rem_-_1px_-_env(safe-area-inset-bottom))] min-h-[26rem] md:p-4 lg:h-[calc(100dvh_-_4rem_-_1px)] lg:p-6">
      <div className="mx-auto grid h-full max-w-7xl grid-cols-[minmax(0,1fr)] overflow-hidden bg-card md:grid-cols-[minmax(16rem,20rem)_1fr] md:rounded-2xl md:border md:shadow-sm lg:grid-cols-[22rem_1fr]">
        {showList ? (
          <aside aria-label="Чаты" className="flex min-h-0 min-w-0 flex-col md:border-r">
            <div className="flex h-16 shrink-0 items-center border-b px-5">
              <h1 className="text-xl font-semibold tracking-tight">Чаты</h1>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto">{listBody}</div>
          </aside>
        ) : null}
        {showRoom ? (
          <section aria-label="Переписка" className="flex min-h-0 min-w-0 flex-col bg-muted/40">
            {pane}
          </section>
        ) : null}
      </div>
    </div>
  );
}

import { Avatar } from '../../components/ui/avatar.tsx';
import { cn } from '../../lib/cn.ts';
import { countRu } from '../../lib/plural.ts';
import type { ChatRoom } from './chats.api.ts';
import { roomListTime } from './chat-format.ts';

type RoomListProps = {
  rooms: readonly ChatRoom[];
  activeRoomId?: string;
  meId: number;
  timeZone?: string;
  onSelect: (roomId: string) => void;
};

/** The left pane: one row per room, newest activity first (the server's order). */
export function RoomList({ rooms, activeRoomId, meId, timeZone, onSelect }: RoomListProps) {
  return (
    <ul aria-label="Список чатов" className="flex flex-col gap-0.5 p-2">
      {rooms.map((room) => (
        <li key={room.roomId}>
          <RoomListItem room={room} active={room.roomId === activeRoomId} meId={meId} timeZone={timeZone} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}

function RoomListItem({ room, active, meId, timeZone, onSelect }: { room: ChatRoom; active: boolean; meId: number; timeZone?: string; onSelect: (roomId: string) => void }) {
  const last = room.lastMessage;
  const unread = room.unreadCount;
  return (
    <button
      type="button"
      aria-current={active ? 'true' : undefined}
      onClick={() => onSelect(room.roomId)}
      className={cn(
        'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active ? 'bg-accent' : 'hover:bg-muted',
      )}
    >
      <Avatar src={room.avatar} name={room.roomName} className="size-12" />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate font-medium">{room.roomName}</span>
          {last ? (
            <time dateTime={last.timestamp} className={cn('shrink-0 text-xs', unread > 0 ? 'text-primary' : 'text-muted-foreground')}>
              {roomListTime(last.timestamp, timeZone)}
            </time>
          ) : null}
        </span>
        <span className="flex items-center gap-2">
          <span className={cn('min-w-0 flex-1 truncate text-sm', unread > 0 ? 'text-foreground' : 'text-muted-foreground')} data-testid="room-preview">
            {last ? (
              <>
                {last.senderId === meId ? <span className="text-muted-foreground">Вы: </span> : null}
                {last.content}
              </>
            ) : (
              <span className="italic">Нет сообщений</span>
            )}
          </span>
          {unread > 0 ? (
            <span
              data-testid="unread-badge"
              className="grid h-5 min-w-5 shrink-0 place-content-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground"
            >
              <span aria-hidden>{unread > 99 ? '99+' : unread}</span>
              <span className="sr-only">{countRu(unread, ['непрочитанное сообщение', 'непрочитанных сообщения', 'непрочитанных сообщений'])}</span>
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}

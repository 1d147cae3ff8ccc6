import { Link } from '@tanstack/react-router';
import { ArrowRight, MessageCircle, MessagesSquare } from 'lucide-react';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import type { ChatRoom } from './home.api.ts';

export const UNREAD_EMPTY_TEXT = 'Непрочитанных сообщений нет';
/** Rooms listed on /Home; the rest are a click away in «Чаты». */
export const UNREAD_ROOMS_SHOWN = 5;

/** Rooms with unread messages, the newest message first. */
export function unreadRooms(rooms: ChatRoom[]): ChatRoom[] {
  return rooms
    .filter((room) => room.unreadCount > 0)
    .sort((a, b) => Date.parse(b.lastMessage?.timestamp ?? '') - Date.parse(a.lastMessage?.timestamp ?? '') || 0);
}

/** '14:05' today, 'вчера', else '5 мар'. */
function messageTime(timestamp: string, now: number, timeZone: string): string {
  const at = dayjs(timestamp).tz(timeZone);
  const today = dayjs(now).tz(timeZone);
  if (at.isSame(today, 'day')) return at.format('HH:mm');
  if (at.isSame(today.subtract(1, 'day'), 'day')) return 'вчера';
  return at.format('D MMM');
}

type UnreadChatsProps = {
  rooms: ChatRoom[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  now: number;
  timeZone: string;
};

/** «Непрочитанные сообщения»: each room with unread messages links to /ChatsPage?roomId=…. */
export function UnreadChats({ rooms, isPending, isError, onRetry, now, timeZone }: UnreadChatsProps) {
  const unread = unreadRooms(rooms ?? []);
  const total = unread.reduce((sum, room) => sum + room.unreadCount, 0);

  return (
    <section aria-labelledby="unread-title" className="flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <header className="flex items-center justify-between gap-3">
        <h2 id="unread-title" className="inline-flex items-center gap-2 text-lg font-semibold">
          Непрочитанные сообщения
          {total > 0 ? (
            <span aria-label={`Всего непрочитанных: ${total}`} className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums">
              {total > 99 ? '99+' : total}
            </span>
          ) : null}
        </h2>
      </header>

      {isPending ? (
        <div role="status" aria-label="Загрузка сообщений" className="flex flex-col gap-3">
          {Array.from({ length: 3 }, (_, index) => (
            <div key={index} className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex flex-1 flex-col gap-1.5">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-4/5" />
              </div>
            </div>
          ))}
        </div>
      ) : isError && !rooms ? (
        <LoadErrorAlert onRetry={onRetry}>Не удалось загрузить чаты</LoadErrorAlert>
      ) : unread.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 rounded-xl border border-dashed px-4 py-8 text-center">
          <span className="grid size-11 place-content-center rounded-xl bg-primary/10 text-primary">
            <MessagesSquare aria-hidden className="size-5" />
          </span>
          <p className="text-sm font-medium">{UNREAD_EMPTY_TEXT}</p>
          <p className="text-sm text-muted-foreground">Новые сообщения от наставников и учеников появятся здесь.</p>
        </div>
      ) : (
        <ul aria-label="Чаты с непрочитанными сообщениями" className="-mx-2 flex flex-col">
          {unread.slice(0, UNREAD_ROOMS_SHOWN).map((room) => (
            <li key={room.roomId}>
              <Link
                to="/ChatsPage"
                search={{ roomId: room.roomId }}
                aria-label={`${room.roomName}: ${room.unreadCount} непрочитанных`}
                className="flex items-center gap-3 rounded-xl px-2 py-2.5 outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Avatar src={room.avatar} name={room.roomName} className="size-10" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate text-sm font-semibold">{room.roomName}</span>
                    {room.lastMessage ? (
                      <span className="shrink-0 text-xs text-muted-foreground">{messageTime(room.lastMessage.timestamp, now, timeZone)}</span>
                    ) : null}
                  </span>
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-sm text-muted-foreground">{room.lastMessage?.content || 'Новое сообщение'}</span>
                    <span className="grid min-w-5 shrink-0 place-content-center rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground tabular-nums">
                      {room.unreadCount > 99 ? '99+' : room.unreadCount}
                    </span>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      <Link to="/ChatsPage" className="mt-auto inline-flex items-center gap-1 self-start text-sm font-medium text-primary outline-none hover:underline focus-visible:underline">
        <MessageCircle aria-hidden className="size-4" />
        {unread.length > UNREAD_ROOMS_SHOWN ? `Все чаты (ещё ${unread.length - UNREAD_ROOMS_SHOWN})` : 'Все чаты'}
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </section>
  );
}

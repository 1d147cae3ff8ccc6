import { Link } from '@tanstack/react-router';
import { ArrowLeft, EllipsisVertical, Trash2 } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import type { ChatRoom, ChatUser } from './chats.api.ts';

type RoomHeaderProps = {
  room: ChatRoom;
  other: ChatUser | undefined;
  typing: boolean;
  onBack: () => void;
  onDeleteRoom: () => void;
};

/** The open room's top bar: back (phones), the other person, "печатает…", and the room menu. */
export function RoomHeader({ room, other, typing, onBack, onDeleteRoom }: RoomHeaderProps) {
  const name = other?.username ?? room.roomName;
  const person = (
    <>
      <Avatar src={other?.avatar ?? room.avatar} name={name} className="size-10" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold">{name}</span>
        <span className="h-4 text-xs leading-4 text-primary" aria-live="polite">
          {typing ? 'печатает…' : ''}
        </span>
      </span>
    </>
  );
  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b bg-card px-2 sm:px-4">
      <Button variant="ghost" size="icon" className="md:hidden" aria-label="Назад к чатам" onClick={onBack}>
        <ArrowLeft className="size-5" />
      </Button>
      {other ? (
        <Link
          to="/mentor_info/$mentorId"
          params={{ mentorId: String(other.id) }}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-1 pr-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {person}
        </Link>
      ) : (
        <div className="flex min-w-0 flex-1 items-center gap-3">{person}</div>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Действия с чатом">
            <EllipsisVertical className="size-5" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-44">
          <DropdownMenuItem variant="destructive" onSelect={onDeleteRoom}>
            <Trash2 />
            Удалить чат
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </header>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { searchParams, searchString } from '../lib/search-params.ts';
import { ChatsScreen } from '../features/chats/chats-screen.tsx';
import { requireAuth } from '../features/account/guards.ts';

const chatsSearchSchema = searchParams((raw) => ({
  // The router parses `?roomId=12` as the number 12. Accept both and leave the value as parsed:
  // transforming it would make the router rewrite the URL to `?roomId="12"`.
  roomId: typeof raw.roomId === 'number' ? raw.roomId : searchString(raw.roomId) || undefined,
}));

export const Route = createFileRoute('/ChatsPage')({
  validateSearch: chatsSearchSchema,
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: ChatsPage,
});

function ChatsPage() {
  const { roomId } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <ChatsScreen
      roomId={roomId === undefined ? undefined : String(roomId)}
      meId={user.id}
      timeZone={user.time_zone ?? undefined}
      onRoomChange={(next, options) => navigate({ search: next === undefined ? {} : { roomId: next }, replace: options?.replace })}
    />
  );
}

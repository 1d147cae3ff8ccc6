import { createFileRoute } from '@tanstack/react-router';
// zod/mini: search schemas sit in the route config, which is part of the initial bundle.
import { z } from 'zod/mini';
import { ChatsScreen } from '../features/chats/chats-screen.tsx';
import { requireAuth } from '../features/session/guards.ts';

const chatsSearchSchema = z.object({
  // The router parses `?roomId=12` as the number 12. Accept both and leave the value as parsed:
  // transforming it would make the router rewrite the URL to `?roomId="12"`.
  roomId: z.catch(z.optional(z.union([z.string().check(z.minLength(1)), z.number()])), undefined),
});

export const Route = createFileRoute('/ChatsPage')({
  validateSearch: chatsSearchSchema,
  beforeLoad: ({ context }) => requireAuth(context),
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

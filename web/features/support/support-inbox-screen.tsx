import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Inbox, MessageCircle } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { PagedListFooter } from '../../components/paged-list-footer.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { countRu } from '../../lib/plural.ts';
import { supportApi, supportQueries, type SupportInboxRoom } from './support.api.ts';

/**
 * /admin/support: every person's support chat, newest activity first. «Ответить» takes the room up (it joins
 * the admin's chat list) and opens it on the chat screen, where the admin reads and answers as in any chat.
 */
export function SupportInboxScreen({ timeZone }: { timeZone?: string }) {
  const inbox = useInfiniteQuery(supportQueries.inbox());
  const rooms = inbox.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Обращения в поддержку</h1>
        <p className="text-sm text-muted-foreground">Чаты пользователей с поддержкой. Ответить может любой администратор.</p>
      </div>
      {inbox.isPending ? (
        <div role="status" aria-label="Загрузка обращений" className="grid gap-3">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : inbox.isError && !rooms.length ? (
        <LoadErrorAlert onRetry={() => void inbox.refetch()}>
          {inbox.error instanceof ApiError ? inbox.error.detail : 'Не удалось загрузить обращения'}
        </LoadErrorAlert>
      ) : !rooms.length ? (
        <EmptyState icon={<Inbox />} title="Обращений пока нет" description="Когда пользователь напишет в поддержку, его чат появится здесь." />
      ) : (
        <>
          <ul aria-label="Обращения" className="grid gap-3">
            {rooms.map((room) => (
              <li key={room.roomId}>
                <InboxItem room={room} timeZone={timeZone} />
              </li>
            ))}
          </ul>
          <PagedListFooter query={inbox} errorText="Не удалось загрузить следующие обращения" />
        </>
      )}
    </section>
  );
}

function InboxItem({ room, timeZone }: { room: SupportInboxRoom; timeZone?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: () => supportApi.join(room.roomId),
    onSuccess: async ({ roomId }) => {
      void queryClient.invalidateQueries({ queryKey: supportQueries.all() });
      await navigate({ to: '/ChatsPage', search: { roomId } });
    },
    onError: (error) => toast({ title: 'Не удалось открыть чат', description: error instanceof ApiError ? error.detail : 'Попробуйте ещё раз.', variant: 'destructive' }),
  });
  const { user, lastMessage, unreadCount } = room;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
      <Avatar src={user.avatar} name={user.name} className="size-11" />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="font-semibold">{user.name}</span>
          {user.email ? <span className="truncate text-xs text-muted-foreground">{user.email}</span> : null}
          {unreadCount > 0 ? (
            <Badge data-testid="team-unread">
              <span aria-hidden>{unreadCount}</span>
              <span className="sr-only">{countRu(unreadCount, ['новое сообщение', 'новых сообщения', 'новых сообщений'])}</span>
            </Badge>
          ) : null}
        </div>
        <p className="truncate text-sm" data-testid="inbox-preview">
          {lastMessage.from_user ? null : <span className="text-muted-foreground">Поддержка: </span>}
          {lastMessage.content}
        </p>
        <time dateTime={lastMessage.timestamp} className="text-xs text-muted-foreground">
          {formatDate(lastMessage.timestamp, timeZone)}
        </time>
      </div>
      <Button variant={unreadCount > 0 ? 'default' : 'outline'} disabled={answer.isPending} onClick={() => answer.mutate()} aria-label={`Ответить: ${user.name}`}>
        {answer.isPending ? <Spinner /> : <MessageCircle />}
        {room.joined ? 'Открыть чат' : 'Ответить'}
      </Button>
    </Card>
  );
}

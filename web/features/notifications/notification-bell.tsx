import { Link, useRouter } from '@tanstack/react-router';
import { Bell, BellOff } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { cn } from '../../lib/cn.ts';
import type { AppNotification } from './notifications.types.ts';

const MAX_ITEMS = 10;

/** The badge text: the unread count, '9+' above nine (spec 000 §9). */
export function formatUnreadCount(count: number): string {
  return count > 9 ? '9+' : String(count);
}

type NotificationBellProps = {
  items: AppNotification[];
  onMarkRead: (id: AppNotification['id']) => void;
  onMarkAllRead: () => void;
};

export function NotificationBell({ items, onMarkRead, onMarkAllRead }: NotificationBellProps) {
  const unread = items.filter((item) => !item.is_read).length;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative rounded-full" aria-label={unread ? `Уведомления, непрочитанных: ${unread}` : 'Уведомления'}>
          <Bell className="size-5!" />
          {unread > 0 ? (
            <span
              data-testid="notification-badge"
              className="absolute top-1 right-1 grid h-4.5 min-w-4.5 place-content-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground ring-2 ring-background"
            >
              {formatUnreadCount(unread)}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="flex h-[470px] max-h-[calc(100dvh-5rem)] w-[440px] max-w-[calc(100vw-1rem)] flex-col">
        <header className="flex items-center justify-between border-b px-5 py-4">
          <h2 className="font-semibold">Уведомления</h2>
          {unread > 0 ? <span className="text-sm text-muted-foreground">Непрочитанных: {unread}</span> : null}
        </header>
        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-muted-foreground">
            <BellOff aria-hidden className="size-8 opacity-60" />
            <p className="text-sm">Нет уведомлений</p>
          </div>
        ) : (
          <ul className="flex-1 divide-y overflow-y-auto">
            {items.slice(0, MAX_ITEMS).map((item) => (
              <NotificationRow key={item.id} item={item} onRead={() => onMarkRead(item.id)} />
            ))}
          </ul>
        )}
        <footer className="flex items-center justify-between gap-2 border-t px-4 py-3">
          <Button variant="ghost" size="sm" disabled={unread === 0} onClick={onMarkAllRead}>
            Отметить прочитанными
          </Button>
          <PopoverClose asChild>
            <Button asChild variant="secondary" size="sm">
              <Link to="/notifications">Показать все</Link>
            </Button>
          </PopoverClose>
        </footer>
      </PopoverContent>
    </Popover>
  );
}

function NotificationRow({ item, onRead }: { item: AppNotification; onRead: () => void }) {
  const router = useRouter();
  const url = item.payload?.url;
  return (
    <li className={cn('flex gap-3 px-5 py-3.5 text-sm', !item.is_read && 'bg-accent/50')}>
      <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.is_read ? 'bg-transparent' : 'bg-primary')} />
      <div className="min-w-0 flex-1">
        <p className="break-words">{item.message}</p>
        {url ? (
          <a
            href={url}
            className="mt-1 inline-block font-medium text-primary hover:underline"
            onClick={(event) => {
              onRead();
              // In-app links navigate without reloading the SPA; external ones open normally.
              if (url.startsWith('/')) {
                event.preventDefault();
                void router.navigate({ href: url });
              }
            }}
          >
            подробнее
          </a>
        ) : null}
      </div>
    </li>
  );
}

import { NotificationSkeleton } from './notification-skeleton.tsx';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Bell, BellOff } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { formatNotificationDate } from './notification-date.ts';
import { NotificationDetailsLink } from './notification-details-link.tsx';
import type { AppNotification, NotificationId } from './notifications.api.ts';

const MAX_ITEMS = 10;

/** The badge text: the unread count, '9+' above nine (spec 000 §9). */
export function formatUnreadCount(count: number): string {
  return count > 9 ? '9+' : String(count);
}

type NotificationBellProps = {
  /** Newest first; the panel shows the first ten. */
  items: AppNotification[];
  /** The server's count, which also covers items not loaded. */
  unreadCount: number;
  /** The first load is running. */
  isPending?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  /** The viewer's IANA zone for the dates; the browser's when absent. */
  timeZone?: string;
  onMarkRead: (id: NotificationId) => void;
  onMarkAllRead: () => void;
};

/** The header's bell with the notification panel, 440x470 px (spec 000 §2). */
export function NotificationBell({ items, unreadCount, isPending = false, isError = false, onRetry, timeZone, onMarkRead, onMarkAllRead }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative rounded-full" aria-label={unreadCount ? `Уведомления, непрочитанных: ${unreadCount}` : 'Уведомления'}>
          <Bell className="size-5!" />
          {unreadCount > 0 ? (
            <span
              data-testid="notification-badge"
              className="absolute top-1 right-1 grid h-4.5 min-w-4.5 place-content-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground ring-2 ring-background"
            >
              {formatUnreadCount(unreadCount)}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="flex h-[470px] max-h-[calc(100dvh-5rem)] w-[440px] max-w-[calc(100vw-1rem)] flex-col">
        <header className="flex items-center justify-between border-b px-5 py-4">
          <h2 className="font-semibold">Уведомления</h2>
          {unreadCount > 0 ? <span className="text-sm text-muted-foreground">Непрочитанных: {unreadCount}</span> : null}
        </header>
        {isPending ? (
          <NotificationSkeleton rows={4} className="flex-1" rowClassName="px-5 py-3.5" />
        ) : isError && items.length === 0 ? (
          <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center text-sm text-muted-foreground">
            <p>Не удалось загрузить уведомления</p>
            {onRetry ? (
              <Button variant="outline" size="sm" onClick={onRetry}>
                Повторить
              </Button>
            ) : null}
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-muted-foreground">
            <BellOff aria-hidden className="size-8 opacity-60" />
            <p className="text-sm">Нет уведомлений</p>
          </div>
        ) : (
          <ul className="flex-1 divide-y overflow-y-auto">
            {items.slice(0, MAX_ITEMS).map((item) => (
              <NotificationRow
                key={item.id}
                item={item}
                timeZone={timeZone}
                onRead={() => onMarkRead(item.id)}
                onFollow={() => {
                  onMarkRead(item.id);
                  setOpen(false);
                }}
              />
            ))}
          </ul>
        )}
        <footer className="flex items-center justify-between gap-2 border-t px-4 py-3">
          <Button variant="ghost" size="sm" disabled={unreadCount === 0} onClick={onMarkAllRead}>
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

type NotificationRowProps = { item: AppNotification; timeZone?: string; onRead: () => void; onFollow: () => void };

function NotificationRow({ item, timeZone, onRead, onFollow }: NotificationRowProps) {
  const url = item.payload?.url;
  return (
    <li data-testid="notification-item" className={cn('relative flex gap-3 px-5 py-3.5 text-sm', !item.is_read && 'bg-accent/50 hover:bg-accent')}>
      <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.is_read ? 'bg-transparent' : 'bg-primary')} />
      <div className="min-w-0 flex-1">
        {item.is_read ? (
          <p className="break-words">{item.message}</p>
        ) : (
          // The whole row is the target (the ::after covers it); the link below sits above it.
          <button
            type="button"
            title="Отметить прочитанным"
            onClick={onRead}
            className="block w-full text-left font-medium break-words outline-none after:absolute after:inset-0 focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-inset"
          >
            {item.message}
            <span className="sr-only"> (непрочитанное, отметить прочитанным)</span>
          </button>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {item.created_at ? (
            <time dateTime={item.created_at} title={formatDate(item.created_at, timeZone)}>
              {formatNotificationDate(item.created_at, timeZone)}
            </time>
          ) : null}
          {url ? <NotificationDetailsLink url={url} onOpen={onFollow} className="relative z-10 text-sm" /> : null}
        </div>
      </div>
    </li>
  );
}

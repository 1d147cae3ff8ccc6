import { NotificationSkeleton } from './notification-skeleton.tsx';
import { BellOff, CheckCheck } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { formatNotificationDate } from './notification-date.ts';
import { NotificationDetailsLink } from './notification-details-link.tsx';
import type { AppNotification } from './notifications.api.ts';
import { useNotifications } from './use-notifications.ts';

/** /notifications: every notification, 20 a page, newest first, with mark-read (spec 000 §2, §4). */
export function NotificationsScreen({ timeZone }: { timeZone?: string }) {
  const notifications = useNotifications();
  const { items, unreadCount } = notifications;

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:gap-6 sm:py-8 lg:px-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Уведомления</h1>
          {!notifications.isPending && items.length > 0 ? (
            <p className="text-sm text-muted-foreground">{unreadCount > 0 ? `Непрочитанных: ${unreadCount}` : 'Все уведомления прочитаны'}</p>
          ) : null}
        </div>
        <Button variant="outline" className="w-full sm:w-auto" disabled={unreadCount === 0} onClick={notifications.markAllRead}>
          <CheckCheck aria-hidden />
          Отметить все прочитанными
        </Button>
      </div>

      {notifications.isPending ? (
        <ListSkeleton />
      ) : notifications.isError && items.length === 0 ? (
        <LoadErrorAlert onRetry={notifications.refetch}>Не удалось загрузить уведомления</LoadErrorAlert>
      ) : items.length === 0 ? (
        <EmptyState icon={<BellOff />} title="Нет уведомлений" description="Здесь появятся новости о ваших записях, оплатах и мероприятиях." />
      ) : (
        <ul aria-label="Список уведомлений" className="divide-y overflow-hidden rounded-2xl border bg-card">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} timeZone={timeZone} onRead={() => notifications.markRead(item.id)} />
          ))}
        </ul>
      )}

      {notifications.isFetchNextPageError ? (
        <LoadErrorAlert onRetry={notifications.fetchNextPage}>Не удалось загрузить следующие уведомления</LoadErrorAlert>
      ) : notifications.hasNextPage && items.length > 0 ? (
        <Button variant="outline" className="w-full self-center sm:w-auto" disabled={notifications.isFetchingNextPage} onClick={notifications.fetchNextPage}>
          {notifications.isFetchingNextPage ? <Spinner label="Загрузка" className="text-current" /> : null}
          Показать ещё
        </Button>
      ) : null}
    </section>
  );
}

type NotificationItemProps = { item: AppNotification; timeZone?: string; onRead: () => void };

function NotificationItem({ item, timeZone, onRead }: NotificationItemProps) {
  const url = item.payload?.url;
  return (
    <li data-testid="notification-item" className={cn('flex gap-3 px-4 py-4 sm:px-5', !item.is_read && 'bg-accent/50')}>
      <span aria-hidden className={cn('mt-2 size-2 shrink-0 rounded-full', item.is_read ? 'bg-transparent' : 'bg-primary')} />
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm break-words sm:text-base', !item.is_read && 'font-medium')}>
          {item.is_read ? null : <span className="sr-only">Непрочитанное: </span>}
          {item.message}
        </p>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm">
          {item.created_at ? (
            <time dateTime={item.created_at} title={formatDate(item.created_at, timeZone)} className="text-xs text-muted-foreground">
              {formatNotificationDate(item.created_at, timeZone)}
            </time>
          ) : null}
          {url ? <NotificationDetailsLink url={url} onOpen={onRead} /> : null}
          {item.is_read ? null : (
            <button type="button" onClick={onRead} className="font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
              Отметить прочитанным
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

function ListSkeleton() {
  return <NotificationSkeleton rows={5} className="rounded-2xl border bg-card" rowClassName="px-4 py-4 sm:px-5" />;
}

import { NotificationBell } from './notification-bell.tsx';
import { useNotifications } from './use-notifications.ts';

/**
 * The header's bell with the server's list. The layout mounts it only for a signed-in user, which is
 * when the list first loads (spec 000 §4); NotificationsLiveConnection keeps that list current.
 */
export function NotificationCenter({ timeZone }: { timeZone?: string }) {
  const notifications = useNotifications();
  return (
    <NotificationBell
      items={notifications.items}
      unreadCount={notifications.unreadCount}
      isPending={notifications.isPending}
      isError={notifications.isError}
      onRetry={notifications.refetch}
      timeZone={timeZone}
      onMarkRead={notifications.markRead}
      onMarkAllRead={notifications.markAllRead}
    />
  );
}

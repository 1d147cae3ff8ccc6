import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationQueries } from './notifications.queries.ts';
import type { AppNotification } from './notifications.types.ts';

/** Notifications of the signed-in user; the caller passes `enabled: false` for visitors (spec: load once after sign-in). */
export function useNotifications({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const { data = [] } = useQuery({ ...notificationQueries.list(), enabled });

  // Until the mark-read calls exist this only updates the cache, so the badge and buttons behave as specified.
  const setRead = (isTarget: (item: AppNotification) => boolean) =>
    queryClient.setQueryData(notificationQueries.list().queryKey, (items) =>
      items?.map((item) => (isTarget(item) ? { ...item, is_read: true } : item)),
    );

  return {
    items: data,
    markRead: (id: AppNotification['id']) => setRead((item) => item.id === id),
    markAllRead: () => setRead((item) => !item.is_read),
  };
}

import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast-store.ts';
import { markAllNotificationsRead, markNotificationRead, type NotificationId } from './notifications.api.ts';
import {
  classifyIds,
  markAllReadInCache,
  markReadInCache,
  markUnreadInCache,
  notificationItems,
  unreadCountOf,
  type NotificationsData,
} from './notifications-cache.ts';
import { notificationQueries } from './notifications.queries.ts';

const listKey = notificationQueries.list().queryKey;

/**
 * The signed-in user's notifications (spec 000 §4) with optimistic mark-read. Mount it only for a
 * signed-in user: the list loads on first use and is shared by the bell and /notifications.
 */
export function useNotifications() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(notificationQueries.list());

  const setList = (change: (data: NotificationsData) => NotificationsData) =>
    queryClient.setQueryData(listKey, (data) => (data ? change(data) : data));

  // No cancelQueries before the optimistic change: it would also abort a 'Показать ещё' in progress.
  // A refetch that answers with the old state is corrected by onSuccess here and by the 'read' push.
  const markOne = useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id: NotificationId) => {
      const flipped = classifyIds(queryClient.getQueryData(listKey), [id]).unread;
      setList((data) => markReadInCache(data, flipped));
      return { flipped };
    },
    onSuccess: (_answer, id) => setList((data) => markReadInCache(data, [id])),
    onError: (_error, _id, context) => {
      if (context?.flipped.length) setList((data) => markUnreadInCache(data, context.flipped));
      toast({ title: 'Не удалось отметить уведомление прочитанным', variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });

  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      const data = queryClient.getQueryData(listKey);
      const flipped = notificationItems(data).filter((item) => !item.is_read).map((item) => item.id);
      const previousUnread = unreadCountOf(data);
      setList(markAllReadInCache);
      return { flipped, previousUnread };
    },
    onSuccess: () => setList(markAllReadInCache),
    onError: (_error, _variables, context) => {
      if (context) setList((data) => markUnreadInCache(data, context.flipped, context.previousUnread));
      toast({ title: 'Не удалось отметить уведомления прочитанными', variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });

  const items = notificationItems(query.data);
  const unreadCount = unreadCountOf(query.data);

  return {
    items,
    unreadCount,
    isPending: query.isPending,
    isError: query.isError,
    refetch: () => void query.refetch(),
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    fetchNextPage: () => void query.fetchNextPage(),
    /** Marks one read; an already read one sends nothing. */
    markRead: (id: NotificationId) => {
      if (items.some((item) => item.id === id && !item.is_read)) markOne.mutate(id);
    },
    markAllRead: () => markAll.mutate(),
  };
}

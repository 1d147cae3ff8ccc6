import type { InfiniteData } from '@tanstack/react-query';
import type { AppNotification, NotificationId, NotificationsPage } from './notifications.api.ts';

/*
 * Pure updates of the cached list (InfiniteData of pages). The unread count is the server's
 * unread_count, which covers pages not loaded yet; every page carries the same value, so each
 * update changes it on all pages and readers take it from the first.
 */

export type NotificationsData = InfiniteData<NotificationsPage>;

/** All loaded items, newest first. A pushed item shifts the server's pages, so the next page can repeat one: keep the first copy. */
export function notificationItems(data: NotificationsData | undefined): AppNotification[] {
  if (!data) return [];
  const seen = new Set<NotificationId>();
  const items: AppNotification[] = [];
  for (const page of data.pages) {
    for (const item of page.results) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

export function unreadCountOf(data: NotificationsData | undefined): number {
  return data?.pages[0]?.unread_count ?? 0;
}

function update(
  data: NotificationsData,
  unread: (count: number) => number,
  item: (notification: AppNotification) => AppNotification,
  countChange = 0,
): NotificationsData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      results: page.results.map(item),
      unread_count: Math.max(0, unread(page.unread_count)),
      count: page.count + countChange,
    })),
  };
}

/** A pushed notification goes on top of page 1 and, when unread, raises the count; one already listed changes nothing. */
export function addNotification(data: NotificationsData, notification: AppNotification): NotificationsData {
  if (data.pages.some((page) => page.results.some((item) => item.id === notification.id))) return data;
  const raised = update(data, (count) => count + (notification.is_read ? 0 : 1), (item) => item, 1);
  const [first, ...rest] = raised.pages;
  if (!first) return data;
  return { ...raised, pages: [{ ...first, results: [notification, ...first.results] }, ...rest] };
}

/** Which of these ids are listed and unread, and which are not listed at all (their state is unknown here). */
export function classifyIds(data: NotificationsData | undefined, ids: readonly NotificationId[]) {
  const items = new Map(notificationItems(data).map((item) => [item.id, item]));
  return {
    unread: ids.filter((id) => items.get(id)?.is_read === false),
    missing: ids.filter((id) => !items.has(id)),
  };
}

/** Marks the listed ids read; the count drops only by those that were unread, so a repeated mark changes nothing. */
export function markReadInCache(data: NotificationsData, ids: readonly NotificationId[]): NotificationsData {
  const flip = new Set(classifyIds(data, ids).unread);
  if (flip.size === 0) return data;
  return update(data, (count) => count - flip.size, (item) => (flip.has(item.id) ? { ...item, is_read: true } : item));
}

/**
 * The rollback of an optimistic mark: these ids become unread again and the count rises by `raiseBy`
 * (for 'mark all', the count it had, which also covers unread items on pages not loaded).
 */
export function markUnreadInCache(data: NotificationsData, ids: readonly NotificationId[], raiseBy = ids.length): NotificationsData {
  const flip = new Set(ids);
  return update(data, (count) => count + raiseBy, (item) => (flip.has(item.id) ? { ...item, is_read: false } : item));
}

export function markAllReadInCache(data: NotificationsData): NotificationsData {
  return update(data, () => 0, (item) => (item.is_read ? item : { ...item, is_read: true }));
}

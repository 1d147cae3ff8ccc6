// zod/mini: this module is part of the bell's chunk, loaded for every signed-in user, and the mini
// build is already in the initial bundle (route search schemas); the full zod is not.
import { z } from 'zod/mini';
import { api, unwrap } from '../../lib/api-client.ts';

/* The notification calls of spec 000 §7 through the typed client (GET /api/notifications/?page=, mark_read, mark_all_read). */

// The schema check of spec 000 §8: payload may carry more (roomId, …); only url is read, so only url is checked.
const notificationSchema = z.object({
  id: z.number(),
  message: z.string(),
  is_read: z.boolean(),
  payload: z.optional(z.nullable(z.looseObject({ url: z.optional(z.nullable(z.string())) }))),
  // spec 000 §3 does not name a date; our server sends one, an older one may not
  created_at: z.optional(z.string()),
});

// Spec 000 §3: "A page response has results and next, or is a plain array".
const listResponseSchema = z.union([
  z.object({
    results: z.array(notificationSchema),
    next: z.optional(z.nullable(z.number())),
    count: z.optional(z.number()),
    unread_count: z.optional(z.number()),
  }),
  z.array(notificationSchema),
]);

export type AppNotification = z.infer<typeof notificationSchema>;
export type NotificationId = AppNotification['id'];

/** One page of the list, normalised: `next` is the next page number, `unread_count` counts all unread, not just this page. */
export type NotificationsPage = { results: AppNotification[]; next: number | null; count: number; unread_count: number };

export const EMPTY_PAGE: NotificationsPage = { results: [], next: null, count: 0, unread_count: 0 };

/** Normalises a list answer. An unknown shape is logged and shown as an empty list (spec 000 §8). */
export function toNotificationsPage(body: unknown): NotificationsPage {
  const parsed = listResponseSchema.safeParse(body);
  if (!parsed.success) {
    console.warn('notifications: unknown payload, the list is emptied', parsed.error.issues);
    return EMPTY_PAGE;
  }
  const data = parsed.data;
  if (Array.isArray(data)) return { results: data, next: null, count: data.length, unread_count: data.filter((item) => !item.is_read).length };
  return {
    results: data.results,
    next: data.next ?? null,
    count: data.count ?? data.results.length,
    unread_count: data.unread_count ?? data.results.filter((item) => !item.is_read).length,
  };
}

/** A notification pushed over the live connection, checked like the list's items; null when its shape is unknown. */
export function parseNotification(value: unknown): AppNotification | null {
  const parsed = notificationSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  console.warn('notifications: unknown notification payload, ignored', parsed.error.issues);
  return null;
}

/** GET /api/notifications/?page=N: 20 a page, newest first. */
export async function fetchNotificationsPage(page: number): Promise<NotificationsPage> {
  const body: unknown = await unwrap(await api.notifications.$get({ query: { page: String(page) } }));
  return toNotificationsPage(body);
}

/** POST /api/notifications/{id}/mark_read/ */
export async function markNotificationRead(id: NotificationId) {
  return unwrap(await api.notifications[':id'].mark_read.$post({ param: { id: String(id) } }));
}

/** POST /api/notifications/mark_all_read/ */
export async function markAllNotificationsRead() {
  return unwrap(await api.notifications.mark_all_read.$post());
}

import type { notifications } from '../../drizzle/schema/notifications.ts';

/** The spec's notification (000 §3): id, message, is_read, payload (optional url), plus created_at. */
export function toNotification(row: typeof notifications.$inferSelect) {
  return { id: row.id, message: row.message, is_read: row.isRead, payload: row.payload, created_at: row.createdAt.toISOString() };
}

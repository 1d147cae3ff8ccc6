/** A notification as spec 000 §3 describes it; payload.url is an optional "подробнее" target. */
export type AppNotification = {
  id: number | string;
  message: string;
  is_read: boolean;
  payload?: { url?: string | null } | null;
};

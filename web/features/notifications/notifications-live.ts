import type { QueryClient } from '@tanstack/react-query';
import ReconnectingWebSocket from 'partysocket/ws';
import { notificationServerMessage, type NotificationClientMessage, type NotificationServerMessage } from '../../../party/protocol/notifications.ts';
import { toast } from '../../components/ui/toast-store.ts';
import { fetchNotificationsPage, parseNotification } from './notifications.api.ts';
import { addNotification, classifyIds, markAllReadInCache, markReadInCache } from './notifications-cache.ts';
import { notificationQueries } from './notifications.queries.ts';

/*
 * The live connection /ws/notifications/ (spec 001 §4, §7). Loaded on demand by use-notifications-live.ts,
 * so partysocket and the full zod of the protocol stay out of the bell's chunk.
 */

/** What is used of a socket; tests pass a fake. */
export type LiveSocket = {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'message', listener: (event: Event) => void): void;
  removeEventListener(type: 'open' | 'message', listener: (event: Event) => void): void;
};

/** Builds the socket; the URL is asked for before every (re)connection attempt. */
export type CreateSocket = (url: () => Promise<string>) => LiveSocket;

/** The event the chats feature listens to for a message in a room that is not open (features do not import each other). */
export const CHAT_MESSAGE_EVENT = 'forma:chat-message';

// The Durable Object hibernates and proxies drop idle connections (often at 30-60 s): a ping keeps the line in use.
export const PING_INTERVAL_MS = 25_000;
const OPEN = 1;

export function notificationsSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/notifications/`;
}

// partysocket retries by itself; sends are not queued (a stale ping is worthless).
const createPartySocket: CreateSocket = (url) => new ReconnectingWebSocket(url, [], { maxEnqueuedMessages: 0 });

const listKey = notificationQueries.list().queryKey;

/** Applies one server message: to the cached list, as a toast, or as the event for the chats feature. */
export function applyServerMessage(queryClient: QueryClient, message: NotificationServerMessage): void {
  switch (message.type) {
    case 'notification': {
      const notification = parseNotification(message.notification);
      if (!notification) return;
      if (queryClient.getQueryData(listKey)) {
        queryClient.setQueryData(listKey, (data) => (data ? addNotification(data, notification) : data));
      } else {
        // the first load is still running and may have been answered before this one was stored
        void queryClient.invalidateQueries({ queryKey: listKey });
      }
      toast({ title: 'Новое уведомление', description: notification.message });
      return;
    }
    case 'chat_message':
      window.dispatchEvent(new CustomEvent(CHAT_MESSAGE_EVENT, { detail: { roomId: message.roomId } }));
      return;
    case 'read': {
      // marked read in another tab (or echoed back to this one, where it is already read)
      queryClient.setQueryData(listKey, (data) => (data ? markReadInCache(data, message.ids) : data));
      // an id on a page not loaded here: whether it was unread is unknown, so ask for the count again
      if (classifyIds(queryClient.getQueryData(listKey), message.ids).missing.length) void queryClient.invalidateQueries({ queryKey: listKey });
      return;
    }
    case 'read_all':
      queryClient.setQueryData(listKey, (data) => (data ? markAllReadInCache(data) : data));
      return;
    case 'pong':
      return;
  }
}

function parseServerMessage(data: unknown): NotificationServerMessage | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    console.warn('notifications: a live message that is not JSON, ignored');
    return null;
  }
  const parsed = notificationServerMessage.safeParse(json);
  if (parsed.success) return parsed.data;
  console.warn('notifications: unknown live message, ignored', parsed.error.issues);
  return null;
}

type ConnectOptions = {
  createSocket?: CreateSocket;
  /**
   * Runs before a retry that follows a failed attempt. A WebSocket cannot see the 401 of an expired
   * access cookie, so an API call first lets api-client refresh the session (or end it, which
   * unmounts the bell and closes this connection).
   */
  beforeRetry?: () => Promise<unknown>;
};

/** Opens the connection, keeps the cache in step with it, and returns the function that closes it. */
export function connectNotificationsLive(
  queryClient: QueryClient,
  { createSocket = createPartySocket, beforeRetry = () => fetchNotificationsPage(1) }: ConnectOptions = {},
): () => void {
  let attempts = 0;
  let lastAttemptOpened = false;
  let openedBefore = false;

  const url = async () => {
    if (attempts++ > 0 && !lastAttemptOpened) await beforeRetry().catch(() => undefined);
    lastAttemptOpened = false;
    return notificationsSocketUrl();
  };
  const socket = createSocket(url);

  const onOpen = () => {
    lastAttemptOpened = true;
    // a reconnection: whatever was pushed while the line was down was missed
    if (openedBefore) void queryClient.invalidateQueries({ queryKey: listKey });
    openedBefore = true;
  };
  const onMessage = (event: Event) => {
    const message = parseServerMessage((event as MessageEvent).data);
    if (message) applyServerMessage(queryClient, message);
  };
  socket.addEventListener('open', onOpen);
  socket.addEventListener('message', onMessage);

  const ping = window.setInterval(() => {
    if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'ping' } satisfies NotificationClientMessage));
  }, PING_INTERVAL_MS);

  return () => {
    window.clearInterval(ping);
    socket.removeEventListener('open', onOpen);
    socket.removeEventListener('message', onMessage);
    socket.close();
  };
}

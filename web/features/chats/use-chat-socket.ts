import { useCallback, useEffect, useRef } from 'react';
import { WebSocket as ReconnectingWebSocket } from 'partysocket';
import { chatServerMessage, type ChatClientMessage, type ChatServerMessage } from '../../../party/protocol/chats.ts';

/** What the chat needs of a socket: the browser WebSocket's surface, which partysocket's keeps. */
export type ChatSocket = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'message', listener: (event: Event) => void): void;
  removeEventListener(type: 'open' | 'close' | 'message', listener: (event: Event) => void): void;
};

/** Opens a room's socket; tests pass their own. */
export type ChatSocketFactory = (url: string) => ChatSocket;

const OPEN = 1;
/** At most one "typing" per this many ms while the person keeps typing. */
export const TYPING_THROTTLE_MS = 2000;
/** Keeps idle connections (and the proxies between) from being dropped as dead. */
const PING_INTERVAL_MS = 30_000;

/** /ws/chats/{roomId}/ on this origin; the session cookies authenticate the upgrade. */
export function chatSocketUrl(roomId: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/chats/${encodeURIComponent(roomId)}/`;
}

/** partysocket reconnects by itself (with backoff) after a network loss or a server restart. */
export const connectChatSocket: ChatSocketFactory = (url) =>
  new ReconnectingWebSocket(url, undefined, { maxReconnectionDelay: 10_000, minReconnectionDelay: 500 });

/** Server frames through the protocol's zod union (never `as T`); anything else is dropped. */
export function parseServerMessage(data: unknown): ChatServerMessage | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = chatServerMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}

type ChatSocketHandlers = {
  onMessage: (message: ChatServerMessage) => void;
  /** Every (re)open: the moment to fetch what was missed while the connection was down. */
  onOpen: () => void;
  /** The connection dropped (it will try again by itself). */
  onClose?: () => void;
};

/** The live connection of one room while it is open; returns the throttled "typing" sender. */
export function useChatSocket(roomId: string, connect: ChatSocketFactory, handlers: ChatSocketHandlers) {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const socketRef = useRef<ChatSocket | null>(null);
  const lastTypingRef = useRef(0);

  useEffect(() => {
    const socket = connect(chatSocketUrl(roomId));
    socketRef.current = socket;
    const send = (message: ChatClientMessage) => {
      // partysocket would queue frames while closed; a late "typing" or ping is worthless, so drop it.
      if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
    };
    const onOpen = () => handlersRef.current.onOpen();
    const onClose = () => handlersRef.current.onClose?.();
    const onMessage = (event: Event) => {
      const message = parseServerMessage((event as MessageEvent).data);
      if (!message) return;
      // I was removed from the room (deleted it in another tab): reconnecting would only be refused.
      if (message.type === 'room_deleted') socket.close(1000, 'room deleted');
      handlersRef.current.onMessage(message);
    };
    socket.addEventListener('open', onOpen);
    socket.addEventListener('close', onClose);
    socket.addEventListener('message', onMessage);
    const ping = setInterval(() => send({ type: 'ping' }), PING_INTERVAL_MS);
    return () => {
      clearInterval(ping);
      socket.removeEventListener('open', onOpen);
      socket.removeEventListener('close', onClose);
      socket.removeEventListener('message', onMessage);
      socket.close(1000, 'room closed');
      socketRef.current = null;
    };
  }, [roomId, connect]);

  return useCallback(() => {
    const socket = socketRef.current;
    const now = Date.now();
    if (!socket || socket.readyState !== OPEN || now - lastTypingRef.current < TYPING_THROTTLE_MS) return;
    lastTypingRef.current = now;
    socket.send(JSON.stringify({ type: 'typing' } satisfies ChatClientMessage));
  }, []);
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { connectNotificationsLive, notificationsSocketUrl, PING_INTERVAL_MS } from '../../web/features/notifications/notifications-live.ts';
import { FakeSocket } from './fake-live-socket.ts';

/* The connection logic without React: pings, the URL, and what happens before a retry. */


function connect(beforeRetry = vi.fn(async () => undefined)) {
  let socket!: FakeSocket;
  const disconnect = connectNotificationsLive(new QueryClient(), {
    createSocket: (url) => (socket = new FakeSocket(url)),
    beforeRetry,
  });
  return { socket, disconnect, beforeRetry };
}

describe('connectNotificationsLive', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a ping every 25 seconds while open, and stops when closed', () => {
    const { socket, disconnect } = connect();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(socket.sent).toEqual([]);

    socket.readyState = 1;
    vi.advanceTimersByTime(PING_INTERVAL_MS * 2);
    expect(socket.sent).toEqual(['{"type":"ping"}', '{"type":"ping"}']);

    disconnect();
    expect(socket.closed).toBe(true);
    vi.advanceTimersByTime(PING_INTERVAL_MS * 2);
    expect(socket.sent).toHaveLength(2);
  });

  it('lets the session refresh before retrying after an attempt that never opened', async () => {
    const { socket, beforeRetry } = connect();
    await socket.url();
    expect(beforeRetry).not.toHaveBeenCalled();

    // the first attempt failed (e.g. 401 on an expired access cookie)
    await socket.url();
    expect(beforeRetry).toHaveBeenCalledOnce();

    // an attempt that opened and later dropped retries at once
    socket.dispatchEvent(new Event('open'));
    await socket.url();
    expect(beforeRetry).toHaveBeenCalledOnce();
  });

  it('uses wss on https', () => {
    expect(notificationsSocketUrl({ protocol: 'https:', host: 'forma.example' })).toBe('wss://forma.example/ws/notifications/');
    expect(notificationsSocketUrl({ protocol: 'http:', host: '127.0.0.1:8787' })).toBe('ws://127.0.0.1:8787/ws/notifications/');
  });
});

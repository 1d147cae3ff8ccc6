import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CreateSocket } from './notifications-live.ts';

type NotificationsLiveConnectionProps = {
  /** Tests inject a fake socket; keep it stable, a new one reconnects. */
  createSocket?: CreateSocket;
};

/**
 * Keeps the signed-in user's /ws/notifications/ connection open while mounted; renders nothing. It is
 * mounted at the root, apart from the bell, so that moving between layouts does not reconnect. The
 * connection code (partysocket, the protocol's zod) is fetched after the page has rendered.
 */
export function NotificationsLiveConnection({ createSocket }: NotificationsLiveConnectionProps) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let disconnect: (() => void) | undefined;
    let unmounted = false;
    import('./notifications-live.ts')
      .then(({ connectNotificationsLive }) => {
        if (!unmounted) disconnect = connectNotificationsLive(queryClient, { createSocket });
      })
      .catch((error: unknown) => console.warn('notifications: the live connection could not be loaded', error));
    return () => {
      unmounted = true;
      disconnect?.();
    };
  }, [queryClient, createSocket]);
  return null;
}

// Browser push as a screen shows it (decision 027): whether this browser can, whether the server offers it, whether
// it is on here, and turning it on and off. Used by the settings and by the prompt after a first booking.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../api-client.ts';
import { browserSubscription, pushPermission, pushSupported, PushPermissionRefused, subscribeBrowser, unsubscribeBrowser, type PushPermission } from './browser-push.ts';
import { webPushApi, webPushQueries } from './web-push.api.ts';

export const PUSH_ENABLED_TOAST = 'Уведомления в браузере включены';
export const PUSH_REFUSED_TEXT = 'Браузер запретил уведомления для Формы. Разрешить их можно в настройках сайта в браузере (значок слева от адреса).';

export function useBrowserPush({ onChange }: { onChange?: () => void } = {}) {
  const queryClient = useQueryClient();
  const supported = pushSupported();
  // this browser's endpoint: undefined until read (the service worker's registration answers asynchronously)
  const [endpoint, setEndpoint] = useState<string | null | undefined>(supported ? undefined : null);
  const [permission, setPermission] = useState<PushPermission>(pushPermission);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    browserSubscription()
      .then((s) => live && setEndpoint(s?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [supported]);

  // a browser without push asks nothing: there is nothing it could turn on
  const state = useQuery({ ...webPushQueries.state(endpoint ?? null), enabled: supported && endpoint !== undefined });

  const changed = (next: string | null) => {
    setEndpoint(next);
    setPermission(pushPermission());
    void queryClient.invalidateQueries({ queryKey: webPushQueries.root });
    onChange?.();
  };

  const enable = useMutation({
    mutationFn: async () => {
      const publicKey = state.data?.public_key;
      if (!publicKey) throw new Error('push is not offered');
      const subscription = await subscribeBrowser(publicKey);
      await webPushApi.subscribe(subscription);
      return subscription.endpoint;
    },
    onSuccess: (next) => {
      changed(next);
      toast({ title: PUSH_ENABLED_TOAST, description: 'Напишем сюда о записях, сообщениях и о начале встреч.', variant: 'success' });
    },
    onError: (error) => {
      setPermission(pushPermission());
      if (error instanceof PushPermissionRefused) toast({ title: 'Уведомления не разрешены', description: PUSH_REFUSED_TEXT, variant: 'destructive' });
      else toast({ title: 'Не удалось включить уведомления', description: error instanceof ApiError ? error.detail : 'Попробуйте ещё раз чуть позже.', variant: 'destructive' });
    },
  });

  const disable = useMutation({
    mutationFn: async () => {
      const gone = await unsubscribeBrowser();
      if (gone) await webPushApi.unsubscribe(gone);
    },
    onSuccess: () => {
      changed(null);
      toast({ title: 'Уведомления в этом браузере выключены', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Не удалось выключить уведомления', description: error instanceof ApiError ? error.detail : undefined, variant: 'destructive' }),
  });

  return {
    supported,
    permission,
    /** the server offers push (it has its VAPID keys) */
    available: state.data?.available === true,
    /** on in this browser: permitted, subscribed, and the server has the subscription for this person */
    enabledHere: permission === 'granted' && endpoint != null && state.data?.subscribed === true,
    /** other browsers of this person that get push */
    elsewhere: Math.max(0, (state.data?.subscriptions ?? 0) - (state.data?.subscribed ? 1 : 0)),
    loading: supported && (endpoint === undefined || state.isPending),
    failed: state.isError,
    retry: () => void state.refetch(),
    enable,
    disable,
  };
}

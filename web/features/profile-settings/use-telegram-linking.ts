import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notificationQueries, notificationSettingsApi } from './notification-settings.api.ts';

/** How often the settings ask whether the bot has been started, and for how long (decision 026). */
export const LINK_POLL_MS = 2_000;
export const LINK_WAIT_MS = 5 * 60_000;
/** A phone leaves for Telegram in this tab; coming back, the wait goes on from where it was. */
const PENDING_KEY = 'forma.telegram-link-pending';

export type LinkWait = { url: string; until: number };

const onPhone = () => typeof window.matchMedia === 'function' && window.matchMedia('(hover: none) and (pointer: coarse)').matches;

function savedWait(): LinkWait | null {
  try {
    const wait = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as LinkWait | null;
    return wait && typeof wait.url === 'string' && wait.until > Date.now() ? wait : null;
  } catch {
    return null;
  }
}

function keepWait(wait: LinkWait | null) {
  try {
    if (wait) sessionStorage.setItem(PENDING_KEY, JSON.stringify(wait));
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // storage refused (private mode): the wait lasts as long as the page
  }
}

/**
 * «Подключить Telegram»: asks for a one-time deep link and opens it (a new tab on a computer, opened at the click so
 * no popup blocker stops it; this tab on a phone), then reads the link's state every 2 s for up to 5 minutes until
 * the bot has been started with it. «Отменить» stops waiting (the token simply expires).
 */
export function useTelegramLinking() {
  const queryClient = useQueryClient();
  const [wait, setWaitState] = useState<LinkWait | null>(savedWait);
  const [timedOut, setTimedOut] = useState(false);
  const setWait = useCallback((next: LinkWait | null) => {
    keepWait(next);
    setWaitState(next);
  }, []);

  const link = useQuery({ ...notificationQueries.telegramLink(), refetchInterval: wait ? LINK_POLL_MS : false, refetchIntervalInBackground: true });
  const linked = link.data?.linked === true;

  useEffect(() => {
    if (!wait || !linked) return;
    setWait(null);
    toast({ title: 'Telegram подключён', description: 'Уведомления Формы будут приходить в чат с ботом.', variant: 'success' });
    void queryClient.invalidateQueries({ queryKey: notificationQueries.settings().queryKey });
  }, [wait, linked, setWait, queryClient]);

  useEffect(() => {
    if (!wait) return;
    const timer = setTimeout(() => {
      setWait(null);
      setTimedOut(true);
    }, Math.max(0, wait.until - Date.now()));
    return () => clearTimeout(timer);
  }, [wait, setWait]);

  const start = useMutation({
    mutationFn: async ({ tab, phone }: { tab: Window | null; phone: boolean }) => {
      try {
        const { url } = await notificationSettingsApi.startTelegramLink();
        const absolute = new URL(url, window.location.href).href;
        setWait({ url: absolute, until: Date.now() + LINK_WAIT_MS });
        if (phone) window.location.assign(absolute);
        else if (tab) {
          tab.opener = null;
          tab.location.href = absolute;
        }
        // no tab (blocked): the waiting state offers the link itself
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    onError: (error) =>
      toast({ title: 'Не удалось подключить Telegram', description: error instanceof ApiError ? error.detail : undefined, variant: 'destructive' }),
  });

  return {
    link,
    wait,
    timedOut,
    /** call it in the click itself: the tab is opened there, while the click still counts (else it is a popup) */
    start: () => {
      setTimedOut(false);
      const phone = onPhone();
      start.mutate({ tab: phone ? null : window.open('', '_blank'), phone });
    },
    starting: start.isPending,
    cancel: () => setWait(null),
  };
}

// Calls of the settings' «Уведомления» card (decision 026): the Telegram link and the switches per channel and topic.
import type { InferResponseType } from 'hono/client';
import { queryOptions } from '@tanstack/react-query';
import { api, toApiError, unwrap } from '../../lib/api-client.ts';
import type { NotificationChannel, NotificationTopic } from '../../../worker/notifications/notification-settings.schemas.ts';

export type TelegramLink = InferResponseType<typeof api.telegram.link.$get, 200>;
export type NotificationSettings = InferResponseType<(typeof api)['notification-settings']['$get'], 200>;

const settingsRoute = api['notification-settings'];

export const notificationSettingsApi = {
  telegramLink: async () => unwrap(await api.telegram.link.$get()),
  /** a one-time deep link to the bot (`/start <token>`, 15 minutes); 503 telegram_unavailable without the bot */
  startTelegramLink: async () => unwrap(await api.telegram.link.$post()),
  unlinkTelegram: async () => {
    const response = await api.telegram.link.$delete();
    if (!response.ok) throw await toApiError(response);
  },
  settings: async () => unwrap(await settingsRoute.$get()),
  /** only the switch that changes; answers with all of them */
  setSwitch: async (channel: NotificationChannel, topic: NotificationTopic, enabled: boolean) =>
    unwrap(await settingsRoute.$put({ json: { [channel]: { [topic]: enabled } } })),
};

/** One prefix for both, so linking or unlinking Telegram refreshes the switches' Telegram column too. */
const ROOT = ['notification-settings'] as const;

export const notificationQueries = {
  root: ROOT,
  /** read afresh on each visit: the link may have been made or dropped from Telegram meanwhile */
  telegramLink: () => queryOptions({ queryKey: [...ROOT, 'telegram-link'] as const, queryFn: notificationSettingsApi.telegramLink, staleTime: 0 }),
  settings: () => queryOptions({ queryKey: [...ROOT, 'switches'] as const, queryFn: notificationSettingsApi.settings, staleTime: 0 }),
};

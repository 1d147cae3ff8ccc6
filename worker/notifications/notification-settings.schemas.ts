// The switches of notifications per channel and topic (decision 026), shared with the settings page.
import { z } from 'zod';

/** What a notification is about, as the settings name it; each notification kind belongs to one or to none (bell only). */
export const NOTIFICATION_TOPICS = ['bookings', 'chat', 'reminders', 'room_open', 'waitlist', 'reviews'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const TOPIC_TITLES: Record<NotificationTopic, string> = {
  bookings: 'Записи: новые, оплаченные, перенесённые и отменённые',
  chat: 'Новые сообщения в чатах',
  reminders: 'Напоминания за 24 часа и за час до встречи',
  room_open: 'Комната встречи открыта',
  waitlist: 'Место из листа ожидания',
  reviews: 'Просьбы оставить отзыв',
};

/** Where notifications go besides the bell: Telegram (decision 026), e-mail, browser push (decision 027). */
export const NOTIFICATION_CHANNELS = ['telegram', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const topicSwitches = z.partialRecord(z.enum(NOTIFICATION_TOPICS, { error: 'Неизвестная тема уведомлений' }), z.boolean({ error: 'Укажите «да» или «нет»' }));

/** PUT /api/notification-settings/: only the switches that change, e.g. `{ "telegram": { "chat": false } }`. */
export const notificationSettingsBody = z.strictObject(
  { telegram: topicSwitches.optional(), email: topicSwitches.optional(), push: topicSwitches.optional() },
  { error: 'Неизвестный канал уведомлений' },
);

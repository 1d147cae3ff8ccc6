// GET/PUT /api/notification-settings/ (decisions 026, 027): the signed-in person's switches per channel and topic. A switch
// never turned is on (Telegram once linked; e-mail, which is the floor a failed Telegram delivery falls back to).
import { Hono } from 'hono';
import type { AppEnv, SignedInContext } from '../env.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { telegramBot } from '../telegram/telegram-config.ts';
import { linkOfUser } from '../telegram/telegram.queries.ts';
import { webPushConfig } from '../web-push/push-config.ts';
import { countSubscriptions } from '../web-push/web-push.queries.ts';
import { saveSettings, userSettings } from './deliveries.queries.ts';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TOPICS, notificationSettingsBody, TOPIC_TITLES, type NotificationChannel } from './notification-settings.schemas.ts';

async function settingsOf(c: SignedInContext) {
  const userId = c.var.user.id;
  const pushOffered = webPushConfig(c.env) != null;
  const [rows, link, browsers] = await Promise.all([
    userSettings(c.var.db, userId),
    telegramBot(c.env) ? linkOfUser(c.var.db, userId) : null,
    pushOffered ? countSubscriptions(c.var.db, userId) : 0,
  ]);
  const topicsOf = (channel: NotificationChannel) =>
    Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, rows.find((r) => r.channel === channel && r.topic === topic)?.enabled ?? true]));
  c.header('cache-control', 'private, no-store');
  return {
    topics: NOTIFICATION_TOPICS.map((id) => ({ id, title: TOPIC_TITLES[id] })),
    channels: {
      telegram: { available: telegramBot(c.env) != null, linked: link != null, topics: topicsOf('telegram') },
      email: { available: true, linked: true, topics: topicsOf('email') },
      // browser push (decision 027): «linked» once any browser of the person is subscribed
      push: { available: pushOffered, linked: browsers > 0, topics: topicsOf('push') },
    },
  };
}

export const notificationSettingsRoutes = new Hono<AppEnv>()
  .get('/notification-settings', requireUser, async (c) => c.json(await settingsOf(c)))
  .put('/notification-settings', requireUser, validate('json', notificationSettingsBody), async (c) => {
    const body = c.req.valid('json');
    const userId = c.var.user.id;
    await saveSettings(
      c.var.db,
      NOTIFICATION_CHANNELS.flatMap((channel) => Object.entries(body[channel] ?? {}).map(([topic, enabled]) => ({ userId, channel, topic, enabled: enabled as boolean }))),
    );
    return c.json(await settingsOf(c));
  });

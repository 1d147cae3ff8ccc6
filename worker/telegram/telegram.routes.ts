// Telegram for notifications (decision 026): the signed-in person's link (GET state, POST a one-time deep link,
// DELETE to unlink) and the bot's webhook, the only way updates arrive (setWebhook with our secret token).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError, errors } from '../lib/errors.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { requireUser } from '../middleware/session.ts';
import { startLink, telegramBot } from './telegram-config.ts';
import { safeEqual } from './secret-token.ts';
import { UNLINKED_TEXT } from './telegram-messages.ts';
import { handleUpdate } from './telegram-webhook.ts';
import { telegramUpdate } from './telegram.schemas.ts';
import { forgetUpdate, insertLinkToken, linkOfUser, takeUpdate, unlinkUser } from './telegram.queries.ts';

/** how long the deep link's token lasts */
export const LINK_TOKEN_MINUTES = 15;

const unavailable = () => new ApiError(503, 'telegram_unavailable', 'Уведомления в Telegram сейчас недоступны');

export const telegramRoutes = new Hono<AppEnv>()
  .get('/telegram/link', requireUser, async (c) => {
    const available = telegramBot(c.env) != null;
    const link = available ? await linkOfUser(c.var.db, c.var.user.id) : null;
    c.header('cache-control', 'private, no-store');
    return c.json({ available, linked: link != null, username: link?.username ?? null, linked_at: link?.linkedAt.toISOString() ?? null });
  })
  .post('/telegram/link', requireUser, async (c) => {
    const bot = telegramBot(c.env);
    if (!bot) throw unavailable();
    const token = randomToken();
    const expiresAt = new Date(Date.now() + LINK_TOKEN_MINUTES * 60_000);
    await insertLinkToken(c.var.db, await sha256Hex(token), c.var.user.id, expiresAt);
    c.header('cache-control', 'private, no-store');
    return c.json({ url: startLink(c.env, bot, token), expires_at: expiresAt.toISOString() });
  })
  .delete('/telegram/link', requireUser, async (c) => {
    const bot = telegramBot(c.env);
    const chatId = await unlinkUser(c.var.db, c.var.user.id);
    // told in the chat too, so the person there knows why the notifications stopped
    if (bot && chatId != null) await bot.api.sendMessage({ chat_id: chatId, text: UNLINKED_TEXT }).catch(() => null);
    return c.body(null, 204);
  })
  // Called by Telegram, server to server: proven by the secret token only (constant-time), each update taken once
  .post('/telegram/webhook', async (c) => {
    const bot = telegramBot(c.env);
    if (!bot) throw errors.notFound();
    if (!(await safeEqual(c.req.header('x-telegram-bot-api-secret-token') ?? '', bot.webhookSecret))) throw errors.unauthorized('Неверный секретный токен');
    const parsed = telegramUpdate.safeParse(await c.req.json().catch(() => null));
    // an update we cannot read is acknowledged, or Telegram would resend it forever
    if (!parsed.success) return c.json({ ok: true });
    const update = parsed.data;
    if (!(await takeUpdate(c.var.db, update.update_id))) return c.json({ ok: true });
    try {
      await handleUpdate({ env: c.env, db: c.var.db, bot }, update);
    } catch (e) {
      await forgetUpdate(c.var.db, update.update_id);
      throw e;
    }
    return c.json({ ok: true });
  });

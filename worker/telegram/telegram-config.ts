// Which bot Форма speaks through (decision 026). Telegram is offered only with the bot's token, its name and the
// webhook's secret (secrets in production); without them no link is made and no delivery is tried. An API address
// that is a path (wrangler.toml's dev value, /dev/telegram) is the local fake of the Bot API on our own origin,
// reached in-process in development and test, never in production.
import { fakeBotApi } from '../dev/telegram-fake/telegram-fake-api.ts';
import type { Bindings } from '../env.ts';
import { isDevEnvironment } from '../lib/environment.ts';
import { botApi, type BotApi } from './bot-api.ts';

export type TelegramBot = { botName: string; webhookSecret: string; api: BotApi };

export function telegramBot(env: Bindings): TelegramBot | null {
  const token = env.TELEGRAM_BOT_TOKEN;
  const botName = env.TELEGRAM_BOT_NAME;
  const webhookSecret = env.TELEGRAM_WEBHOOK_SECRET;
  if (!token || !botName || !webhookSecret) return null;
  const apiUrl = env.TELEGRAM_API_URL;
  if (apiUrl?.startsWith('/')) {
    if (!isDevEnvironment(env)) return null;
    const inProcess = (input: RequestInfo | URL, init?: RequestInit) => fakeBotApi(env, new Request(new URL(String(input), 'http://in-process'), init));
    return { botName, webhookSecret, api: botApi({ token, apiUrl, fetch: inProcess as typeof fetch }) };
  }
  return { botName, webhookSecret, api: botApi({ token, apiUrl }) };
}

/** The deep link that opens the bot with `/start <token>`; with the local fake, the fake's page plays Telegram. */
export function startLink(env: Bindings, bot: TelegramBot, token: string) {
  if (env.TELEGRAM_API_URL?.startsWith('/')) return `${env.TELEGRAM_API_URL}/?start=${encodeURIComponent(token)}`;
  return `https://t.me/${bot.botName}?start=${encodeURIComponent(token)}`;
}

/** Where Telegram posts updates: our webhook on the app's public origin. */
export const webhookUrl = (env: Bindings) => `${env.APP_ORIGIN ?? ''}/api/telegram/webhook/`;

/** What the webhook takes (setWebhook's allowed_updates): messages, button presses, and the bot being blocked. */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'my_chat_member'];

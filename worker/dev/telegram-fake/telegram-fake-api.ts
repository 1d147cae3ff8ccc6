// The local fake of Telegram's Bot API (decision 026; development and test only): POST /dev/telegram/bot<token>/<method>
// as Telegram answers it, for the methods Форма calls (sendMessage, answerCallbackQuery, setWebhook, getWebhookInfo).
// The bot's messages are stored for the fake's page; a chat can be made to have blocked the bot (403) or to be
// throttled once (429 with retry_after), so the real adapter's error paths run too. The token is checked like
// Telegram checks it (401 Unauthorized).
import { createDb } from '../../../drizzle/db.ts';
import type { Bindings } from '../../env.ts';
import { isDevEnvironment } from '../../lib/environment.ts';
import { fakeChat, fakeWebhook, insertFakeMessage, setFakeWebhook, takeThrottle } from './telegram-fake.queries.ts';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refuse = (status: number, description: string, parameters?: Record<string, unknown>) =>
  answer(status, { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) });
const ok = (result: unknown) => answer(200, { ok: true, result });

async function readParams(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return ((await request.json().catch(() => null)) as Record<string, unknown> | null) ?? {};
  if (type.includes('form')) return Object.fromEntries((await request.formData()).entries());
  return Object.fromEntries(new URL(request.url).searchParams);
}

export async function fakeBotApi(env: Bindings, request: Request): Promise<Response> {
  if (!isDevEnvironment(env)) return refuse(404, 'Not Found');
  const match = /\/bot([^/]+)\/([A-Za-z]+)\/?$/.exec(new URL(request.url).pathname);
  if (!match) return refuse(404, 'Not Found');
  const [, token, method] = match;
  if (!env.TELEGRAM_BOT_TOKEN || decodeURIComponent(token) !== env.TELEGRAM_BOT_TOKEN) return refuse(401, 'Unauthorized');
  const params = await readParams(request);
  const { db } = createDb(env);
  switch (method) {
    case 'sendMessage': {
      const chatId = Number(params.chat_id);
      const text = typeof params.text === 'string' ? params.text : '';
      if (!text.trim()) return refuse(400, 'Bad Request: message text is empty');
      const chat = Number.isSafeInteger(chatId) ? await fakeChat(db, chatId) : null;
      if (!chat) return refuse(400, 'Bad Request: chat not found');
      if (chat.blocked) return refuse(403, 'Forbidden: bot was blocked by the user');
      const retryAfter = await takeThrottle(db, chatId);
      if (retryAfter != null) return refuse(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
      const markup = typeof params.reply_markup === 'string' ? JSON.parse(params.reply_markup) : params.reply_markup;
      const row = await insertFakeMessage(db, { chatId, fromBot: true, text, replyMarkup: (markup as Record<string, unknown>) ?? null, replyToMessageId: null });
      return ok({ message_id: row.id, date: Math.floor(row.createdAt.getTime() / 1000), chat: { id: chatId, type: 'private' }, text });
    }
    case 'answerCallbackQuery':
      if (typeof params.callback_query_id !== 'string' || !params.callback_query_id) return refuse(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
      return ok(true);
    case 'setWebhook': {
      const url = typeof params.url === 'string' ? params.url : '';
      if (!/^https?:\/\//.test(url)) return refuse(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
      const secret = typeof params.secret_token === 'string' ? params.secret_token : null;
      if (secret != null && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) return refuse(400, 'Bad Request: secret token contains unallowed characters');
      const allowed = Array.isArray(params.allowed_updates) ? params.allowed_updates.map(String) : null;
      await setFakeWebhook(db, { botToken: env.TELEGRAM_BOT_TOKEN, url, secretToken: secret, allowedUpdates: allowed });
      return ok(true);
    }
    case 'getWebhookInfo': {
      const hook = await fakeWebhook(db, env.TELEGRAM_BOT_TOKEN);
      return ok({ url: hook?.url ?? '', has_custom_certificate: false, pending_update_count: 0, allowed_updates: hook?.allowedUpdates ?? undefined });
    }
    default:
      return refuse(404, 'Not Found: method not found');
  }
}

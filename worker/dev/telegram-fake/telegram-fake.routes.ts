// The local fake of Telegram (decision 026; development and test only), under /dev/telegram: the Bot API itself
// (/dev/telegram/bot<token>/<method>, telegram-fake-api.ts) and a page in place of the Telegram app, which lists each
// chat's messages and sends what a person would (a message, /start <token>, a reply, a press of «Ответить», blocking
// the bot) to our webhook as updates with the secret token that setWebhook gave the fake.
import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../../env.ts';
import { devOnly } from '../../middleware/dev-only.ts';
import { database } from '../../middleware/database.ts';
import { ALLOWED_UPDATES, telegramBot, webhookUrl } from '../../telegram/telegram-config.ts';
import { fakeBotApi } from './telegram-fake-api.ts';
import { ensureFakeChat, fakeChat, fakeChats, fakeMessage, fakeMessages, fakeWebhook, insertFakeMessage, setFakeChatState } from './telegram-fake.queries.ts';

const DEFAULT_CHAT = 100001;
type Ctx = Context<AppEnv>;

const chatParam = (value: unknown) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_CHAT;
};

/** Our webhook as setWebhook registered it (registered first if the fake has none yet: a fresh `npm start`). */
async function webhookOf(c: Ctx) {
  const token = c.env.TELEGRAM_BOT_TOKEN ?? '';
  let hook = await fakeWebhook(c.var.db, token);
  const bot = telegramBot(c.env);
  if (!hook && bot) {
    await bot.api.setWebhook({ url: webhookUrl(c.env) || `${new URL(c.req.url).origin}/api/telegram/webhook/`, secret_token: bot.webhookSecret, allowed_updates: ALLOWED_UPDATES });
    hook = await fakeWebhook(c.var.db, token);
  }
  return hook;
}

/** Posts an update to the registered webhook as Telegram does (JSON, the secret token header); our own origin in-process. */
async function postUpdate(c: Ctx, update: Record<string, unknown>) {
  const hook = await webhookOf(c);
  if (!hook) return;
  const request = new Request(hook.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(hook.secretToken ? { 'x-telegram-bot-api-secret-token': hook.secretToken } : {}) },
    body: JSON.stringify(update),
  });
  const own = new URL(hook.url).origin === new URL(c.req.url).origin || hook.url.startsWith(c.env.APP_ORIGIN ?? '\u0000');
  const res = own && c.var.deliverToSelf ? await c.var.deliverToSelf(request) : await fetch(request);
  if (!res.ok) console.warn(JSON.stringify({ level: 'warn', msg: 'fake telegram: webhook refused the update', status: res.status }));
}

async function person(c: Ctx, chatId: number) {
  await ensureFakeChat(c.var.db, { chatId, firstName: 'Тестовый', username: `tester${chatId}` });
  const chat = (await fakeChat(c.var.db, chatId))!;
  return { id: chatId, is_bot: false, first_name: chat.firstName, username: chat.username ?? undefined };
}

const back = (c: Ctx, chatId: number) => c.redirect(`/dev/telegram/?chat=${chatId}`, 303);

type Button = { text: string; url?: string; callback_data?: string };

export const telegramFakeRoutes = new Hono<AppEnv>()
  .use(devOnly)
  .all('/:bot{bot[^/]+}/:method', (c) => fakeBotApi(c.env, c.req.raw))
  .use(database)
  .post('/send', async (c) => {
    const form = await c.req.formData();
    const chatId = chatParam(form.get('chat'));
    const text = String(form.get('text') ?? '').trim().slice(0, 4096);
    const replyTo = Number(form.get('reply_to')) || null;
    if (!text) return back(c, chatId);
    const from = await person(c, chatId);
    const row = await insertFakeMessage(c.var.db, { chatId, fromBot: false, text, replyMarkup: null, replyToMessageId: replyTo });
    const replied = replyTo ? await fakeMessage(c.var.db, chatId, replyTo) : null;
    await postUpdate(c, {
      update_id: row.id,
      message: {
        message_id: row.id,
        from,
        chat: { id: chatId, type: 'private' },
        date: Math.floor(row.createdAt.getTime() / 1000),
        text,
        ...(replied ? { reply_to_message: { message_id: replied.id, chat: { id: chatId, type: 'private' }, date: 0, text: replied.text } } : {}),
      },
    });
    return back(c, chatId);
  })
  .post('/press', async (c) => {
    const form = await c.req.formData();
    const chatId = chatParam(form.get('chat'));
    const messageId = Number(form.get('message_id'));
    const data = String(form.get('data') ?? '');
    const from = await person(c, chatId);
    const row = await insertFakeMessage(c.var.db, { chatId, fromBot: false, text: `[нажата кнопка: ${data}]`, replyMarkup: { system: true }, replyToMessageId: messageId || null });
    await postUpdate(c, { update_id: row.id, callback_query: { id: `cb${row.id}`, from, chat_instance: String(chatId), data, message: { message_id: messageId, chat: { id: chatId, type: 'private' }, date: 0 } } });
    return back(c, chatId);
  })
  .post('/block', async (c) => {
    const form = await c.req.formData();
    const chatId = chatParam(form.get('chat'));
    const blocked = form.get('blocked') === '1';
    const from = await person(c, chatId);
    await setFakeChatState(c.var.db, chatId, { blocked });
    const row = await insertFakeMessage(c.var.db, { chatId, fromBot: false, text: blocked ? '[бот заблокирован]' : '[бот разблокирован]', replyMarkup: { system: true }, replyToMessageId: null });
    const status = blocked ? 'kicked' : 'member';
    await postUpdate(c, {
      update_id: row.id,
      my_chat_member: { chat: { id: chatId, type: 'private' }, from, date: 0, old_chat_member: { status: blocked ? 'member' : 'kicked', user: from }, new_chat_member: { status, user: from } },
    });
    return back(c, chatId);
  })
  .post('/throttle', async (c) => {
    const form = await c.req.formData();
    const chatId = chatParam(form.get('chat'));
    await person(c, chatId);
    await setFakeChatState(c.var.db, chatId, { retryAfterOnce: Math.min(3600, Math.max(1, Number(form.get('seconds')) || 5)) });
    return back(c, chatId);
  })
  .get('/', async (c) => {
    const chatId = chatParam(c.req.query('chat'));
    const start = c.req.query('start');
    await webhookOf(c);
    const [chats, messages, chat] = await Promise.all([fakeChats(c.var.db), fakeMessages(c.var.db, chatId), fakeChat(c.var.db, chatId)]);
    const nonce = crypto.randomUUID().replace(/-/g, '');
    c.header('content-security-policy', `default-src 'self'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'`);
    c.header('cache-control', 'no-store');
    const buttons = (id: number, markup: Record<string, unknown> | null) => {
      const rows = (markup?.inline_keyboard as Button[][] | undefined) ?? [];
      return rows.flat().map((b) =>
        b.callback_data
          ? html`<form method="post" action="/dev/telegram/press"><input type="hidden" name="chat" value="${chatId}"><input type="hidden" name="message_id" value="${id}"><input type="hidden" name="data" value="${b.callback_data}"><button>${b.text}</button></form>`
          : html`<a class="btn" href="${b.url ?? '#'}" target="_blank" rel="noopener">${b.text} ↗</a>`,
      );
    };
    const replyForm = (id: number) =>
      html`<form method="post" action="/dev/telegram/send" class="reply"><input type="hidden" name="chat" value="${chatId}"><input type="hidden" name="reply_to" value="${id}"><input name="text" placeholder="Ваш ответ" required><button>Ответить</button></form>`;
    return c.html(html`<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Тестовый Telegram — Форма</title>
<style nonce="${nonce}">
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #e7ebf0; color: #18181b; }
  main { max-width: 760px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 22px; margin: 0 0 4px; } p.note { color: #52525b; margin: 0 0 16px; }
  nav { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 16px; } nav a { padding: 4px 10px; border-radius: 999px; background: #fff; color: #2563eb; text-decoration: none; }
  nav a.on { background: #2563eb; color: #fff; }
  .msg { max-width: 80%; padding: 8px 12px; border-radius: 14px; margin: 6px 0; background: #fff; white-space: pre-wrap; overflow-wrap: anywhere; }
  .me { margin-left: auto; background: #dcf8c6; } .sys { margin: 6px auto; background: transparent; color: #6b7280; font-size: 13px; text-align: center; }
  .meta { color: #6b7280; font-size: 12px; } .kb { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
  form { display: inline-flex; gap: 6px; margin: 0; max-width: 100%; } .send { display: flex; margin-top: 16px; } .send input, .reply input { flex: 1; min-width: 0; padding: 8px 10px; border: 1px solid #d4d4d8; border-radius: 10px; font: inherit; }
  button, a.btn { padding: 6px 12px; border: 0; border-radius: 10px; background: #2563eb; color: #fff; font: inherit; cursor: pointer; text-decoration: none; }
  .tools { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 12px; } .tools button { background: #52525b; } .empty { color: #6b7280; }
</style></head>
<body><main>
<h1>Тестовый Telegram</h1>
<p class="note">Локально бот Формы пишет сюда, а не в Telegram. Отсюда можно ответить ему: сообщения уходят на вебхук Формы так же, как их отправил бы Telegram.</p>
<nav>${chats.map((ch) => html`<a href="/dev/telegram/?chat=${ch.chatId}" class="${ch.chatId === chatId ? 'on' : ''}">${ch.username ? `@${ch.username}` : ch.chatId}${ch.blocked ? ' (бот заблокирован)' : ''}</a>`)}
<a href="/dev/telegram/?chat=${chatId === DEFAULT_CHAT ? DEFAULT_CHAT + 1 + chats.length : DEFAULT_CHAT}">+ другой чат</a></nav>
<section aria-live="polite">
${messages.length ? '' : html`<p class="empty">В чате ${chatId} пока нет сообщений. Привяжите Telegram в настройках Формы: ссылка откроет эту страницу с командой /start.</p>`}
${messages.map((m) =>
  (m.replyMarkup as Record<string, unknown> | null)?.system
    ? html`<div class="msg sys">${m.text}</div>`
    : html`<div class="msg ${m.fromBot ? '' : 'me'}"><div class="meta">${m.fromBot ? 'Бот Формы' : 'Вы'} · ${m.createdAt.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })}${m.replyToMessageId ? ' · ответ' : ''}</div>${m.text}${
        m.fromBot ? html`<div class="kb">${buttons(m.id, m.replyMarkup as Record<string, unknown> | null)}</div>${(m.replyMarkup as Record<string, unknown> | null)?.force_reply ? replyForm(m.id) : ''}` : ''
      }</div>`,
)}
</section>
<form method="post" action="/dev/telegram/send" class="send"><input type="hidden" name="chat" value="${chatId}"><input name="text" value="${start ? `/start ${start}` : ''}" placeholder="Сообщение боту, например /start или /stop" required><button>Отправить</button></form>
<div class="tools">
<form method="post" action="/dev/telegram/block"><input type="hidden" name="chat" value="${chatId}"><input type="hidden" name="blocked" value="${chat?.blocked ? '0' : '1'}"><button>${chat?.blocked ? 'Разблокировать бота' : 'Заблокировать бота'}</button></form>
<form method="post" action="/dev/telegram/throttle"><input type="hidden" name="chat" value="${chatId}"><input type="hidden" name="seconds" value="5"><button>Следующее сообщение — ответ 429 (retry_after 5 с)</button></form>
</div>
${raw('')}
</main></body></html>`);
  });

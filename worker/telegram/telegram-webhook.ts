// What the bot does with an update (decision 026): /start <token> links the chat, /stop and a block unlink it,
// «Ответить» asks for a reply (force_reply), and a reply to that prompt is posted to the Форма chat room as the
// person's own message, through the chat's own path (membership, rate and fan-out checked there).
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { postMessage } from '../chats/chat-messages.lifecycle.ts';
import { roomMembers } from '../chats/chats.queries.ts';
import { MESSAGES_PER_MINUTE } from '../chats/chats.schemas.ts';
import { sha256Hex } from '../lib/tokens.ts';
import type { TelegramBot } from './telegram-config.ts';
import {
  BAD_TOKEN_TEXT,
  HELLO_TEXT,
  LINKED_TEXT,
  NOT_LINKED_TEXT,
  REPLY_PROMPT_TEXT,
  REPLY_REFUSED_TEXT,
  REPLY_SENT_TEXT,
  roomOfReplyData,
  UNLINKED_TEXT,
} from './telegram-messages.ts';
import { START_TOKEN, STOP_COMMAND, type TelegramUpdate } from './telegram.schemas.ts';
import { insertReplyPrompt, linkChat, linkOfChat, replyPrompt, takeLinkToken, unlinkChat } from './telegram.queries.ts';

type Ctx = { env: Bindings; db: Db; bot: TelegramBot };

/** A message of the bot that may fail (the person blocked it meanwhile): logged, never thrown. */
async function say(ctx: Ctx, chatId: number, text: string, extra: Record<string, unknown> = {}) {
  try {
    return await ctx.bot.api.sendMessage({ chat_id: chatId, text, ...extra });
  } catch (e) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'telegram answer failed', chatId, error: String(e) }));
    return null;
  }
}

async function onMessage(ctx: Ctx, message: NonNullable<TelegramUpdate['message']>) {
  const chatId = message.chat.id;
  // only private chats with the bot: a group's messages name no one person
  if (message.chat.type && message.chat.type !== 'private') return;
  const text = message.text ?? '';
  const start = START_TOKEN.exec(text.trim());
  if (start) {
    if (!start[1]) return void (await say(ctx, chatId, HELLO_TEXT));
    const userId = await takeLinkToken(ctx.db, await sha256Hex(start[1]));
    if (userId == null) return void (await say(ctx, chatId, BAD_TOKEN_TEXT));
    await linkChat(ctx.db, { userId, chatId, username: message.from?.username ?? null });
    return void (await say(ctx, chatId, LINKED_TEXT));
  }
  if (STOP_COMMAND.test(text.trim())) {
    await unlinkChat(ctx.db, chatId);
    return void (await say(ctx, chatId, UNLINKED_TEXT));
  }
  if (message.reply_to_message && text.trim()) {
    const prompt = await replyPrompt(ctx.db, chatId, message.reply_to_message.message_id);
    const link = prompt ? await linkOfChat(ctx.db, chatId) : null;
    // the prompt was made for the account this chat is linked to now, and only that account may answer through it
    if (!prompt || !link || link.userId !== prompt.userId) return void (await say(ctx, chatId, link ? REPLY_REFUSED_TEXT : NOT_LINKED_TEXT));
    const outcome = await postMessage(
      { env: ctx.env, db: ctx.db },
      { roomId: prompt.roomId, senderId: link.userId, limits: [{ key: `chat-messages:user:${link.userId}`, max: MESSAGES_PER_MINUTE, windowSeconds: 60 }], clientKey: null },
      { input: { fields: { content: text.trim(), chat_room: prompt.roomId }, files: [] } },
      async () => ({ fields: { content: text.trim(), chat_room: prompt.roomId }, files: [] }),
    );
    return void (await say(ctx, chatId, outcome.kind === 'posted' ? REPLY_SENT_TEXT : REPLY_REFUSED_TEXT));
  }
  if (!(await linkOfChat(ctx.db, chatId))) await say(ctx, chatId, HELLO_TEXT);
}

async function onCallback(ctx: Ctx, query: NonNullable<TelegramUpdate['callback_query']>) {
  const roomId = roomOfReplyData(query.data);
  const chatId = query.message?.chat.id ?? query.from.id;
  const link = await linkOfChat(ctx.db, chatId);
  const allowed = roomId != null && link != null && (await roomMembers(ctx.db, roomId, link.userId)) != null;
  // Telegram shows a spinner on the button until the query is answered
  await ctx.bot.api.answerCallbackQuery({ callback_query_id: query.id, ...(allowed ? {} : { text: link ? 'Этот чат вам недоступен' : NOT_LINKED_TEXT }) }).catch(() => null);
  if (!allowed) return;
  const prompt = await say(ctx, chatId, REPLY_PROMPT_TEXT, { reply_markup: { force_reply: true, input_field_placeholder: 'Ваш ответ' } });
  if (prompt) await insertReplyPrompt(ctx.db, { chatId, messageId: prompt.message_id, userId: link.userId, roomId });
}

export async function handleUpdate(ctx: Ctx, update: TelegramUpdate) {
  if (update.message) await onMessage(ctx, update.message);
  else if (update.callback_query) await onCallback(ctx, update.callback_query);
  // the person blocked the bot (or left its chat): stop sending there
  else if (update.my_chat_member && ['kicked', 'left'].includes(update.my_chat_member.new_chat_member.status)) await unlinkChat(ctx.db, update.my_chat_member.chat.id);
}

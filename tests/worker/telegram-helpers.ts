// Telegram in worker tests (decision 026): a chat of the fake Bot API, updates posted to our webhook as Telegram
// posts them, and what the fake's chat received.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { devTelegramChats, devTelegramMessages } from '../../drizzle/schema/telegram.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { bindings, call } from './helpers.ts';
import { expectJson, send } from './json-api.ts';

let seq = 0;
/** update ids and chat ids no other test or run uses */
export const freshId = () => Date.now() * 1000 + (seq++ % 1000) + Math.floor(Math.random() * 1000) * 1_000_000_000_000;

export async function fakeChat(db: Db, state: Partial<typeof devTelegramChats.$inferInsert> = {}) {
  const chatId = 7_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  await db.insert(devTelegramChats).values({ chatId, firstName: 'Анна', username: `anna${chatId}`, ...state });
  return chatId;
}

export function postUpdate(update: Record<string, unknown>, secret: string | null = bindings.TELEGRAM_WEBHOOK_SECRET!) {
  return call('/api/telegram/webhook/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret != null ? { 'x-telegram-bot-api-secret-token': secret } : {}) },
    body: JSON.stringify(update),
  });
}

export const textUpdate = (chatId: number, text: string, extra: Record<string, unknown> = {}) => ({
  update_id: freshId(),
  message: { message_id: freshId() % 1_000_000, from: { id: chatId, first_name: 'Анна', username: `anna${chatId}` }, chat: { id: chatId, type: 'private' }, date: 0, text, ...extra },
});

export function botMessages(db: Db, chatId: number) {
  return db
    .select()
    .from(devTelegramMessages)
    .where(and(eq(devTelegramMessages.chatId, chatId), eq(devTelegramMessages.fromBot, true)))
    .orderBy(asc(devTelegramMessages.id));
}

/** The deep link's token for `user` (POST /api/telegram/link/). */
export async function linkToken(user: SessionUser) {
  const { url } = await expectJson<{ url: string }>(send('POST', '/api/telegram/link/', { user }), 200);
  return new URL(url, 'http://x').searchParams.get('start')!;
}

/** Links a fresh fake chat to `user` through the bot, as a person following the deep link does. */
export async function linkedChat(db: Db, user: SessionUser) {
  const chatId = await fakeChat(db);
  const res = await postUpdate(textUpdate(chatId, `/start ${await linkToken(user)}`));
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
  return chatId;
}

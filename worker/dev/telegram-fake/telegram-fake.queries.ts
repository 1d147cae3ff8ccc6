// The fake Bot API's record (development and test, decision 026): its chats, what passed in them, its webhook.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../drizzle/db.ts';
import { devTelegramChats, devTelegramMessages, devTelegramWebhooks } from '../../../drizzle/schema/telegram.ts';

export function fakeChat(db: Executor, chatId: number) {
  return db.select().from(devTelegramChats).where(eq(devTelegramChats.chatId, chatId)).then((rows) => rows[0] ?? null);
}

/** The chat as a person of the fake page opens it (a first message to a bot makes the chat in Telegram too). */
export async function ensureFakeChat(db: Executor, chat: { chatId: number; firstName: string; username: string | null }) {
  await db.insert(devTelegramChats).values(chat).onConflictDoNothing();
}

export async function setFakeChatState(db: Executor, chatId: number, state: { blocked?: boolean; retryAfterOnce?: number | null }) {
  await db.update(devTelegramChats).set(state).where(eq(devTelegramChats.chatId, chatId));
}

/** The chat's one-off throttle, taken: the retry_after to answer now, or null. */
export async function takeThrottle(db: Executor, chatId: number) {
  const result = await db.execute<{ retry_after: number }>(sql`
    with old as (select chat_id, retry_after_once from dev_telegram_chats where chat_id = ${chatId} and retry_after_once is not null for update)
    update dev_telegram_chats c set retry_after_once = null from old where c.chat_id = old.chat_id
    returning old.retry_after_once as retry_after`);
  return result.rows[0]?.retry_after ?? null;
}

export async function insertFakeMessage(db: Executor, values: Omit<typeof devTelegramMessages.$inferInsert, 'id' | 'createdAt'>) {
  const [row] = await db.insert(devTelegramMessages).values(values).returning();
  return row;
}

export function fakeMessages(db: Executor, chatId: number, limit = 100) {
  return db
    .select()
    .from(devTelegramMessages)
    .where(eq(devTelegramMessages.chatId, chatId))
    .orderBy(desc(devTelegramMessages.id))
    .limit(limit)
    .then((rows) => rows.reverse());
}

export function fakeMessage(db: Executor, chatId: number, id: number) {
  return db
    .select()
    .from(devTelegramMessages)
    .where(and(eq(devTelegramMessages.chatId, chatId), eq(devTelegramMessages.id, id)))
    .then((rows) => rows[0] ?? null);
}

export function fakeChats(db: Executor) {
  return db.select().from(devTelegramChats).orderBy(asc(devTelegramChats.chatId)).limit(200);
}

export async function setFakeWebhook(db: Executor, values: typeof devTelegramWebhooks.$inferInsert) {
  await db
    .insert(devTelegramWebhooks)
    .values(values)
    .onConflictDoUpdate({ target: devTelegramWebhooks.botToken, set: { url: values.url, secretToken: values.secretToken, allowedUpdates: values.allowedUpdates, setAt: sql`now()` } });
}

export function fakeWebhook(db: Executor, botToken: string) {
  return db.select().from(devTelegramWebhooks).where(eq(devTelegramWebhooks.botToken, botToken)).then((rows) => rows[0] ?? null);
}

// Telegram links (decision 026): the deep link's one-time tokens, the chat linked to an account, the webhook's
// updates taken once, and the «Ответить» prompts.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { telegramLinks, telegramLinkTokens, telegramReplyPrompts, telegramUpdates } from '../../drizzle/schema/telegram.ts';

export async function insertLinkToken(db: Executor, tokenHash: string, userId: number, expiresAt: Date) {
  await db.insert(telegramLinkTokens).values({ tokenHash, userId, expiresAt });
}

/** Takes a token once (a conditional update): its account, or null for an unknown, used or expired one. */
export async function takeLinkToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .update(telegramLinkTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(telegramLinkTokens.tokenHash, tokenHash), isNull(telegramLinkTokens.usedAt), gt(telegramLinkTokens.expiresAt, sql`now()`)))
    .returning({ userId: telegramLinkTokens.userId });
  return row?.userId ?? null;
}

/**
 * Links the chat to the account, in one transaction: the account's earlier chat and the chat's earlier account are
 * let go first (one chat per account, one account per chat; the unique keys hold it however two links race).
 */
export async function linkChat(db: Db, link: { userId: number; chatId: number; username: string | null }) {
  await db.transaction(async (tx) => {
    await tx.delete(telegramLinks).where(or(eq(telegramLinks.userId, link.userId), eq(telegramLinks.chatId, link.chatId)));
    await tx.insert(telegramLinks).values(link);
  });
}

export function linkOfUser(db: Executor, userId: number) {
  return db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId)).then((rows) => rows[0] ?? null);
}

export function linkOfChat(db: Executor, chatId: number) {
  return db.select().from(telegramLinks).where(eq(telegramLinks.chatId, chatId)).then((rows) => rows[0] ?? null);
}

export async function unlinkUser(db: Executor, userId: number) {
  const rows = await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning({ chatId: telegramLinks.chatId });
  return rows[0]?.chatId ?? null;
}

export async function unlinkChat(db: Executor, chatId: number) {
  const rows = await db.delete(telegramLinks).where(eq(telegramLinks.chatId, chatId)).returning({ userId: telegramLinks.userId });
  return rows[0]?.userId ?? null;
}

/** True when this update is new (recorded now); false for one already taken. */
export async function takeUpdate(db: Executor, updateId: number) {
  const rows = await db.insert(telegramUpdates).values({ updateId }).onConflictDoNothing().returning({ updateId: telegramUpdates.updateId });
  return rows.length > 0;
}

/** Gives an update back when handling it failed, so that Telegram's retry handles it again. */
export async function forgetUpdate(db: Executor, updateId: number) {
  await db.delete(telegramUpdates).where(eq(telegramUpdates.updateId, updateId));
}

export async function insertReplyPrompt(db: Executor, prompt: { chatId: number; messageId: number; userId: number; roomId: string }) {
  await db.insert(telegramReplyPrompts).values(prompt).onConflictDoNothing();
}

export function replyPrompt(db: Executor, chatId: number, messageId: number) {
  return db
    .select()
    .from(telegramReplyPrompts)
    .where(and(eq(telegramReplyPrompts.chatId, chatId), eq(telegramReplyPrompts.messageId, messageId)))
    .then((rows) => rows[0] ?? null);
}

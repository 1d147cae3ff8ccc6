// Notifications in Telegram (decision 026): the chat a person linked to their account through our bot, the one-time
// tokens of the deep link that links it, the updates the webhook has taken (each once), the «Ответить» prompts a reply
// in Telegram answers, and the local fake of the Bot API's own record (development and test only).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { users } from './users.ts';

/** One Telegram chat per account and one account per chat. */
export const telegramLinks = pgTable('telegram_links', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: bigint({ mode: 'number' }).notNull().unique(),
  /** @username when the person has one, to name the chat in the settings */
  username: varchar({ length: 64 }),
  linkedAt: createdAt(),
});

/** The deep link's token, stored as its SHA-256 (hex): 15 minutes, taken once (`used_at`). */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: varchar({ length: 64 }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/** Every update the webhook took, by Telegram's update_id: a repeated delivery of one does nothing the second time. */
export const telegramUpdates = pgTable('telegram_updates', {
  updateId: bigint({ mode: 'number' }).primaryKey(),
  receivedAt: createdAt(),
});

/** The bot's «Напишите ответ» message (force_reply) and the Форма chat room a reply to it goes to. */
export const telegramReplyPrompts = pgTable(
  'telegram_reply_prompts',
  {
    chatId: bigint({ mode: 'number' }).notNull(),
    messageId: bigint({ mode: 'number' }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.messageId] })],
);

/** The fake Bot API's chats (development and test): a chat can be made to block the bot or to be throttled once. */
export const devTelegramChats = pgTable('dev_telegram_chats', {
  chatId: bigint({ mode: 'number' }).primaryKey(),
  firstName: varchar({ length: 64 }).notNull().default('Тестовый'),
  username: varchar({ length: 64 }),
  /** sendMessage answers 403 «bot was blocked by the user» */
  blocked: boolean().notNull().default(false),
  /** the next sendMessage answers 429 with this retry_after, once */
  retryAfterOnce: integer(),
});

/** What passed in the fake's chats: the bot's messages (sendMessage) and the person's (posted to our webhook). */
export const devTelegramMessages = pgTable(
  'dev_telegram_messages',
  {
    id: id(),
    chatId: bigint({ mode: 'number' }).notNull(),
    fromBot: boolean().notNull(),
    text: text().notNull(),
    replyMarkup: jsonb().$type<Record<string, unknown>>(),
    replyToMessageId: integer(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.chatId, t.id)],
);

/** The fake's setWebhook: where and with which secret it posts updates, per bot token. */
export const devTelegramWebhooks = pgTable(
  'dev_telegram_webhooks',
  {
    botToken: varchar({ length: 128 }).primaryKey(),
    url: varchar({ length: 1000 }).notNull(),
    secretToken: varchar({ length: 256 }),
    allowedUpdates: jsonb().$type<string[]>(),
    setAt: createdAt(),
  },
  (t) => [check('dev_telegram_webhooks_url', sql`${t.url} <> ''`)],
);

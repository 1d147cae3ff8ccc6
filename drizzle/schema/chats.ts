import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
import { uploadedFiles, users } from './users.ts';

export const chatRoomKind = pgEnum('chat_room_kind', ['direct', 'support']);

export const chatRooms = pgTable(
  'chat_rooms',
  {
  /** the spec's roomId; random so that room ids can't be guessed */
  id: uuid().primaryKey().defaultRandom(),
  /** direct: two people; support: one person and the support team (any admin answers from the support inbox) */
  kind: chatRoomKind().notNull().default('direct'),
  /** 'min:max' of the two user ids for a direct room: the same pair always gets the same room */
  directKey: varchar({ length: 64 }).unique(),
  /** whose support room this is: one per person */
  supportUserId: integer()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastMessageAt: ts(),
  /**
   * Counts the room's messages, drawn in the message's own transaction: gapless, so the room's Durable
   * Object can fan messages out in exactly this order even when two publishes arrive the other way round.
   */
  messageSeq: integer().notNull().default(0),
  createdAt: createdAt(),
},
  (t) => [
    check(
      'chat_rooms_kind_keys',
      sql`(${t.kind} = 'direct' and ${t.supportUserId} is null) or (${t.kind} = 'support' and ${t.supportUserId} is not null and ${t.directKey} is null)`,
    ),
  ],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    roomId: uuid().notNull().references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: bigint({ mode: 'number' }),
    /** the member deleted the room from their list; a new message brings it back */
    hiddenAt: ts(),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index().on(t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    roomId: uuid().notNull().references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: integer().references(() => users.id, { onDelete: 'set null' }),
    content: text().notNull().default(''),
    replyToId: bigint({ mode: 'number' }).references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
    editedAt: ts(),
    deletedAt: ts(),
    createdAt: createdAt(),
    /** the sender's Idempotency-Key (per room): a send repeated after a lost answer finds this message instead of storing another */
    clientKey: uuid(),
  },
  (t) => [
    // paging a room's history backwards and "what did I miss since id N"
    index('chat_messages_room_id_idx').on(t.roomId, t.id),
    uniqueIndex('chat_messages_client_key_idx').on(t.roomId, t.senderId, t.clientKey),
    check('chat_messages_content_length', sql`length(${t.content}) <= 4000`),
  ],
);

export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    messageId: bigint({ mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => uploadedFiles.id, { onDelete: 'restrict' }),
    name: varchar({ length: 255 }).notNull(),
    sizeBytes: integer().notNull(),
    contentType: varchar({ length: 127 }).notNull(),
  },
  (t) => [index().on(t.messageId)],
);

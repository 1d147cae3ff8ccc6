import { index, pgEnum, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

export const messageChannel = pgEnum('message_channel', ['email', 'sms']);

/**
 * The local dev mailbox: with MAIL_PROVIDER/SMS_PROVIDER 'dev' every e-mail and SMS is stored here instead
 * of being sent (ENVIRONMENT development or test only), and read back at /dev/mailbox.
 */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: id(),
    channel: messageChannel().notNull(),
    /** e-mail address or phone number */
    recipient: varchar({ length: 254 }).notNull(),
    subject: varchar({ length: 255 }).notNull(),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.recipient, t.id)],
);

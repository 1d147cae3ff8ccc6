// The local stand-in for mail and SMS: messages are stored in Postgres and read back at /dev/mailbox.
import { desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { devMailbox } from '../../drizzle/schema/outbox.ts';
import type { EmailSender, SmsSender } from './outgoing.ts';

export function devMailboxSender(db: Executor): EmailSender & SmsSender {
  return {
    async sendEmail({ to, subject, text }) {
      await db.insert(devMailbox).values({ channel: 'email', recipient: to.toLowerCase(), subject, text });
    },
    async sendSms({ to, text }) {
      await db.insert(devMailbox).values({ channel: 'sms', recipient: to, subject: 'SMS', text });
    },
  };
}

/** The latest messages to one address or phone, newest first. */
export async function latestMessages(db: Db, recipient: string, limit = 20) {
  const rows = await db
    .select()
    .from(devMailbox)
    .where(eq(devMailbox.recipient, recipient.trim().toLowerCase()))
    .orderBy(desc(devMailbox.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, channel: r.channel, to: r.recipient, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString() }));
}

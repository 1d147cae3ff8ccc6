// The local stand-in for mail and SMS: messages are stored in Postgres and read back at /dev/mailbox.
import type { Db, Executor } from '../../drizzle/db.ts';
import { insertMailboxMessage, latestMailboxRows } from './dev-mailbox.queries.ts';
import type { EmailSender, SmsSender } from './outgoing.ts';

export function devMailboxSender(db: Executor): EmailSender & SmsSender {
  return {
    async sendEmail({ to, subject, text }) {
      await insertMailboxMessage(db, { channel: 'email', recipient: to.toLowerCase(), subject, text });
    },
    async sendSms({ to, text }) {
      await insertMailboxMessage(db, { channel: 'sms', recipient: to, subject: 'SMS', text });
    },
  };
}

/** The latest messages to one address or phone, newest first. */
export async function latestMessages(db: Db, recipient: string, limit = 20) {
  const rows = await latestMailboxRows(db, recipient.trim().toLowerCase(), limit);
  return rows.map((r) => ({ id: r.id, channel: r.channel, to: r.recipient, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString() }));
}

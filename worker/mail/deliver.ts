import { createDb, type Db } from '../../drizzle/db.ts';
import type { AnyContext } from '../env.ts';
import type { EmailSender, SmsSender } from './outgoing.ts';
import { emailSender, smsSender } from './senders.ts';

/**
 * Sends after the response, on a connection of its own: the answer's timing then says nothing about
 * whether a message went out (sign-in must not reveal which e-mails have accounts), and a slow provider
 * doesn't hold the user up. Failures are logged with the request id.
 */
export function deliverInBackground(c: AnyContext, send: (senders: { email: EmailSender; sms: SmsSender; db: Db }) => Promise<void>) {
  c.executionCtx.waitUntil(
    (async () => {
      const { db, close } = createDb(c.env);
      try {
        await send({ email: emailSender(c.env, db), sms: smsSender(c.env, db), db });
      } catch (e) {
        console.error(JSON.stringify({ level: 'error', requestId: c.var.requestId, msg: 'message delivery failed', error: String(e) }));
      } finally {
        await close();
      }
    })(),
  );
}

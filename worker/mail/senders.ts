// Picks the e-mail and SMS providers from the environment. The dev mailbox exists only outside production.
import type { Executor } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { isDevEnvironment } from '../lib/environment.ts';
import { devMailboxSender } from './dev-mailbox.ts';
import type { EmailSender, SmsSender } from './outgoing.ts';
import { postmarkSender } from './postmark.ts';
import { smsRuSender } from './sms-ru.ts';

function required(value: string | undefined, name: string) {
  if (!value) throw new Error(`${name} is not configured`);
  return value;
}

/** `db` is where the dev mailbox writes: pass the open transaction when there is one (one connection per request). */
export function emailSender(env: Bindings, db: Executor): EmailSender {
  if (env.POSTMARK_SERVER_TOKEN) {
    return postmarkSender({ serverToken: env.POSTMARK_SERVER_TOKEN, from: required(env.MAIL_FROM, 'MAIL_FROM'), apiUrl: env.POSTMARK_API_URL });
  }
  if (isDevEnvironment(env)) return devMailboxSender(db);
  throw new Error('POSTMARK_SERVER_TOKEN is not configured');
}

export function smsSender(env: Bindings, db: Executor): SmsSender {
  if (env.SMSRU_API_ID) return smsRuSender({ apiId: env.SMSRU_API_ID, apiUrl: env.SMSRU_API_URL });
  if (isDevEnvironment(env)) return devMailboxSender(db);
  throw new Error('SMSRU_API_ID is not configured');
}

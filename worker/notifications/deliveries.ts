// Sends notifications' deliveries (decisions 026 and 027). A delivery row is made with its notification (a trigger),
// claimed here before each attempt, then: sent; or retried later (429: after the provider's retry_after, not counted;
// other failures: backed off exponentially); or, after the last attempt or at once when the bot was blocked (403, which
// also unlinks the chat), given up and replaced by one e-mail. Called right after a notification is committed (its ids) and
// by the minute job for whatever is due.
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { emailSender } from '../mail/senders.ts';
import { BotApiError } from '../telegram/bot-api.ts';
import { telegramBot } from '../telegram/telegram-config.ts';
import { fallbackEmail, telegramNotice } from '../telegram/telegram-messages.ts';
import { unlinkUser } from '../telegram/telegram.queries.ts';
import { webPushConfig } from '../web-push/push-config.ts';
import { pushNotice } from '../web-push/push-notice.ts';
import { sendPush, type PushOutcome } from '../web-push/push-service.ts';
import { dropSubscriptions, pushSendsOf, recordPushSent, unsentSubscriptions } from '../web-push/web-push.queries.ts';
import { claimDueDeliveries, giveUpToEmail, markDeliveryFailed, markDeliverySent, retryDeliveryLater, type ClaimedDelivery } from './deliveries.queries.ts';

export const MAX_ATTEMPTS = 5;
/** at most this many deliveries per minute job; the rest go at the next minute */
const BATCH = 100;
/** 30 s, 1 min, 2 min, 4 min between attempts */
export const backoffSeconds = (attempts: number) => 30 * 2 ** (attempts - 1);

type Outcome = 'sent' | 'retry' | 'failed' | 'fell_back';

async function attemptTelegram(env: Bindings, db: Db, d: ClaimedDelivery): Promise<Outcome> {
  const bot = telegramBot(env);
  // Telegram turned off in this deployment, or the person unlinked since: the bell has it, nothing to retry
  if (!bot || d.chat_id == null) {
    await markDeliveryFailed(db, d, bot ? 'not linked' : 'telegram not configured');
    return 'failed';
  }
  try {
    const sent = await bot.api.sendMessage({ chat_id: d.chat_id, ...telegramNotice(d, env.APP_ORIGIN ?? ''), link_preview_options: { is_disabled: true } });
    await markDeliverySent(db, d, String(sent.message_id));
    return 'sent';
  } catch (e) {
    const err = e instanceof BotApiError ? e : new BotApiError(0, String(e));
    if (err.status === 429) {
      await retryDeliveryLater(db, d, Math.max(1, err.retryAfter ?? 30), err.message, false);
      return 'retry';
    }
    // blocked by the person (403), or a chat Telegram no longer knows (400): no attempt will pass
    const hopeless = err.status === 403 || err.status === 400;
    if (err.status === 403) await unlinkUser(db, d.user_id);
    if (hopeless || d.attempts >= MAX_ATTEMPTS) return (await giveUpToEmail(db, d, err.message)) ? 'fell_back' : 'failed';
    await retryDeliveryLater(db, d, backoffSeconds(d.attempts), err.message, true);
    return 'retry';
  }
}

async function attemptEmail(env: Bindings, db: Db, d: ClaimedDelivery): Promise<Outcome> {
  if (!d.email) {
    await markDeliveryFailed(db, d, 'no e-mail');
    return 'failed';
  }
  try {
    await emailSender(env, db).sendEmail({ to: d.email, ...fallbackEmail(d, env.APP_ORIGIN ?? '') });
    await markDeliverySent(db, d, null);
    return 'sent';
  } catch (e) {
    if (d.attempts >= MAX_ATTEMPTS) await markDeliveryFailed(db, d, String(e));
    else await retryDeliveryLater(db, d, backoffSeconds(d.attempts), String(e), true);
    return 'retry';
  }
}

/**
 * One push delivery reaches every browser the person subscribed (decision 027), each once: a browser reached is
 * recorded (push_sends), so a retry after a partial failure goes only to the others. A subscription the push service
 * calls gone is dropped. Throttled (429) only: pending again after Retry-After, not counted; otherwise retried with the
 * same backoff, and after the last attempt given up to the e-mail fallback unless some browser got it.
 */
async function attemptPush(env: Bindings, db: Db, d: ClaimedDelivery): Promise<Outcome> {
  const config = webPushConfig(env);
  if (!config) {
    await markDeliveryFailed(db, d, 'push not configured');
    return 'failed';
  }
  const targets = await unsentSubscriptions(db, d.user_id, d.id);
  const { payload, options } = pushNotice(d);
  const outcomes = await Promise.all(
    targets.map(async (t): Promise<PushOutcome> => {
      const outcome = await sendPush(env, config, t, payload, options).catch((e) => ({ result: 'retry', status: 0, retryAfterSeconds: null, error: String(e) }) as const);
      if (outcome.result === 'sent') await recordPushSent(db, d.id, t.id);
      return outcome;
    }),
  );
  await dropSubscriptions(db, targets.filter((_, i) => outcomes[i].result === 'gone').map((t) => t.id));
  const retries = outcomes.flatMap((o) => (o.result === 'retry' ? [o] : []));
  const reached = (await pushSendsOf(db, d.id)) > 0;
  if (retries.length) {
    const error = retries.map((r) => r.error).join('; ');
    if (retries.every((r) => r.status === 429)) {
      await retryDeliveryLater(db, d, Math.max(1, ...retries.map((r) => r.retryAfterSeconds ?? 30)), error, false);
      return 'retry';
    }
    if (d.attempts < MAX_ATTEMPTS) {
      await retryDeliveryLater(db, d, backoffSeconds(d.attempts), error, true);
      return 'retry';
    }
    if (!reached) return (await giveUpToEmail(db, d, error)) ? 'fell_back' : 'failed';
  }
  if (reached) {
    await markDeliverySent(db, d, null);
    return 'sent';
  }
  const refusal = outcomes.map((o) => ('error' in o ? o.error : o.result)).join('; ');
  await markDeliveryFailed(db, d, refusal || 'no subscribed browser');
  return 'failed';
}

async function attempt(env: Bindings, db: Db, d: ClaimedDelivery): Promise<Outcome> {
  if (d.channel === 'telegram') return attemptTelegram(env, db, d);
  if (d.channel === 'email') return attemptEmail(env, db, d);
  return attemptPush(env, db, d);
}

/** Sends what is due (only that of `notificationIds` when given); answers how many were sent. */
export async function sendDueDeliveries(env: Bindings, db: Db, notificationIds?: number[]) {
  let sent = 0;
  let claimed = await claimDueDeliveries(db, BATCH, notificationIds);
  // an e-mail a given-up delivery fell back to goes in the same run, once
  for (let round = 0; claimed.length && round < 2; round++) {
    const outcomes = await Promise.all(claimed.map((d) => attempt(env, db, d).catch((e) => (console.error(JSON.stringify({ level: 'error', msg: 'delivery failed', id: d.id, error: String(e) })), 'failed' as const))));
    sent += outcomes.filter((o) => o === 'sent').length;
    const fellBack = claimed.filter((_, i) => outcomes[i] === 'fell_back').map((d) => d.notification_id);
    claimed = fellBack.length ? await claimDueDeliveries(db, BATCH, fellBack) : [];
  }
  return sent;
}

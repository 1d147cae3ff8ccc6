// The retention of the security tables (cleanup.ts): each statement deletes what has stopped mattering and answers how
// many rows it removed.
import { isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { backoffCounters, loginCodes, rateLimitCounters, refreshSessions } from '../../drizzle/schema/auth.ts';
import { devSocialCodes, socialLinkTickets, socialSignInAttempts } from '../../drizzle/schema/social.ts';
import { telegramLinkTokens, telegramReplyPrompts, telegramUpdates } from '../../drizzle/schema/telegram.ts';
import { devPushMessages } from '../../drizzle/schema/web-push.ts';

/** Rate-limit windows older than a day. */
export async function deleteOldRateLimitWindows(db: Db) {
  const rows = await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, sql`now() - interval '1 day'`)).returning({ key: rateLimitCounters.key });
  return rows.length;
}

/**
 * Back-offs a year after their last wait ran out: forgetting sooner would hand a patient guesser a fresh start every
 * time (decision 013, «Sign-in that strangers can neither block nor guess»).
 */
export async function deleteOldBackoffs(db: Db) {
  const rows = await db.delete(backoffCounters).where(lt(backoffCounters.nextTryAt, sql`now() - interval '365 days'`)).returning({ key: backoffCounters.key });
  return rows.length;
}

/** Sign-in codes a day after they expired. */
export async function deleteOldLoginCodes(db: Db) {
  const rows = await db.delete(loginCodes).where(lt(loginCodes.expiresAt, sql`now() - interval '1 day'`)).returning({ id: loginCodes.id });
  return rows.length;
}

/** Refresh tokens a week after they expired or were revoked. */
export async function deleteOldRefreshSessions(db: Db) {
  const rows = await db
    .delete(refreshSessions)
    .where(
      or(
        lt(refreshSessions.expiresAt, sql`now() - interval '7 days'`),
        // a revoked token is kept a week too: its replay must still find the family
        sql`${isNotNull(refreshSessions.revokedAt)} and ${refreshSessions.revokedAt} < now() - interval '7 days'`,
      ),
    )
    .returning({ id: refreshSessions.id });
  return rows.length;
}

/**
 * Social sign-in's attempts and tickets (decision 025) a day after they expired, and the provider fakes' codes
 * (development and test): each works once and briefly, nothing reads them later.
 */
export async function deleteOldSocialSignIns(db: Db) {
  const [attempts, tickets, fakeCodes] = await Promise.all([
    db.delete(socialSignInAttempts).where(lt(socialSignInAttempts.expiresAt, sql`now() - interval '1 day'`)).returning({ state: socialSignInAttempts.state }),
    db.delete(socialLinkTickets).where(lt(socialLinkTickets.expiresAt, sql`now() - interval '1 day'`)).returning({ id: socialLinkTickets.id }),
    db.delete(devSocialCodes).where(lt(devSocialCodes.expiresAt, sql`now() - interval '1 day'`)).returning({ codeHash: devSocialCodes.codeHash }),
  ]);
  return attempts.length + tickets.length + fakeCodes.length;
}

/**
 * What the notification channels keep only briefly (decisions 026, 027): the webhook's record of Telegram's updates
 * after a week (Telegram gives up redelivering one within a day), link tokens a day after they expired, «Ответить»
 * prompts after 30 days (a reply to an older one is not taken), and the fake push service's messages after a week.
 */
export async function deleteOldChannelRecords(db: Db) {
  const [updates, tokens, prompts, fakePushes] = await Promise.all([
    db.delete(telegramUpdates).where(lt(telegramUpdates.receivedAt, sql`now() - interval '7 days'`)).returning({ id: telegramUpdates.updateId }),
    db.delete(telegramLinkTokens).where(lt(telegramLinkTokens.expiresAt, sql`now() - interval '1 day'`)).returning({ hash: telegramLinkTokens.tokenHash }),
    db.delete(telegramReplyPrompts).where(lt(telegramReplyPrompts.createdAt, sql`now() - interval '30 days'`)).returning({ id: telegramReplyPrompts.messageId }),
    db.delete(devPushMessages).where(lt(devPushMessages.receivedAt, sql`now() - interval '7 days'`)).returning({ id: devPushMessages.id }),
  ]);
  return updates.length + tokens.length + prompts.length + fakePushes.length;
}

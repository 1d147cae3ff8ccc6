import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginCodes, rateLimitCounters, refreshSessions } from '../../drizzle/schema/auth.ts';
import { telegramLinkTokens, telegramReplyPrompts, telegramUpdates } from '../../drizzle/schema/telegram.ts';
import { devPushMessages } from '../../drizzle/schema/web-push.ts';
import { cleanupExpired } from '../../worker/maintenance/cleanup.ts';
import { createUser, uniqueEmail } from '../factories.ts';
import { providerCtx } from './escrow-fixtures.ts';
import { useTestDb } from './helpers.ts';

const t = useTestDb();

describe('hourly cleanup', () => {
  it('drops stale rate-limit windows, codes and sessions, and keeps live ones', async () => {
    const user = await createUser(t.db);
    const key = `test:${uniqueEmail()}`;
    await t.db.insert(rateLimitCounters).values([
      { key, windowStart: sql`now() - interval '2 days'`, count: 3 },
      { key, windowStart: sql`now()`, count: 1 },
    ]);
    const destination = uniqueEmail('code');
    await t.db.insert(loginCodes).values([
      { purpose: 'login', destination, codeHash: 'x', expiresAt: sql`now() - interval '2 days'` },
      { purpose: 'login', destination, codeHash: 'y', expiresAt: sql`now() + interval '5 minutes'` },
    ]);
    const family = crypto.randomUUID();
    await t.db.insert(refreshSessions).values([
      { userId: user.id, familyId: family, tokenHash: crypto.randomUUID(), expiresAt: sql`now() - interval '8 days'` },
      { userId: user.id, familyId: family, tokenHash: crypto.randomUUID(), expiresAt: sql`now() + interval '20 days'`, revokedAt: sql`now() - interval '8 days'` },
      { userId: user.id, familyId: family, tokenHash: crypto.randomUUID(), expiresAt: sql`now() + interval '20 days'`, revokedAt: sql`now() - interval '1 day'` },
      { userId: user.id, familyId: family, tokenHash: crypto.randomUUID(), expiresAt: sql`now() + interval '20 days'` },
    ]);
    await cleanupExpired(providerCtx(t.db));
    expect(await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key))).toHaveLength(1);
    expect((await t.db.select().from(loginCodes).where(eq(loginCodes.destination, destination))).map((r) => r.codeHash)).toEqual(['y']);
    expect(await t.db.select().from(refreshSessions).where(eq(refreshSessions.familyId, family))).toHaveLength(2);
  });

  it("drops the notification channels' stale records (decisions 026, 027) and keeps fresh ones", async () => {
    const user = await createUser(t.db);
    const id = Date.now() * 1000 + Math.floor(Math.random() * 1000);
    await t.db.insert(telegramUpdates).values([
      { updateId: id, receivedAt: sql`now() - interval '8 days'` },
      { updateId: id + 1, receivedAt: sql`now()` },
    ]);
    const hash = crypto.randomUUID().replace(/-/g, '');
    await t.db.insert(telegramLinkTokens).values([
      { tokenHash: `${hash}a`, userId: user.id, expiresAt: sql`now() - interval '2 days'` },
      { tokenHash: `${hash}b`, userId: user.id, expiresAt: sql`now() + interval '10 minutes'` },
    ]);
    const roomId = crypto.randomUUID();
    await t.db.insert(telegramReplyPrompts).values([
      { chatId: id, messageId: 1, userId: user.id, roomId, createdAt: sql`now() - interval '31 days'` },
      { chatId: id, messageId: 2, userId: user.id, roomId },
    ]);
    const token = `cleanup-${id}`;
    await t.db.insert(devPushMessages).values([
      { token, body: 'x', headers: {}, receivedAt: sql`now() - interval '8 days'` },
      { token, body: 'y', headers: {} },
    ]);
    await cleanupExpired(providerCtx(t.db));
    expect((await t.db.select().from(telegramUpdates).where(sql`${telegramUpdates.updateId} in (${id}, ${id + 1})`)).map((r) => r.updateId)).toEqual([id + 1]);
    expect((await t.db.select().from(telegramLinkTokens).where(eq(telegramLinkTokens.userId, user.id))).map((r) => r.tokenHash)).toEqual([`${hash}b`]);
    expect((await t.db.select().from(telegramReplyPrompts).where(eq(telegramReplyPrompts.roomId, roomId))).map((r) => r.messageId)).toEqual([2]);
    expect((await t.db.select().from(devPushMessages).where(eq(devPushMessages.token, token))).map((r) => r.body)).toEqual(['y']);
  });
});

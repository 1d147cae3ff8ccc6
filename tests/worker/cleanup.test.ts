import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginCodes, rateLimitCounters, refreshSessions } from '../../drizzle/schema/auth.ts';
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
});

// The daily re-read of confirmed self-employed permissions (issue 37, decision 020): a mentor may revoke the permission
// in «Мой налог» at any time and nothing tells us, so the hourly housekeeping reads those not read for a day, a bounded
// batch at a time, least recently read first, and stores what the provider says.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mentorTaxProfiles, sandboxProviderObjects } from '../../drizzle/schema/payments.ts';
import { cleanupExpired } from '../../worker/maintenance/cleanup.ts';
import { recheckPermissions } from '../../worker/maintenance/permission-recheck.ts';
import { permissionsToRecheck } from '../../worker/tax-profiles/tax-profiles.queries.ts';
import { askForPermission } from '../../worker/tax-profiles/self-employed.ts';
import { selfEmployedPort } from '../../worker/tax-profiles/self-employed-port.ts';
import { createUser } from '../factories.ts';
import { providerCtx } from './escrow-fixtures.ts';
import { call, ORIGIN, useTestDb } from './helpers.ts';
import { asUser } from './json-api.ts';
import { apiAs, expectOk } from './typed-api.ts';

const t = useTestDb();
const HOUR = 3_600_000;

/** A self-employed mentor whose permission he granted, last read `readAgo` ms ago. */
async function confirmedMentor(readAgo: number) {
  const mentor = await createUser(t.db, { role: 'mentor' });
  await expectOk(apiAs(asUser(mentor), { trailingSlash: true })['tax-profile'].$put({ json: { status: 'self_employed', inn: '500100732259' } }), 200);
  const { selfEmployedId } = await askForPermission(t.db, () => selfEmployedPort(providerCtx(t.db)), mentor.id);
  const granted = await call(`/api/sandbox/self-employed/${selfEmployedId}/confirm/`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: '{}' });
  expect(granted.status).toBe(200);
  await t.db.update(mentorTaxProfiles).set({ selfEmployedStatus: 'confirmed', checkedAt: new Date(Date.now() - readAgo) }).where(eq(mentorTaxProfiles.userId, mentor.id));
  return { mentor, permissionId: selfEmployedId! };
}

/** He revokes it in «Мой налог»: only the provider knows. */
const revoke = (permissionId: string) => t.db.update(sandboxProviderObjects).set({ status: 'canceled' }).where(eq(sandboxProviderObjects.id, permissionId));
const profileOf = async (userId: number) => (await t.db.select().from(mentorTaxProfiles).where(eq(mentorTaxProfiles.userId, userId)))[0]!;

describe('the daily re-read of self-employed permissions', () => {
  it('the hourly housekeeping stores a revocation of a permission not read for a day, and leaves one read an hour ago', async () => {
    const stale = await confirmedMentor(25 * HOUR);
    const fresh = await confirmedMentor(HOUR);
    await revoke(stale.permissionId);
    await revoke(fresh.permissionId);
    const report = await cleanupExpired(providerCtx(t.db));
    expect(report.permissions).toMatchObject({ changed: expect.any(Number) });
    const read = await profileOf(stale.mentor.id);
    expect(read.selfEmployedStatus).toBe('canceled');
    expect(Date.now() - read.checkedAt!.getTime()).toBeLessThan(HOUR);
    // read an hour ago: its turn comes tomorrow
    expect(await profileOf(fresh.mentor.id)).toMatchObject({ selfEmployedStatus: 'confirmed' });
  });

  it('reads a bounded batch, least recently read first; a permission still granted stays confirmed with its read time moved', async () => {
    const older = await confirmedMentor(72 * HOUR);
    const newer = await confirmedMentor(48 * HOUR);
    const due = (await permissionsToRecheck(t.db, 10_000)).map((p) => p.userId);
    expect(due.indexOf(older.mentor.id)).toBeGreaterThanOrEqual(0);
    expect(due.indexOf(older.mentor.id)).toBeLessThan(due.indexOf(newer.mentor.id));
    const once = await recheckPermissions(providerCtx(t.db), 1);
    expect(once.checked + once.failed).toBe(1);
    await recheckPermissions(providerCtx(t.db), 10_000);
    for (const { mentor } of [older, newer]) {
      const profile = await profileOf(mentor.id);
      expect(profile.selfEmployedStatus).toBe('confirmed');
      expect(Date.now() - profile.checkedAt!.getTime()).toBeLessThan(HOUR);
    }
    expect((await permissionsToRecheck(t.db, 10_000)).map((p) => p.userId)).not.toContain(older.mentor.id);
  });

  it('a permission the provider no longer knows does not keep the others waiting: it is tried again in an hour, behind them', async () => {
    const lost = await confirmedMentor(96 * HOUR);
    const next = await confirmedMentor(95 * HOUR);
    // the provider's record is gone (e.g. a reset sandbox): reading it fails
    await t.db.delete(sandboxProviderObjects).where(eq(sandboxProviderObjects.id, lost.permissionId));
    const due = () => permissionsToRecheck(t.db, 10_000).then((rows) => rows.map((p) => p.userId));
    expect((await due()).indexOf(lost.mentor.id)).toBeLessThan((await due()).indexOf(next.mentor.id));
    // the whole queue, so a parallel file's due permissions can't take this test's turn
    await recheckPermissions(providerCtx(t.db), 10_000);
    expect(await profileOf(next.mentor.id)).toMatchObject({ selfEmployedStatus: 'confirmed' });
    expect(await due()).not.toContain(next.mentor.id);
    const postponed = await profileOf(lost.mentor.id);
    // still what we last knew, due again in about an hour
    expect(postponed.selfEmployedStatus).toBe('confirmed');
    expect(Date.now() - postponed.checkedAt!.getTime()).toBeGreaterThan(21 * HOUR);
    expect(Date.now() - postponed.checkedAt!.getTime()).toBeLessThan(23 * HOUR);
    expect(await due()).not.toContain(lost.mentor.id);
  });
});

// The statements of a mentor's tax status (decision 020): read it, save it (dropping the self-employed permission when
// what it was granted for changes), and record YooKassa's answers about the permission.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { mentorTaxProfiles } from '../../drizzle/schema/payments.ts';
import type { SelfEmployedStatus, TaxProfileInput } from './tax-profiles.schemas.ts';

export type TaxProfileRow = typeof mentorTaxProfiles.$inferSelect;

/** An ИНН YooKassa reports (found by the phone) fills a profile that has none; a stored one is never overwritten. */
const innFound = (itn: string | null) => (itn && /^[0-9]{12}$/.test(itn) ? { inn: sql`coalesce(${mentorTaxProfiles.inn}, ${itn})` } : {});

export async function findTaxProfile(db: Db, userId: number) {
  const [row] = await db.select().from(mentorTaxProfiles).where(eq(mentorTaxProfiles.userId, userId));
  return row ?? null;
}

/**
 * Saves the status in one statement. A permission was granted for one person's ИНН or phone under the self-employed
 * status: when the status, the ИНН or the phone changes, the stored permission no longer speaks for this profile and is
 * cleared, to be asked for again (a separate read-then-write could keep a stale one under a concurrent change).
 */
export async function saveTaxProfile(db: Db, userId: number, input: TaxProfileInput) {
  const t = mentorTaxProfiles;
  const changed = sql`(${t.status} is distinct from excluded.status or ${t.inn} is distinct from excluded.inn or ${t.phone} is distinct from excluded.phone)`;
  const keepUnlessChanged = (column: typeof t.selfEmployedId | typeof t.selfEmployedStatus | typeof t.confirmationUrl | typeof t.checkedAt) =>
    sql`case when ${changed} then null else ${column} end`;
  const [row] = await db
    .insert(t)
    .values({
      userId,
      status: input.status,
      inn: input.inn,
      phone: input.phone,
      legalName: input.legal_name,
    })
    .onConflictDoUpdate({
      target: t.userId,
      set: {
        // every SET expression reads the row as it was, so `changed` compares the old status/ИНН/phone with the new
        selfEmployedId: keepUnlessChanged(t.selfEmployedId),
        selfEmployedStatus: keepUnlessChanged(t.selfEmployedStatus),
        confirmationUrl: keepUnlessChanged(t.confirmationUrl),
        checkedAt: keepUnlessChanged(t.checkedAt),
        status: sql`excluded.status`,
        inn: sql`excluded.inn`,
        phone: sql`excluded.phone`,
        legalName: sql`excluded.legal_name`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row;
}

/**
 * YooKassa's new `self_employed` object, stored only if the profile still has the ИНН and phone it was asked for (the
 * mentor may have changed them meanwhile). An ИНН YooKassa found by the phone fills a missing one.
 */
export async function recordSelfEmployedRequest(
  db: Db,
  userId: number,
  askedFor: { inn: string | null; phone: string | null },
  answer: {
    id: string;
    status: SelfEmployedStatus;
    itn: string | null;
    confirmationUrl: string | null;
  },
) {
  const t = mentorTaxProfiles;
  const [row] = await db
    .update(t)
    .set({
      selfEmployedId: answer.id,
      selfEmployedStatus: answer.status,
      confirmationUrl: answer.confirmationUrl,
      // not read since the mentor went to the confirmation page: his first visit back asks the provider
      checkedAt: null,
      ...innFound(answer.itn),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(t.userId, userId),
        eq(t.status, 'self_employed'),
        askedFor.inn === null ? isNull(t.inn) : eq(t.inn, askedFor.inn),
        askedFor.phone === null ? isNull(t.phone) : eq(t.phone, askedFor.phone),
      ),
    )
    .returning();
  return row ?? null;
}

/** The permission's status as last read from YooKassa, on the object it was read for (a newer ask is left alone). */
export async function recordSelfEmployedStatus(db: Db, userId: number, answer: { id: string; status: SelfEmployedStatus; itn: string | null }) {
  const t = mentorTaxProfiles;
  const [row] = await db
    .update(t)
    .set({
      selfEmployedStatus: answer.status,
      checkedAt: sql`now()`,
      ...innFound(answer.itn),
      updatedAt: sql`now()`,
    })
    .where(and(eq(t.userId, userId), eq(t.selfEmployedId, answer.id)))
    .returning();
  return row ?? null;
}

/**
 * A permission the provider could not read now (it is away, or it no longer knows the id) is tried again in about an
 * hour, behind the others: left as it was, it would stay first in the queue and, a hundred of them, starve the rest.
 */
export async function postponeRecheck(db: Db, userId: number) {
  const t = mentorTaxProfiles;
  await db.update(t).set({ checkedAt: sql`now() - interval '22 hours'` }).where(eq(t.userId, userId));
}

/**
 * Confirmed self-employed permissions not read for about a day, least recently read first, at most `limit`: the mentor
 * can revoke one in «Мой налог» at any time and YooKassa sends no notification of it (decision 020).
 */
export async function permissionsToRecheck(db: Db, limit: number) {
  const t = mentorTaxProfiles;
  return db
    .select({ userId: t.userId, selfEmployedId: t.selfEmployedId })
    .from(t)
    .where(
      and(
        eq(t.status, 'self_employed'),
        eq(t.selfEmployedStatus, 'confirmed'),
        sql`${t.selfEmployedId} is not null and (${t.checkedAt} is null or ${t.checkedAt} <= now() - interval '23 hours')`,
      ),
    )
    .orderBy(sql`${t.checkedAt} asc nulls first`, asc(t.userId))
    .limit(limit);
}

import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';
import { legalConsents, refreshSessions } from '../../drizzle/schema/auth.ts';
import { mentorApplications, users } from '../../drizzle/schema/users.ts';

export type Destination = { email: string } | { phone: string };

export function destinationKey(d: Destination) {
  return 'email' in d ? d.email : d.phone;
}

const accountOf = (d: Destination) => ('email' in d ? sql`lower(${users.email}) = ${d.email}` : eq(users.phone, d.phone));

export async function findAccount(db: Executor, d: Destination) {
  const [row] = await db.select().from(users).where(accountOf(d)).limit(1);
  return row ?? null;
}

/**
 * Whether the address's account held a session from the caller's network (IPv4 /24, IPv6 /48, as `networkOf`):
 * sessions are kept until a week after they expire, so these are the networks of the last five weeks or so. One
 * statement whether or not the account exists (the code request's answer must not tell them apart).
 */
export async function signedInFromNetwork(db: Executor, d: Destination, ip: string) {
  const network = sql`network(set_masklen(${ip}::inet, case when family(${ip}::inet) = 4 then 24 else 48 end))`;
  const [row] = await db
    .select({ userId: refreshSessions.userId })
    .from(refreshSessions)
    .innerJoin(users, eq(users.id, refreshSessions.userId))
    .where(and(accountOf(d), sql`${refreshSessions.ip} <<= ${network}`))
    .limit(1);
  return Boolean(row);
}

/**
 * Creates the account a confirmed registration asked for; when two confirmations race (or the address
 * was registered meanwhile) the unique index decides and the existing account is returned.
 * Every account starts as a mentee: someone who registered to teach gets a draft mentor application,
 * and moderation makes them a mentor. The consent given on the registration screen (`consentVersion`, the edition of
 * the privacy policy and the offer the person accepted) is kept with the account in the same transaction; an existing
 * account confirming again records the edition it accepted now, once.
 */
export async function createAccount(db: Executor, d: Destination, wantsToTeach: boolean, consentVersion: string | null) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values('email' in d ? { email: d.email } : { phone: d.phone })
      .onConflictDoNothing()
      .returning();
    const user = created ?? (await findAccount(tx, d))!;
    if (consentVersion) {
      await tx
        .insert(legalConsents)
        .values([
          { userId: user.id, document: 'privacy_policy', version: consentVersion },
          { userId: user.id, document: 'public_offer', version: consentVersion },
        ])
        .onConflictDoNothing();
    }
    if (!created) return { user, created: false };
    if (wantsToTeach) await tx.insert(mentorApplications).values({ userId: created.id }).onConflictDoNothing();
    return { user: created, created: true };
  });
}

import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../drizzle/db.ts';
import { mentorApplications, users } from '../../drizzle/schema/users.ts';

export type Destination = { email: string } | { phone: string };

export function destinationKey(d: Destination) {
  return 'email' in d ? d.email : d.phone;
}

export async function findAccount(db: Executor, d: Destination) {
  const [row] = await db
    .select()
    .from(users)
    .where('email' in d ? sql`lower(${users.email}) = ${d.email}` : eq(users.phone, d.phone))
    .limit(1);
  return row ?? null;
}

/**
 * Creates the account a confirmed registration asked for; when two confirmations race (or the address
 * was registered meanwhile) the unique index decides and the existing account is returned.
 * Every account starts as a mentee: someone who registered to teach gets a draft mentor application,
 * and moderation makes them a mentor.
 */
export async function createAccount(db: Executor, d: Destination, wantsToTeach: boolean) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values('email' in d ? { email: d.email } : { phone: d.phone })
      .onConflictDoNothing()
      .returning();
    if (!created) return { user: (await findAccount(tx, d))!, created: false };
    if (wantsToTeach) await tx.insert(mentorApplications).values({ userId: created.id }).onConflictDoNothing();
    return { user: created, created: true };
  });
}

import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { mentorApplications, users } from '../../drizzle/schema/users.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import type { MentorApplicationPayload } from './mentor-applications.schemas.ts';

const ofUser = (userId: number, id: number) => and(eq(mentorApplications.id, id), eq(mentorApplications.userId, userId));

/** The newest application: the one in progress, or else the last decided one. */
export async function findLatestApplication(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(mentorApplications)
    .where(eq(mentorApplications.userId, userId))
    .orderBy(desc(mentorApplications.createdAt), desc(mentorApplications.id))
    .limit(1);
  return row ?? null;
}

export async function findOwnApplication(db: Db, userId: number, id: number) {
  const [row] = await db.select().from(mentorApplications).where(ofUser(userId, id)).limit(1);
  return row ?? null;
}

/**
 * A new draft, or null when the user already has one in progress. The partial unique index
 * mentor_applications_open_uq decides; a read before the insert would race a second tab.
 */
export async function createDraft(db: Db, userId: number, payload: MentorApplicationPayload) {
  try {
    const [row] = await db.insert(mentorApplications).values({ userId, payload }).returning();
    return row;
  } catch (e) {
    if (isUniqueViolation(e, 'mentor_applications_open_uq')) return null;
    throw e;
  }
}

/** Replaces a draft's payload; null when there is no such draft of this user (missing, or no longer a draft). */
export async function updateDraftPayload(db: Db, userId: number, id: number, payload: MentorApplicationPayload) {
  const [row] = await db
    .update(mentorApplications)
    .set({ payload })
    .where(and(ofUser(userId, id), eq(mentorApplications.status, 'draft')))
    .returning();
  return row ?? null;
}

/**
 * draft -> submitted, but only for the payload the submit rule was checked on: an edit saved in between
 * (jsonb equality ignores key order) or a second submit makes this a no-op that returns null.
 */
export async function submitDraft(db: Db, userId: number, id: number, checkedPayload: unknown) {
  const [row] = await db
    .update(mentorApplications)
    .set({ status: 'submitted', submittedAt: sql`now()` })
    .where(
      and(
        ofUser(userId, id),
        eq(mentorApplications.status, 'draft'),
        sql`${mentorApplications.payload} = ${JSON.stringify(checkedPayload)}::jsonb`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function adminEmails(db: Db) {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNotNull(users.email)));
  return rows.map((r) => r.email!);
}

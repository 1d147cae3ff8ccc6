// A mentor verified the only way there is (decision 004): an approved application with a held interview, the
// flag and its date set by the approval. Straight inserts, for tests that need such a mentor but not the flow.
import { eq } from 'drizzle-orm';
import type { Db } from '../drizzle/db.ts';
import { mentorInterviews } from '../drizzle/schema/mentor-interviews.ts';
import { mentorApplications, users } from '../drizzle/schema/users.ts';

export async function verifyThroughInterview(db: Db, userId: number, startsAt = new Date('2026-11-12T12:00:00Z')) {
  const [application] = await db
    .insert(mentorApplications)
    .values({ userId, status: 'submitted', payload: {}, submittedAt: new Date(startsAt.getTime() - 86_400_000) })
    .returning();
  await db.insert(mentorInterviews).values({
    applicationId: application.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    status: 'held',
    checkedIdentity: true,
    checkedExperience: true,
    checkedSampleSession: true,
    outcomeNote: 'Документ, опыт и пробный разбор — всё сходится',
    outcomeAt: new Date(startsAt.getTime() + 30 * 60_000),
  });
  await db.update(mentorApplications).set({ status: 'approved', reviewedAt: new Date() }).where(eq(mentorApplications.id, application.id));
  await db.update(users).set({ isVerified: true, verifiedAt: startsAt }).where(eq(users.id, userId));
  return application;
}

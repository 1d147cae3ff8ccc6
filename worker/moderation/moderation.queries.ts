import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { mentorInterviews } from '../../drizzle/schema/mentor-interviews.ts';
import { educations, mentorApplications, users, workExperiences } from '../../drizzle/schema/users.ts';
import { pgError } from '../lib/db-errors.ts';
import { parseOrThrow } from '../lib/validate.ts';
import { withdrawInterviewsOf } from '../mentor-applications/interviews.queries.ts';
import { mentorApplicationPayloadSchema } from '../mentor-applications/mentor-applications.schemas.ts';
import { toEducationRows, toProfileValues, toWorkRows } from './moderation.mapper.ts';
import { MODERATION_PAGE_SIZE } from './moderation.schemas.ts';

type DecidedStatus = 'submitted' | 'approved' | 'rejected';

const applicant = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, avatarUrl: users.avatarUrl };

/** Oldest submitted first, so the queue is worked in order. */
export function listForModeration(db: Db, status: DecidedStatus, offset: number) {
  return db
    .select({ application: mentorApplications, applicant })
    .from(mentorApplications)
    .innerJoin(users, eq(users.id, mentorApplications.userId))
    .where(eq(mentorApplications.status, status))
    .orderBy(asc(mentorApplications.submittedAt), asc(mentorApplications.id))
    .limit(MODERATION_PAGE_SIZE)
    .offset(offset);
}

export async function applicationExists(db: Db, id: number) {
  const [row] = await db.select({ id: mentorApplications.id }).from(mentorApplications).where(eq(mentorApplications.id, id)).limit(1);
  return Boolean(row);
}

export async function findApplicant(db: Db, userId: number) {
  const [row] = await db.select(applicant).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** submitted -> the decision, in one conditional statement: of two moderators deciding at once, one wins. */
const decide = (id: number) => and(eq(mentorApplications.id, id), eq(mentorApplications.status, 'submitted'));

/**
 * Approves a submitted application in one transaction: the status, the role (an admin stays admin), the
 * profile fields and the work and education lists (a list present in the payload replaces the user's
 * rows; an absent one leaves them). Null when the application is not (or no longer) submitted.
 */
export async function approveApplication(db: Db, id: number, adminId: number) {
  try {
    return await approveInTransaction(db, id, adminId);
  } catch (e) {
    // the trigger of migration 0042: approval needs a held interview, whoever asks
    if (pgError(e)?.constraint === 'mentor_applications_interview_held') return 'interview_required' as const;
    throw e;
  }
}

function approveInTransaction(db: Db, id: number, adminId: number) {
  return db.transaction(async (tx) => {
    const [application] = await tx
      .update(mentorApplications)
      .set({ status: 'approved', reviewedAt: sql`now()`, reviewedBy: adminId })
      .where(decide(id))
      .returning();
    if (!application) return null;
    // validated when saved; parsed again for its types, and a bad stored payload rolls the approval back
    const payload = parseOrThrow(mentorApplicationPayloadSchema, application.payload, 'Заявка содержит некорректные данные');
    const [user] = await tx
      .update(users)
      .set({
        ...toProfileValues(payload),
        role: sql`case when ${users.role} = 'admin' then 'admin'::user_role else 'mentor'::user_role end`,
        // «Профиль подтверждён», dated by the held interview (the only way to it: a trigger checks, migration 0042)
        isVerified: true,
        verifiedAt: sql`(select ${mentorInterviews.startsAt} from ${mentorInterviews} where ${mentorInterviews.applicationId} = ${id} and ${mentorInterviews.status} = 'held')`,
      })
      .where(eq(users.id, application.userId))
      .returning(applicant);
    if (payload.work_experiences) {
      await tx.delete(workExperiences).where(eq(workExperiences.userId, user.id));
      const rows = toWorkRows(user.id, payload);
      if (rows.length) await tx.insert(workExperiences).values(rows);
    }
    if (payload.educations) {
      await tx.delete(educations).where(eq(educations.userId, user.id));
      const rows = toEducationRows(user.id, payload);
      if (rows.length) await tx.insert(educations).values(rows);
    }
    return { application, user };
  });
}

/**
 * submitted -> rejected with the reason, and its interviews withdrawn in the same transaction (a rejected applicant has
 * no interview to come to); null when the application is not (or no longer) submitted. `closedRooms`: the interviews
 * that were booked, whose rooms the caller closes.
 */
export async function rejectApplication(db: Db, id: number, adminId: number, reason: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(mentorApplications)
      .set({ status: 'rejected', rejectionReason: reason, reviewedAt: sql`now()`, reviewedBy: adminId })
      .where(decide(id))
      .returning();
    return row ? { application: row, closedRooms: await withdrawInterviewsOf(tx, id) } : null;
  });
}

import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { mentorInterviews } from '../../drizzle/schema/mentor-interviews.ts';
import { mentorApplications, users } from '../../drizzle/schema/users.ts';
import { pgError } from '../lib/db-errors.ts';
import type { InterviewOutcomeBody } from './interviews.schemas.ts';

const person = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, timeZone: users.timeZone };

/**
 * Offers times for a submitted application that has no booked or held interview; times not in the future and
 * times already offered are skipped. One statement, so an application decided meanwhile gets nothing.
 */
export async function offerInterviews(db: Db, applicationId: number, adminId: number, startsAt: string[]) {
  const result = await db.execute<{ id: number }>(sql`
    insert into mentor_interviews (application_id, admin_id, starts_at, ends_at)
    select a.id, ${adminId}, t, t + interval '30 minutes'
    from mentor_applications a, unnest(${`{${startsAt.join(',')}}`}::timestamptz[]) t
    where a.id = ${applicationId} and a.status = 'submitted' and t > now()
      and not exists (select 1 from mentor_interviews i where i.application_id = a.id and i.status in ('booked', 'held'))
    on conflict (application_id, starts_at) do nothing
    returning id`);
  return result.rows.map((r) => Number(r.id));
}

export async function findApplicationStatus(db: Db, id: number) {
  const [row] = await db
    .select({ status: mentorApplications.status, userId: mentorApplications.userId })
    .from(mentorApplications)
    .where(eq(mentorApplications.id, id))
    .limit(1);
  return row ?? null;
}

/** The interviews of some applications (withdrawn offers left out), soonest first. */
export function interviewsOf(db: Db, applicationIds: number[]) {
  if (!applicationIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(mentorInterviews)
    .where(and(inArray(mentorInterviews.applicationId, applicationIds), ne(mentorInterviews.status, 'withdrawn')))
    .orderBy(asc(mentorInterviews.startsAt), asc(mentorInterviews.id));
}

/** The interviews of the user's newest application. */
export async function ownInterviews(db: Db, userId: number) {
  const [latest] = await db
    .select({ id: mentorApplications.id })
    .from(mentorApplications)
    .where(eq(mentorApplications.userId, userId))
    .orderBy(desc(mentorApplications.createdAt), desc(mentorApplications.id))
    .limit(1);
  return latest ? interviewsOf(db, [latest.id]) : [];
}

export type BookResult = { interview: typeof mentorInterviews.$inferSelect } | { refused: 'taken' | 'already_booked' | 'not_offered' };

/**
 * The applicant takes an offered time of their submitted application: one conditional UPDATE decides (still
 * offered, still ahead, theirs); the database refuses a second booking of the application
 * (mentor_interviews_one_booked_uq) and a time the admin already has (mentor_interviews_admin_no_overlap).
 * The application's other offers are withdrawn in the same transaction.
 */
export async function bookInterview(db: Db, userId: number, interviewId: number): Promise<BookResult> {
  try {
    return await db.transaction(async (tx) => {
      const [interview] = await tx
        .update(mentorInterviews)
        .set({ status: 'booked', bookedAt: sql`now()` })
        .where(
          and(
            eq(mentorInterviews.id, interviewId),
            eq(mentorInterviews.status, 'offered'),
            sql`${mentorInterviews.startsAt} > now()`,
            inArray(
              mentorInterviews.applicationId,
              tx
                .select({ id: mentorApplications.id })
                .from(mentorApplications)
                .where(and(eq(mentorApplications.userId, userId), eq(mentorApplications.status, 'submitted'))),
            ),
          ),
        )
        .returning();
      if (!interview) return { refused: 'not_offered' as const };
      await tx
        .update(mentorInterviews)
        .set({ status: 'withdrawn' })
        .where(and(eq(mentorInterviews.applicationId, interview.applicationId), eq(mentorInterviews.status, 'offered')));
      return { interview };
    });
  } catch (e) {
    const err = pgError(e);
    if (err?.code === '23P01') return { refused: 'taken' };
    if (err?.code === '23505' && err.constraint === 'mentor_interviews_one_booked_uq') return { refused: 'already_booked' };
    throw e;
  }
}

export async function findInterview(db: Db, id: number) {
  const [row] = await db.select().from(mentorInterviews).where(eq(mentorInterviews.id, id)).limit(1);
  return row ?? null;
}

/** booked -> held / no_show with the admin's note and checks, only once the interview has begun. */
export async function recordOutcome(db: Db, id: number, body: InterviewOutcomeBody) {
  const held = body.outcome === 'held';
  const [row] = await db
    .update(mentorInterviews)
    .set({
      status: body.outcome,
      outcomeNote: body.note || null,
      checkedIdentity: held && body.checked_identity,
      checkedExperience: held && body.checked_experience,
      checkedSampleSession: held && body.checked_sample_session,
      outcomeAt: sql`now()`,
    })
    .where(and(eq(mentorInterviews.id, id), eq(mentorInterviews.status, 'booked'), lte(mentorInterviews.startsAt, sql`now()`)))
    .returning();
  return row ?? null;
}

/** Booked interviews up to `days` ahead, those still waiting for an outcome included, with the applicant. */
export function upcomingInterviews(db: Db, days: number) {
  return db
    .select({ interview: mentorInterviews, applicant: person })
    .from(mentorInterviews)
    .innerJoin(mentorApplications, eq(mentorApplications.id, mentorInterviews.applicationId))
    .innerJoin(users, eq(users.id, mentorApplications.userId))
    .where(and(eq(mentorInterviews.status, 'booked'), sql`${mentorInterviews.startsAt} < now() + make_interval(days => ${days})`))
    .orderBy(asc(mentorInterviews.startsAt), asc(mentorInterviews.id));
}

/** The applicant of an application, and the admin of an interview: who to tell. */
export async function findPeople(db: Db, ids: number[]) {
  return db.select(person).from(users).where(inArray(users.id, ids));
}

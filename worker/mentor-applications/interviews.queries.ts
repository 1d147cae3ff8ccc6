import { and, asc, desc, eq, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
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

/**
 * A booked interview called off before it begins, by its applicant (`applicantId`) or an admin (null): withdrawn,
 * and the application's other times that were withdrawn only because this one was booked (never booked themselves,
 * still ahead) are offered again, so the applicant can pick another at once. Null when it is not booked, has begun,
 * or is not the applicant's.
 */
export async function cancelBookedInterview(db: Db, id: number, applicantId: number | null) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(mentorInterviews)
      .set({ status: 'withdrawn' })
      .where(
        and(
          eq(mentorInterviews.id, id),
          eq(mentorInterviews.status, 'booked'),
          sql`${mentorInterviews.startsAt} > now()`,
          applicantId === null
            ? undefined
            : inArray(
                mentorInterviews.applicationId,
                tx.select({ id: mentorApplications.id }).from(mentorApplications).where(eq(mentorApplications.userId, applicantId)),
              ),
        ),
      )
      .returning();
    if (!row) return null;
    await tx
      .update(mentorInterviews)
      .set({ status: 'offered' })
      .where(
        and(
          eq(mentorInterviews.applicationId, row.applicationId),
          eq(mentorInterviews.status, 'withdrawn'),
          isNull(mentorInterviews.bookedAt),
          sql`${mentorInterviews.startsAt} > now()`,
        ),
      );
    return row;
  });
}

/** How long after an interview's end the scheduler judges one nobody recorded an outcome for. */
export const INTERVIEW_JUDGED_AFTER_MINUTES = 30;
export const AUTO_NO_SHOW_NOTE = 'Кандидат не пришёл в комнату интервью (отмечено автоматически)';

const cameTo = (who: SQL) => sql`(
  exists (select 1 from conference_attendance at join conferences c on c.id = at.conference_id
          where c.content_type = 'mentorinterview' and c.object_id = i.id and at.user_id = ${who})
  or exists (select 1 from conference_waits w where w.content_type = 'mentorinterview' and w.object_id = i.id and w.user_id = ${who}))`;

export type JudgedInterview = { id: number; applicant_id: number; admin_id: number | null; application_id: number };

/**
 * Booked interviews that ended half an hour ago without an outcome, judged from the room's record: an applicant who
 * never came (no stay, no wait) is a no-show with the automatic note (the admin may offer times again); an applicant who
 * came to a room its admin never entered had no interview, so it is withdrawn, not held against them. One where both
 * came stays for the admin's outcome. Each is one conditional UPDATE, so a second run or the admin's own outcome in
 * between changes nothing twice.
 */
export async function judgeMissedInterviews(db: Db, limit: number) {
  const due = sql`i.status = 'booked' and i.ends_at < now() - make_interval(mins => ${INTERVIEW_JUDGED_AFTER_MINUTES})`;
  const noShows = await db.execute<JudgedInterview>(sql`
    update mentor_interviews i set status = 'no_show', outcome_at = now(), outcome_note = ${AUTO_NO_SHOW_NOTE}
    from mentor_applications a
    where i.id in (select i.id from mentor_interviews i join mentor_applications a on a.id = i.application_id
                   where ${due} and not ${cameTo(sql`a.user_id`)} order by i.ends_at limit ${limit})
      and a.id = i.application_id and ${due}
    returning i.id, a.user_id as applicant_id, i.admin_id, i.application_id`);
  const missedByAdmin = await db.execute<JudgedInterview>(sql`
    update mentor_interviews i set status = 'withdrawn'
    from mentor_applications a
    where i.id in (select i.id from mentor_interviews i join mentor_applications a on a.id = i.application_id
                   where ${due} and ${cameTo(sql`a.user_id`)} and (i.admin_id is null or not ${cameTo(sql`i.admin_id`)})
                   order by i.ends_at limit ${limit})
      and a.id = i.application_id and ${due}
    returning i.id, a.user_id as applicant_id, i.admin_id, i.application_id`);
  const num = (r: JudgedInterview) => ({ ...r, id: Number(r.id), applicant_id: Number(r.applicant_id), admin_id: r.admin_id === null ? null : Number(r.admin_id), application_id: Number(r.application_id) });
  return { noShows: noShows.rows.map(num), missedByAdmin: missedByAdmin.rows.map(num) };
}

/** A rejected application's interviews end with it: offers and a booked time are withdrawn; answers the booked ones. */
export async function withdrawInterviewsOf(db: Executor, applicationId: number) {
  const result = await db.execute<{ id: number; was: string }>(sql`
    update mentor_interviews i set status = 'withdrawn'
    from (select id, status as was from mentor_interviews
          where application_id = ${applicationId} and status in ('offered', 'booked') for update) old
    where i.id = old.id
    returning i.id, old.was`);
  return result.rows.filter((r) => r.was === 'booked').map((r) => Number(r.id));
}

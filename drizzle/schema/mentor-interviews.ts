import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { mentorApplications, users } from './users.ts';

/**
 * offered: a time an admin proposed; booked: the applicant took it (the others of the application are withdrawn);
 * held / no_show: the admin's outcome after the start; withdrawn: an offer that was not taken.
 */
export const mentorInterviewStatus = pgEnum('mentor_interview_status', ['offered', 'booked', 'held', 'no_show', 'withdrawn']);

/**
 * The vetting interview of a mentor application (decision 004, «The vetting interview»): 30 minutes with an admin
 * in our own meeting room. The admin can't be double-booked: an exclusion constraint over the booked and held
 * interviews' times (migration 0040); approving an application needs a held one (a trigger, same migration).
 */
export const mentorInterviews = pgTable(
  'mentor_interviews',
  {
    id: id(),
    applicationId: integer().notNull().references(() => mentorApplications.id, { onDelete: 'cascade' }),
    /** who offered the time and hosts the interview; null once that account is deleted (the record stays) */
    adminId: integer().references(() => users.id, { onDelete: 'set null' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: mentorInterviewStatus().notNull().default('offered'),
    bookedAt: ts(),
    /** the outcome form: what the admin saw for themselves, and a note for the other admins */
    checkedIdentity: boolean().notNull().default(false),
    checkedExperience: boolean().notNull().default(false),
    checkedSampleSession: boolean().notNull().default(false),
    outcomeNote: varchar({ length: 1000 }),
    outcomeAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    // one booked (or held) interview per application; after a no-show the admin may offer again
    uniqueIndex('mentor_interviews_one_booked_uq').on(t.applicationId).where(sql`${t.status} in ('booked', 'held')`),
    uniqueIndex('mentor_interviews_offer_uq').on(t.applicationId, t.startsAt),
    index().on(t.startsAt),
    check('mentor_interviews_30_minutes', sql`${t.endsAt} = ${t.startsAt} + interval '30 minutes'`),
    check('mentor_interviews_outcome', sql`(${t.status} in ('held', 'no_show')) = (${t.outcomeAt} is not null)`),
    check('mentor_interviews_held_checked', sql`${t.status} <> 'held' or (${t.checkedIdentity} and ${t.checkedExperience})`),
  ],
);
